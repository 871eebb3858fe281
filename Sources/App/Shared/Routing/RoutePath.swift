import Foundation
import HTTPServer

/// A route's path, spelled once: the pattern the router matches (`/items/{id}`) and the URLs that
/// views, redirects and scripts link to (`/items/7`).
struct RoutePath: Sendable {
    /// The group whose prefix comes first (`/api/v1`), if any.
    let group: RouteGroup?
    /// The pattern after the group's prefix.
    let relativePattern: String

    init(_ pattern: String, in group: RouteGroup? = nil) {
        self.group = group
        self.relativePattern = pattern
    }

    /// The whole pattern, as the router holds it.
    var pattern: String { (group?.prefix ?? "") + relativePattern }

    /// The URL with each `{parameter}`, in order, replaced by a value escaped as a path segment.
    func url(_ values: any CustomStringConvertible...) -> String {
        var remaining = values[...]
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{") else { return String(segment) }
            guard let value = remaining.popFirst() else { preconditionFailure("\(pattern) takes more values than \(values)") }
            // A `{rest...}` parameter spans segments, so its slashes stay.
            let allowed = segment.hasSuffix("...}") ? Self.pathCharacters : Self.segmentCharacters
            return value.description.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }
        precondition(remaining.isEmpty, "\(pattern) takes fewer values than \(values)")
        return segments.joined(separator: "/")
    }

    /// The pattern as a template for scripts, which put their values in the `{parameter}` places.
    var template: String { pattern }

    private static let pathCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ";?#"))
    private static let segmentCharacters = pathCharacters.subtracting(CharacterSet(charactersIn: "/"))
}
