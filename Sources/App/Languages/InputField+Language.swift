import Messages
import Localization

extension InputField {
    /// A language Homepwner ships, by its BCP 47 tag (`de`, `pt-BR`; any letter case), or null (or a
    /// form's blank) for the one the browser asks for.
    static func language(_ name: String, _ key: WritableKeyPath<Input, LanguageTag??>) -> Self {
        language(name, nullable: true) { input, language in input[keyPath: key] = .some(language) }
    }

    /// A language Homepwner ships; with `nullable`, null (or a form's blank) sets nil.
    static func language(_ name: String, nullable: Bool, among localization: Localization = .bundled,
                         set: @escaping (inout Input, LanguageTag?) -> Void) -> Self {
        let tags = localization.languages.map(\.tag).joined(separator: ", ")
        func read(_ text: String, into input: inout Input, _ reading: inout FieldReading) {
            guard let language = LanguageTag(text), localization.languages.contains(language) else {
                let arguments: [String: Message.Argument] = ["name": .text(name), "text": .text(String(text.prefix(20))), "tags": .text(tags)]
                return reading.refuse(nullable
                    ? Message("error.json.not-a-language-or-null", "\(name) “\(text.prefix(20))” is not a language Homepwner speaks. Give one of \(tags), or null for the language the browser asks for.", arguments)
                    : Message("error.json.not-a-language", "\(name) “\(text.prefix(20))” is not a language Homepwner speaks. Give one of \(tags).", arguments))
            }
            set(&input, language)
        }
        return InputField(name: name, api: nullable ? "Language" : "LanguageTag", expected: nullable ? Message("error.json.expected.language-or-null", "null or a language tag (\(tags))", ["tags": .text(tags)])
                            : Message("error.json.expected.language", "a language tag (\(tags))", ["tags": .text(tags)]),
                          json: { value, input, reading in
            switch value {
            case .null where nullable: set(&input, nil)
            case .string(let text): read(text, into: &input, &reading)
            default: reading.wrongKind(value)
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.isEmpty, nullable { set(&input, nil) } else { read(text, into: &input, &reading) }
        })
    }
}
