import Foundation
import Inventory

/// A JSON document as sent by a client, keeping the exact type of each value so that a wrong type
/// gets a precise message ("valueInDollars must be a whole number, not text").
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Parses a request body that must be one JSON object.
    static func object(from body: [UInt8]) throws(AppError) -> [String: JSONValue] {
        guard !body.isEmpty else {
            throw AppError(.badRequest, code: "empty-body", message: "The request body is empty. Send a JSON object.")
        }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw AppError(.badRequest, code: "invalid-utf8", message: "The request body is not valid UTF-8 text. Send JSON encoded as UTF-8.")
        }
        let value: JSONValue
        do {
            guard !Self.hasTrailingComma(body) else {
                throw AppError(.badRequest, code: "invalid-json", message: "The request body is not valid JSON: a comma comes right before a closing } or ]. Remove it.")
            }
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch let error as AppError {
            throw error
        } catch {
            let detail = Self.detail(of: body)
            if let detail, detail.hasPrefix("Number "), detail.contains("not representable") {
                let number = detail.dropFirst("Number ".count).prefix { $0 != " " }
                throw AppError(.badRequest, code: "number-too-large", message: "The number \(number) is too large to read. Numbers here are whole dollars (at most $\(ItemInput.maxValueInDollars.grouped)) or places in the list.")
            }
            throw AppError(.badRequest, code: "invalid-json", message: "The request body is not valid JSON\(detail.map { " (\($0))" } ?? ""). Check for missing quotes, commas or braces.")
        }
        guard case .object(let object) = value else {
            throw AppError(.badRequest, code: "invalid-json", message: "The request body must be a JSON object ({…}), not \(value.kindDescription).")
        }
        return object
    }

    /// Whether a comma is followed by `}` or `]` outside strings: not JSON, though Foundation accepts it.
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        var inString = false, escaped = false, afterComma = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; afterComma = false
            case UInt8(ascii: ","): afterComma = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if afterComma { return true }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
            default: afterComma = false
            }
        }
        return false
    }

    /// How a person would name this kind of value.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .integer, .number: "a number"
        case .string: "text"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// What is wrong with `body`, and where, in the parser's words. JSONDecoder on Linux only says
    /// "not valid JSON"; JSONSerialization names the place (asked only once parsing has failed).
    private static func detail(of body: [UInt8]) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            return detail.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
    }
}
