import CICUMessages
import Foundation
import Synchronization

/// Every shipped language: the folder's `en-US.pot` (the template) and its `<language>.po`
/// translations, each loaded and checked once at start, and the pseudo-locale `en-XA` made from
/// the template. Which language a request gets is chosen here.
public struct Localization: Sendable {
    public let template: Catalogue
    /// Every language a person can be given, the template's first, then by tag.
    public let languages: [LanguageTag]
    private let catalogues: [LanguageTag: Catalogue]
    /// Each language's formats (the pseudo-locale's are US English's), opened once at start.
    private let formats: [LanguageTag: LocalFormats]
    /// Headers already matched: a browser sends the same one with every request, and ICU builds a
    /// LocaleMatcher for each call.
    private let negotiated = NegotiationCache()

    public init(folder: URL) throws(LocalizationError) {
        let templateFile = folder.appendingPathComponent("\(LanguageTag.template).pot")
        template = try Catalogue.template(file: templateFile)
        var catalogues = [LanguageTag.template: template]
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw LocalizationError(.unreadableFile, "The catalogues' folder \(folder.path) cannot be listed: \(error.localizedDescription)")
        }
        for name in names.sorted() where name.hasSuffix(".po") {
            guard let language = LanguageTag(String(name.dropLast(3))) else {
                throw LocalizationError(.unreadableFile, "\(name) is not named after a language (de.po, pt-BR.po)")
            }
            catalogues[language] = try Catalogue.translation(file: folder.appendingPathComponent(name), language: language, template: template)
        }
        languages = [LanguageTag.template] + catalogues.keys.filter { $0 != .template }.sorted()
        catalogues[.pseudo] = try Catalogue.pseudo(from: template)
        self.catalogues = catalogues
        var formats: [LanguageTag: LocalFormats] = [:]
        for language in languages { formats[language] = try LocalFormats(language: language) }
        formats[.pseudo] = formats[.template]
        self.formats = formats
    }

    /// A shipped language's catalogue (or the pseudo-locale's).
    public func catalogue(_ language: LanguageTag) -> Catalogue? { catalogues[language] }

    /// How `language` writes dates, numbers and amounts; US English's for a language not shipped.
    public func formats(for language: LanguageTag) -> LocalFormats {
        formats[language] ?? formats[.template]!
    }

    /// The words of `language`, US English for one not shipped.
    public func localizer(for language: LanguageTag) -> Localizer {
        Localizer(catalogue: catalogues[language] ?? template, template: template)
    }

    /// The shipped language an HTTP `Accept-Language` header asks for first, by ICU's
    /// `uloc_acceptLanguageFromHTTP` (its LocaleMatcher: `fr-CA` gets `fr`, `en-AU` the closest English,
    /// `pt` `pt-BR`); nil when it names none of them (the caller falls back to US English).
    public func negotiate(acceptLanguage header: String) -> LanguageTag? {
        guard !header.isEmpty, header.utf8.count <= 1024 else { return nil }
        return negotiated.value(for: header) { match(header) }
    }

    private func match(_ header: String) -> LanguageTag? {
        let index = languages.map(\.tag).withCStrings { hp_accept_language(header, $0, Int32($0.count)) }
        guard index >= 0 else { return nil }
        // ICU falls back to its default for a language it cannot match (Klingon gets US English):
        // only a language the header names is taken, in whichever of its regions ICU found closest.
        let chosen = languages[Int(index)]
        return Self.primaryLanguages(in: header).contains(chosen.primaryLanguage) ? chosen : nil
    }

    /// The primary language subtags an `Accept-Language` header names (`fr-CA,fr;q=0.9` → fr), lower-cased.
    static func primaryLanguages(in header: String) -> Set<String> {
        Set(header.split(separator: ",").compactMap { range in
            let tag = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            return tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        })
    }

    /// The language a `?lang=` value names: a shipped one by its tag or its closest match
    /// (`de-AT` → `de`), or the pseudo-locale; nil for anything else.
    public func language(named value: String) -> LanguageTag? {
        guard let tag = LanguageTag(value) else { return nil }
        if catalogues[tag] != nil { return tag }
        return negotiate(acceptLanguage: tag.tag)
    }
}

/// The languages the last few hundred distinct headers got; forgotten all at once when full.
private final class NegotiationCache: Sendable {
    private let entries = Mutex<[String: LanguageTag?]>([:])
    private static let capacity = 256

    func value(for header: String, _ make: () -> LanguageTag?) -> LanguageTag? {
        if let known = entries.withLock({ $0[header] }) { return known }
        let made = make()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[header] = made
        }
        return made
    }
}

private extension Array where Element == String {
    func withCStrings<R>(_ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
