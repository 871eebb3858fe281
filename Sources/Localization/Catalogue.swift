import Foundation

/// One language's messages, by key, each compiled by ICU for that language when loaded: a message
/// that does not parse, or that names a placeholder its template does not, stops the load.
public struct Catalogue: Sendable {
    public let language: LanguageTag
    /// Each key's US-English text as the catalogue was translated from (`msgid`).
    public let sources: [String: String]
    /// Each translated key's message as written (`msgstr`; the template's `msgid`).
    public let patterns: [String: String]
    let messages: [String: CompiledMessage]

    /// The template (`en-US.pot`): its `msgid`s are the US-English messages.
    public static func template(file: URL) throws(LocalizationError) -> Catalogue {
        let read = try POFile(path: file.path).messages
        return try Catalogue(language: .template, file: file, entries: read.map { ($0, $0.source) }, template: nil)
    }

    /// A translation (`de.po`): its translated, not fuzzy messages; placeholders checked against the template's.
    public static func translation(file: URL, language: LanguageTag, template: Catalogue) throws(LocalizationError) -> Catalogue {
        let read = try POFile(path: file.path).messages
        return try Catalogue(language: language, file: file,
                             entries: read.map { ($0, $0.isFuzzy ? "" : $0.translation) }, template: template)
    }

    /// The pseudo-locale: every template message accented and padded, its placeholders and syntax kept.
    public static func pseudo(from template: Catalogue) throws(LocalizationError) -> Catalogue {
        var patterns: [String: String] = [:], messages: [String: CompiledMessage] = [:]
        for (key, pattern) in template.patterns {
            let made = try CompiledMessage.pseudo(pattern)
            patterns[key] = made
            messages[key] = try CompiledMessage(made, language: .pseudo)
        }
        return Catalogue(language: .pseudo, sources: template.sources, patterns: patterns, messages: messages)
    }

    private init(language: LanguageTag, sources: [String: String], patterns: [String: String], messages: [String: CompiledMessage]) {
        self.language = language
        self.sources = sources
        self.patterns = patterns
        self.messages = messages
    }

    private init(language: LanguageTag, file: URL, entries: [(POMessage, String)], template: Catalogue?) throws(LocalizationError) {
        var sources: [String: String] = [:], patterns: [String: String] = [:], messages: [String: CompiledMessage] = [:]
        let name = file.lastPathComponent
        for (entry, pattern) in entries {
            guard !entry.key.isEmpty else {
                throw LocalizationError(.missingKey, "\(name): the message “\(entry.source)” has no key; give it a msgctxt")
            }
            guard !entry.hasGettextPlural else {
                throw LocalizationError(.gettextPlural, "\(name): \(entry.key) has a msgid_plural; write its plural in ICU syntax in one message")
            }
            guard sources[entry.key] == nil else {
                throw LocalizationError(.duplicateKey, "\(name): \(entry.key) is there twice")
            }
            sources[entry.key] = entry.source
            guard !pattern.isEmpty else { continue }
            let message: CompiledMessage
            do { message = try CompiledMessage(pattern, language: language) } catch {
                throw LocalizationError(.badMessage, "\(name): \(entry.key) does not parse: \(error.message)")
            }
            if let template, let expected = template.messages[entry.key]?.argumentNames {
                let unknown = message.argumentNames.subtracting(expected)
                guard unknown.isEmpty else {
                    throw LocalizationError(.unknownPlaceholder,
                                            "\(name): \(entry.key) names \(unknown.sorted().map { "{\($0)}" }.joined(separator: ", ")), which the template does not")
                }
            }
            patterns[entry.key] = pattern
            messages[entry.key] = message
        }
        self.init(language: language, sources: sources, patterns: patterns, messages: messages)
    }

    /// The message `key` with its arguments; nil when the catalogue has no translation of it.
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) throws(LocalizationError) -> String? {
        guard let message = messages[key] else { return nil }
        do { return try message.format(arguments) } catch {
            throw LocalizationError(.formatting, "\(language) \(key): \(error.message)")
        }
    }

    /// The names of the placeholders message `key` uses.
    public func placeholders(of key: String) -> Set<String>? { messages[key]?.argumentNames }

    /// What a translator still has to do, against the template: keys not translated (or fuzzy),
    /// keys the template no longer has, translations made from another English text than the
    /// template's, placeholders the translation leaves out or adds. Empty when complete.
    public func problems(against template: Catalogue) -> [String] {
        var problems: [String] = []
        for key in template.patterns.keys.sorted() {
            guard let names = placeholders(of: key) else { problems.append("\(language): \(key) is not translated"); continue }
            if sources[key] != template.sources[key] {
                problems.append("\(language): \(key) was translated from “\(sources[key] ?? "")”, the template now says “\(template.sources[key] ?? "")”")
            }
            let expected = template.placeholders(of: key) ?? []
            if names != expected {
                problems.append("\(language): \(key) names \(names.sorted()), the template \(expected.sorted())")
            }
        }
        for key in sources.keys.sorted() where template.sources[key] == nil {
            problems.append("\(language): \(key) is not in the template")
        }
        return problems
    }
}
