import Localization

extension InputField {
    /// A language Homepwner ships, by its BCP 47 tag (`de`, `pt-BR`; any letter case), or null (or a
    /// form's blank) for the one the browser asks for.
    static func language(_ name: String, _ key: WritableKeyPath<Input, LanguageTag??>, among localization: Localization = .bundled) -> Self {
        let tags = localization.languages.map(\.tag).joined(separator: ", ")
        func read(_ text: String, into input: inout Input, _ reading: inout FieldReading) {
            guard let language = LanguageTag(text), localization.languages.contains(language) else {
                return reading.refuse("\(name) “\(text.prefix(20))” is not a language Homepwner speaks. Give one of \(tags), or null for the language the browser asks for.")
            }
            input[keyPath: key] = .some(language)
        }
        return InputField(name: name, api: "Language", expected: "null or a language tag (\(tags))", json: { value, input, reading in
            switch value {
            case .null: input[keyPath: key] = .some(nil)
            case .string(let text): read(text, into: &input, &reading)
            default: reading.wrongKind(value)
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.isEmpty { input[keyPath: key] = .some(nil) } else { read(text, into: &input, &reading) }
        })
    }
}
