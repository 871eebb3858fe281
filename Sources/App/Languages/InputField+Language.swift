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
        let orNull = nullable ? ", or null for the language the browser asks for" : ""
        func read(_ text: String, into input: inout Input, _ reading: inout FieldReading) {
            guard let language = LanguageTag(text), localization.languages.contains(language) else {
                return reading.refuse("\(name) “\(text.prefix(20))” is not a language Homepwner speaks. Give one of \(tags)\(orNull).")
            }
            set(&input, language)
        }
        return InputField(name: name, api: nullable ? "Language" : "LanguageTag", expected: (nullable ? "null or " : "") + "a language tag (\(tags))",
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
