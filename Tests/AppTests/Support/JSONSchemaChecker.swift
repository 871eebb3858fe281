@testable import App
import Foundation

/// The part of JSON Schema 2020-12 the OpenAPI document uses — `$ref` inside the document, `type`,
/// `enum`, `const`, `pattern`, lengths, bounds, `properties`, `required`, `additionalProperties`,
/// `items`, `anyOf`, `oneOf`, `allOf` — enough to prove an answer has the documented shape. Not a
/// general validator: `format` and keywords the document does not use are not checked.
struct JSONSchemaChecker {
    let document: JSONValue

    /// What is wrong with `value` against `schema`, each naming where (`$.image.width`); empty when it fits.
    func problems(_ value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let keywords) = schema else { return schema == .bool(false) ? ["\(path): nothing is allowed here"] : [] }
        var problems: [String] = []
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else { return ["\(path): \(reference) resolves to nothing"] }
            problems += self.problems(value, against: target, at: path)
        }
        if let types = keywords["type"]?.strings, !types.contains(where: { Self.has(value, type: $0) }) {
            problems.append("\(path): \(value.kindDescription) is not \(types.joined(separator: " or "))")
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            problems.append("\(path): \(value) is none of the enum's values")
        }
        if let constant = keywords["const"], constant != value { problems.append("\(path): \(value) is not \(constant)") }
        problems += stringProblems(value, keywords, at: path) + numberProblems(value, keywords, at: path)
        problems += objectProblems(value, keywords, at: path) + arrayProblems(value, keywords, at: path)
        if case .array(let branches)? = keywords["allOf"] {
            for branch in branches { problems += self.problems(value, against: branch, at: path) }
        }
        if case .array(let branches)? = keywords["anyOf"], !branches.contains(where: { self.problems(value, against: $0, at: path).isEmpty }) {
            problems.append("\(path): fits no branch of anyOf: " + branches.flatMap { self.problems(value, against: $0, at: path) }.joined(separator: "; "))
        }
        if case .array(let branches)? = keywords["oneOf"] {
            let fitting = branches.filter { self.problems(value, against: $0, at: path).isEmpty }.count
            if fitting != 1 { problems.append("\(path): fits \(fitting) branches of oneOf, not one") }
        }
        return problems
    }

    /// The value a local reference (`#/components/schemas/Item`) points at.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node = document
        for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node {
            case .object(let members): guard let next = members[key] else { return nil }; node = next
            case .array(let elements): guard let index = Int(key), elements.indices.contains(index) else { return nil }; node = elements[index]
            default: return nil
            }
        }
        return node
    }

    /// `value` itself, or what it refers to when it is a `{"$ref": …}` (parameters, responses, headers).
    func dereferenced(_ value: JSONValue) -> JSONValue? {
        guard case .string(let reference)? = value["$ref"] else { return value }
        return resolve(reference).flatMap(dereferenced)
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
             ("integer", .integer), ("number", .integer), ("number", .number): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }

    private func stringProblems(_ value: JSONValue, _ keywords: [String: JSONValue], at path: String) -> [String] {
        guard case .string(let text) = value else { return [] }
        var problems: [String] = []
        let length = text.unicodeScalars.count
        if let minimum = keywords["minLength"]?.int, length < minimum { problems.append("\(path): shorter than \(minimum)") }
        if let maximum = keywords["maxLength"]?.int, length > maximum { problems.append("\(path): longer than \(maximum)") }
        if case .string(let pattern)? = keywords["pattern"] {
            let matches = (try? NSRegularExpression(pattern: pattern))
                .map { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil } ?? false
            if !matches { problems.append("\(path): “\(text.prefix(60))” does not match \(pattern)") }
        }
        return problems
    }

    private func numberProblems(_ value: JSONValue, _ keywords: [String: JSONValue], at path: String) -> [String] {
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .number(let real): number = real
        default: return []
        }
        var problems: [String] = []
        if let minimum = keywords["minimum"]?.double, number < minimum { problems.append("\(path): \(number) is below \(minimum)") }
        if let maximum = keywords["maximum"]?.double, number > maximum { problems.append("\(path): \(number) is above \(maximum)") }
        return problems
    }

    private func objectProblems(_ value: JSONValue, _ keywords: [String: JSONValue], at path: String) -> [String] {
        guard case .object(let members) = value else { return [] }
        var problems: [String] = []
        let properties = keywords["properties"]?.members ?? [:]
        for name in keywords["required"]?.strings ?? [] where members[name] == nil {
            problems.append("\(path): lacks \(name)")
        }
        if let maximum = keywords["maxProperties"]?.int, members.count > maximum { problems.append("\(path): more than \(maximum) members") }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            if let schema = properties[name] {
                problems += self.problems(member, against: schema, at: "\(path).\(name)")
            } else if let extra = keywords["additionalProperties"] {
                if extra == .bool(false) {
                    problems.append("\(path): \(name) is not documented")
                } else {
                    problems += self.problems(member, against: extra, at: "\(path).\(name)")
                }
            }
        }
        return problems
    }

    private func arrayProblems(_ value: JSONValue, _ keywords: [String: JSONValue], at path: String) -> [String] {
        guard case .array(let elements) = value else { return [] }
        var problems: [String] = []
        if let maximum = keywords["maxItems"]?.int, elements.count > maximum { problems.append("\(path): more than \(maximum) elements") }
        if let schema = keywords["items"] {
            for (index, element) in elements.enumerated() { problems += self.problems(element, against: schema, at: "\(path)[\(index)]") }
        }
        return problems
    }
}

extension JSONValue {
    /// Parses any JSON text (the app's own `JSONValue.object(from:)` refuses depths a document has).
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        JSONValue(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var elements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A string, or an array of strings (`"type": ["string", "null"]`, `required`).
    var strings: [String]? {
        switch self {
        case .string(let text): [text]
        case .array(let elements): elements.compactMap(\.string)
        default: nil
        }
    }

    var int: Int? {
        if case .integer(let number) = self { return Int(number) }
        return nil
    }

    var double: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .number(let number): number
        default: nil
        }
    }
}
