/// An entry's name, checked to be a plain relative path that stays inside the folder it is unpacked
/// into: no absolute path, no `..`, no backslash, no drive letter, no control characters.
public struct ArchivePath: Sendable, Equatable, CustomStringConvertible {
    /// The parts, from the top: `["photos", "ab….jpg"]`.
    public let components: [String]

    public static let maxLength = 1_024
    public static let maxComponentLength = 255
    public static let maxDepth = 32

    /// Checks `text` (a trailing `/` marks a folder and is dropped); throws `unsafePath` saying why not.
    public init(_ text: String) throws(ArchiveError) {
        func refuse(_ reason: String) -> ArchiveError { .unsafePath(path: text, reason: reason) }
        guard !text.isEmpty else { throw refuse("has no name") }
        guard text.utf8.count <= Self.maxLength else { throw refuse("is longer than \(Self.maxLength) bytes") }
        guard !text.hasPrefix("/") else { throw refuse("is an absolute path") }
        guard !text.contains("\\") else { throw refuse("contains a backslash") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refuse("contains control characters")
        }
        var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        if let first = parts.first, first.count == 2, first.hasSuffix(":") { throw refuse("starts with a drive letter") }
        guard parts.count <= Self.maxDepth else { throw refuse("is more than \(Self.maxDepth) folders deep") }
        for part in parts {
            if part == ".." { throw refuse("climbs out of its folder with “..”") }
            if part.isEmpty || part == "." { throw refuse("has an empty or “.” part") }
            if part.utf8.count > Self.maxComponentLength { throw refuse("has a part longer than \(Self.maxComponentLength) bytes") }
        }
        components = parts
    }

    public var description: String { components.joined(separator: "/") }
}
