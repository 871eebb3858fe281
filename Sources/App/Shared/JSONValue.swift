import Foundation
import Inventory
import Messages

/// A JSON document as sent by a client, keeping the exact type of each value so that a wrong type
/// gets a precise message ("valueInDollars must be a whole number, not text").
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The deepest nesting read. What clients send here is flat; deeper documents are refused before
    /// parsing, as parsers' time and stack grow with depth.
    static let maxDepth = 16

    /// What `JSONSerialization` made of a document: it parses in one pass, and tells booleans,
    /// whole numbers and fractions apart by their `NSNumber`'s type.
    init(_ parsed: Any) {
        switch parsed {
        case let text as String: self = .string(text)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "f", "d": self = .number(number.doubleValue)
            case "Q" where number.uint64Value > UInt64(Int64.max): self = .number(number.doubleValue)
            default: self = .integer(number.int64Value)
            }
        case let list as [Any]: self = .array(list.map(JSONValue.init))
        case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
        default: self = .null
        }
    }

    /// Parses a request body that must be one JSON object.
    static func object(from body: [UInt8]) throws(AppError) -> [String: JSONValue] {
        guard !body.isEmpty else {
            throw AppError(.emptyBody, Message("error.json.empty", "The request body is empty. Send a JSON object."))
        }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw AppError(.invalidUTF8, Message("error.json.not-utf8", "The request body is not valid UTF-8 text. Send JSON encoded as UTF-8."))
        }
        let shape = Shape(of: body)
        if shape.hasTrailingComma {
            throw AppError(.invalidJSON, Message("error.json.trailing-comma", "The request body is not valid JSON: a comma comes right before a closing } or ]. Remove it."))
        }
        if shape.depth > maxDepth {
            throw AppError(.jsonTooDeep, Message("error.json.too-deep", "The request body nests lists or objects \(shape.depth) levels deep; at most \(maxDepth) are read. Send a flat JSON object.",
                                                ["depth": .count(shape.depth), "limit": .count(maxDepth)]))
        }
        let value: JSONValue
        do {
            value = JSONValue(try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]))
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)?.trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if let detail, detail.hasPrefix("Number "), detail.contains("not representable") {
                let number = detail.dropFirst("Number ".count).prefix { $0 != " " }
                throw AppError(.numberTooLarge, Message("error.json.number-too-large",
                                                       "The number \(number) is too large to read. Numbers here are whole dollars (at most $\(ItemInput.maxValueInDollars.grouped)) or places in the list.",
                                                       ["number": .text(String(number)), "limit": .amount(minorUnits: Int64(ItemInput.maxValueInDollars) * 100, currency: "USD")]))
            }
            guard let detail else {
                throw AppError(.invalidJSON, Message("error.json.invalid", "The request body is not valid JSON. Check for missing quotes, commas or braces."))
            }
            throw AppError(.invalidJSON, Message("error.json.invalid-detail", "The request body is not valid JSON (\(detail)). Check for missing quotes, commas or braces.",
                                                 ["detail": .text(detail)]))
        }
        guard case .object(let object) = value else {
            throw AppError(.invalidJSON, Message("error.json.not-an-object", "The request body must be a JSON object ({…}), not \(value.kindDescription).", ["kind": .message(value.kind)]))
        }
        return object
    }

    /// What one pass over the bytes, outside strings, tells before parsing: how deep lists and
    /// objects nest, and whether a comma comes right before `}` or `]` (not JSON, though
    /// Foundation accepts it).
    private struct Shape {
        var depth = 0
        var hasTrailingComma = false

        init(of bytes: [UInt8]) {
            var inString = false, escaped = false, afterComma = false, open = 0
            for byte in bytes {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true; afterComma = false
                case UInt8(ascii: ","): afterComma = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    open += 1
                    depth = max(depth, open)
                    afterComma = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if afterComma { hasTrailingComma = true }
                    open -= 1
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
                default: afterComma = false
                }
            }
        }
    }

    /// How a person would name this kind of value.
    var kindDescription: String { kind.english }

    /// How a person would name this kind of value, in any language ("not a list").
    var kind: Message {
        switch self {
        case .null: Message("error.json.kind.null", "null")
        case .bool: Message("error.json.kind.bool", "true or false")
        case .integer, .number: Message("error.json.kind.number", "a number")
        case .string: Message("error.json.kind.text", "text")
        case .array: Message("error.json.kind.list", "a list")
        case .object: Message("error.json.kind.object", "an object")
        }
    }
}
