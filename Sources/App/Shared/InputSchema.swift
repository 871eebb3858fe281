import Foundation
import HTTPServer
import Inventory
import Messages

/// What reading an input depends on besides the input: amounts are in the household's currency, a
/// link's expiry counts from now.
struct InputContext {
    var currency: Currency = .usd
    var now: Date = .distantPast
    /// How a form's numbers are written; an API body's are always as the API writes them.
    var numbers: TypedNumbers = .usEnglish
}

/// One field's value being read: what messages call it, where its problems point.
struct FieldReading {
    let context: InputContext
    /// The field as messages name it (`quantityLost`, `disposed.date`; a form's label, `Purchase price`).
    let name: String
    /// The same, in the reader's language where it is a form's label.
    var subject: Message
    /// The field as errors point at it (`items[0].quantityLost`).
    let path: String
    /// What the field must be, in words ("text", "true or false").
    let expected: Message
    var problems: [FieldError] = []

    init(context: InputContext, name: String, path: String, expected: Message) {
        self.init(context: context, subject: Message(english: name), path: path, expected: expected)
    }

    /// A field named in messages by `subject`: a form's label from the catalogue, or an API name.
    init(context: InputContext, subject: Message, path: String, expected: Message) {
        self.context = context
        self.name = subject.english
        self.subject = subject
        self.path = path
        self.expected = expected
    }

    mutating func refuse(_ message: Message) { problems.append(FieldError(field: path, message)) }

    /// "name must be text, not a number.": the one wording of a value of the wrong kind.
    mutating func wrongKind(_ value: JSONValue) {
        refuse(Message("error.json.wrong-kind", "\(name) must be \(expected.english), not \(value.kindDescription).",
                       ["name": .text(name), "expected": .message(expected), "kind": .message(value.kind)]))
    }
}

/// One field of an input, declared once: its name, its type as `openapi.json` describes it, and how a
/// JSON value and a form's text become part of the input (`InputField+Kinds.swift` has the kinds).
struct InputField<Input> {
    let name: String
    /// Its type in `openapi.json`: a `type` (`string`, `integer|null`) or a component's name (`Amount`).
    let api: String
    /// What it must be, for "… must be …, not …".
    let expected: Message
    /// The message when a JSON object leaves it out; nil when it may be left out.
    var missing: ((InputContext) -> Message)?
    /// What a form calls it, when its messages name the field by its label.
    var label: Message?
    let json: (JSONValue, inout Input, inout FieldReading) -> Void
    /// Its text from a form (nil when the form did not send it); nil when no form has the field.
    var form: ((String?, inout Input, inout FieldReading) -> Void)?

    /// Its `missing` message, making it required.
    func required(_ message: @escaping (InputContext) -> Message) -> Self {
        var field = self
        field.missing = message
        return field
    }

    /// A form's label for it, named in the form's messages.
    func labelled(_ label: Message) -> Self {
        var field = self
        field.label = label
        return field
    }
}

/// An input's fields, from which its JSON reader, its form reader and its check against `openapi.json`
/// come. A new field is one line here plus its line in the API description.
struct InputSchema<Input> {
    /// Its schema's name under `components/schemas` in `openapi.json`.
    let api: String
    let fields: [InputField<Input>]
    /// Fields the API shows but a client cannot set: accepted and ignored, so a fetched one can be sent back.
    var readOnly: Set<String> = []
    /// The message for a field it does not have.
    let unknown: (String) -> Message

    var names: [String] { fields.map(\.name) }
    /// `name, serialNumber, quantity`: the fields as messages list them.
    var listedNames: String { names.joined(separator: ", ") }

