import Foundation
import HTTPTestClient

/// Just enough HTML reading for tests: find a tag, read an attribute, undo the five escapes.
enum HTMLInspection {
    /// Every start tag `<name …>` in `html`.
    static func tags(_ name: String, in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<\(name)(\\s[^>]*)?>", options: [.caseInsensitive])
        let range = NSRange(html.startIndex..., in: html)
        return pattern.matches(in: html, range: range).compactMap { Range($0.range, in: html).map { String(html[$0]) } }
    }

    /// The value of `attribute` in a start tag, unescaped.
    static func attribute(_ attribute: String, of tag: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: "\\s\(attribute)=\"([^\"]*)\"")
        guard let match = pattern.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)),
              let range = Range(match.range(at: 1), in: tag) else { return nil }
        return unescape(String(tag[range]))
    }

    /// The `<input>` named `name`, if any.
    static func input(named name: String, in html: String) -> String? {
        tags("input", in: html).first { attribute("name", of: $0) == name }
    }

    /// What a browser would show in the input named `name`.
    static func value(ofInput name: String, in html: String) -> String? {
        input(named: name, in: html).flatMap { attribute("value", of: $0) }
    }

    /// The text of the element whose `id` is `id` (no nested elements), unescaped.
    static func text(ofElementWithID id: String, in html: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: "<(\\w+)[^>]*\\sid=\"\(NSRegularExpression.escapedPattern(for: id))\"[^>]*>([^<]*)</\\1>")
        guard let match = pattern.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
              let range = Range(match.range(at: 2), in: html) else { return nil }
        return unescape(String(html[range]))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}

extension TestApp {
    /// The `version` a browser would send back from the item's detail page.
    func formVersion(of id: Int64) throws -> String {
        let page = try client.get("/items/\(id)", headers: ["Accept": "text/html"])
        guard page.status == 200, let version = HTMLInspection.value(ofInput: "version", in: page.text) else {
            throw TestAppError("no version field on /items/\(id): \(page.status)")
        }
        return version
    }
}
