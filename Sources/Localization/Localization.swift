import CICUMessages
import Foundation
import Synchronization

/// Every shipped language: the folder's `en-US.pot` (the template) and its `<language>.po`
/// translations, and the pseudo-locale `en-XA` made from the template. Which language a request gets
/// is chosen here. Each translation is loaded and checked once: all of them at once (`.everyLanguageNow`,
/// what the catalogue tests use), or each the first time it is asked for (`.eachLanguageWhenAsked`, the
/// server's: reading a catalogue is most of a start's processor time, and the tests have checked every
/// shipped one).
public struct Localization: Sendable {
    public let template: Catalogue
    /// Every language a person can be given, the template's first, then by tag.
    public let languages: [LanguageTag]
    /// Each translation's file, by its language.
    private let files: [LanguageTag: URL]
    private let loaded: Loaded
    /// Headers already matched: a browser sends the same one with every request, and ICU builds a
    /// LocaleMatcher for each call.
    private let negotiated = NegotiationCache()

    public enum Loading: Sendable {
        case everyLanguageNow
        case eachLanguageWhenAsked
    }

    /// Each language's catalogue and formats once loaded.
    private final class Loaded: Sendable {
        let languages = Mutex<[LanguageTag: (catalogue: Catalogue, formats: LocalFormats)]>([:])
    }

    public init(folder: URL, loading: Loading = .everyLanguageNow) throws(LocalizationError) {
        let templateFile = folder.appendingPathComponent("\(LanguageTag.template).pot")
        template = try Catalogue.template(file: templateFile)
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw LocalizationError(.unreadableFile, "The catalogues' folder \(folder.path) cannot be listed: \(error.localizedDescription)")
        }
        var files: [LanguageTag: URL] = [:]
        for name in names.sorted() where name.hasSuffix(".po") {
            guard let language = LanguageTag(String(name.dropLast(3))) else {
                throw LocalizationError(.unreadableFile, "\(name) is not named after a language (de.po, pt-BR.po)")
            }
            files[language] = folder.appendingPathComponent(name)
        }
        self.files = files
        languages = [LanguageTag.template] + files.keys.sorted()
        loaded = Loaded()
        _ = try load(.template)
        if loading == .everyLanguageNow {
            for language in languages + [.pseudo] { _ = try load(language) }
        }
    }

    /// `language`'s catalogue and formats, loaded now if they were not yet (the pseudo-locale's formats
    /// are US English's).
    private func load(_ language: LanguageTag) throws(LocalizationError) -> (catalogue: Catalogue, formats: LocalFormats) {
        if let known = loaded.languages.withLock({ $0[language] }) { return known }
        let catalogue: Catalogue
        switch language {
        case .template: catalogue = template
        case .pseudo: catalogue = try Catalogue.pseudo(from: template)
        default:
            guard let file = files[language] else { return try load(.template) }
            catalogue = try Catalogue.translation(file: file, language: language, template: template)
        }
        let formats = try LocalFormats(language: language == .pseudo ? .template : language)
        return loaded.languages.withLock { languages in
            if let other = languages[language] { return other }
            languages[language] = (catalogue, formats)
            return (catalogue, formats)
        }
    }

    /// A language loaded when first asked for: a shipped catalogue that does not load is a build to
    /// fix (the catalogue tests find it first), never a page half in one language.
    private func shipped(_ language: LanguageTag) -> (catalogue: Catalogue, formats: LocalFormats) {
        do { return try load(language) } catch {
            fatalError("The \(language.tag) message catalogue does not load: \(error)")
        }
    }

    /// Whether `language` is shipped (or is the pseudo-locale).
    private func isShipped(_ language: LanguageTag) -> Bool {
        language == .template || language == .pseudo || files[language] != nil
    }

    /// A shipped language's catalogue (or the pseudo-locale's).
    public func catalogue(_ language: LanguageTag) -> Catalogue? {
        isShipped(language) ? shipped(language).catalogue : nil
    }

    /// How `language` writes dates, numbers and amounts; US English's for a language not shipped.
    public func formats(for language: LanguageTag) -> LocalFormats {
        shipped(isShipped(language) ? language : .template).formats
    }

    /// The words of `language`, US English for one not shipped.
    public func localizer(for language: LanguageTag) -> Localizer {
        Localizer(catalogue: catalogue(language) ?? template, template: template)
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
        if isShipped(tag) { return tag }
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