    /// Reads a JSON object into `input`, reporting every wrong type, unknown and missing field at once
    /// (in the order of their names). `prefix` is where the object is in the document (`items[0]`).
    func read(json object: [String: JSONValue], into input: inout Input, context: InputContext, at prefix: String? = nil,
              problems: inout [FieldError]) {
        func path(_ key: String) -> String { prefix.map { "\($0).\(key)" } ?? key }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let field = fields.first(where: { $0.name == key }) else {
                if !readOnly.contains(key) { problems.append(FieldError(field: path(key), unknown(key))) }
                continue
            }
            var reading = FieldReading(context: context, name: key, path: path(key), expected: field.expected)
            field.json(value, &input, &reading)
            problems += reading.problems
        }
        for field in fields where object[field.name] == nil {
            if let missing = field.missing { problems.append(FieldError(field: path(field.name), missing(context))) }
        }
    }

    /// Reads a form's texts (by field name) into `input`, every problem at once, in the fields' order.
    func read(form texts: [String: String], into input: inout Input, context: InputContext, problems: inout [FieldError]) {
        for field in fields {
            guard let form = field.form else { continue }
            var reading = FieldReading(context: context, subject: field.label ?? Message(english: field.name), path: field.name, expected: field.expected)
            form(texts[field.name], &input, &reading)
            problems += reading.problems
        }
    }

    /// What `openapi.json` must say of it.
    var description: InputDescription {
        InputDescription(api: api, types: Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.api) }),
                         required: Set(fields.filter { $0.missing != nil }.map(\.name)))
    }
}

/// An input as its schema in `openapi.json` should describe it: its properties' types and which are
/// required; or, for a map (`additional`), the type of every value.
struct InputDescription: Equatable {
    let api: String
    var types: [String: String] = [:]
    var required: Set<String> = []
    var additional: String?

    /// The type an `openapi.json` schema gives: a component's name for a reference, `type` (its
    /// members joined by `|`), or the types of `anyOf`/`oneOf` joined by `|`.
    static func type(of schema: JSONValue) -> String {
        guard case .object(let members) = schema else { return "?" }
        if case .string(let reference)? = members["$ref"] { return String(reference.split(separator: "/").last ?? "") }
        switch members["type"] {
        case .string(let type)?: return type
        case .array(let types)?: return types.map { if case .string(let type) = $0 { type } else { "?" } }.joined(separator: "|")
        default: break
        }
        if case .array(let choices)? = members["anyOf"] ?? members["oneOf"] { return choices.map(type(of:)).joined(separator: "|") }
        return "?"
    }

    /// How `document` differs from this description, in sentences (none when they agree).
    func mismatches(in document: JSONValue) -> [String] {
        guard case .object(let root) = document, case .object(let components)? = root["components"],
              case .object(let schemas)? = components["schemas"], case .object(let schema)? = schemas[api]
        else { return ["openapi.json has no schema \(api)."] }
        if let additional {
            let described = schema["additionalProperties"].map(Self.type(of:)) ?? "none"
            return described == additional ? [] : ["\(api): every value is read as \(additional), but openapi.json says \(described)."]
        }
        var properties: [String: JSONValue] = [:]
        if case .object(let members)? = schema["properties"] { properties = members }
        var describedRequired: Set<String> = []
        if case .array(let names)? = schema["required"] {
            for case .string(let name) in names { describedRequired.insert(name) }
        }
        var problems: [String] = []
        for name in types.keys.sorted() {
            guard let property = properties[name] else {
                problems.append("\(api).\(name) is read but openapi.json does not describe it.")
                continue
            }
            let described = Self.type(of: property)
            if described != types[name] { problems.append("\(api).\(name) is read as \(types[name]!), but openapi.json says \(described).") }
            if required.contains(name) != describedRequired.contains(name) {
                problems.append("\(api).\(name) is \(required.contains(name) ? "" : "not ")required when read, but openapi.json says otherwise.")
            }
        }
        for name in properties.keys.sorted() where types[name] == nil {
            problems.append("\(api).\(name) is in openapi.json but not read.")
        }
        return problems
    }
}

extension FormFields {
    /// The first value of each name, as a form schema reads them.
    var firstValues: [String: String] { Dictionary(pairs.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }) }
}
