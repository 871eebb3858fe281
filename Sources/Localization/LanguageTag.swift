import CICUMessages

/// A language as BCP 47 writes it (`en-US`, `pt-BR`, `ar`): what a catalogue is named after, what
/// `<html lang>` says, and what ICU formats for.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    public let tag: String

    /// The tag as written, its language lower-cased and its region upper-cased (`pt-br` → `pt-BR`);
    /// nil unless it is letters and digits in parts of 1–8 joined by `-` or `_`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard !parts.isEmpty, parts.count <= 8,
              parts.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
              parts[0].count >= 2, parts[0].allSatisfy(\.isLetter) else { return nil }
        tag = parts.enumerated().map { index, part in
            index == 0 ? part.lowercased() : part.count == 2 ? part.uppercased() : part.count == 4 ? part.prefix(1).uppercased() + part.dropFirst().lowercased() : part.lowercased()
        }.joined(separator: "-")
    }

    /// US English: the template every catalogue is translated from, and the fallback of every message.
    public static let template = LanguageTag("en-US")!
    /// The pseudo-locale made from the template for tests: accented, 40 % longer.
    public static let pseudo = LanguageTag("en-XA")!

    /// Whether the language is written right to left (ICU's `uloc_isRightToLeft`: Arabic, Hebrew, Persian…).
    public var isRightToLeft: Bool { hp_locale_is_right_to_left(tag) != 0 }

    /// The language without its script or region (`pt-BR` → `pt`).
    public var primaryLanguage: String { String(tag.prefix { $0 != "-" }) }

    /// `rtl` or `ltr`, for `<html dir>`.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    public var description: String { tag }

    public static func < (left: LanguageTag, right: LanguageTag) -> Bool { left.tag < right.tag }
}
