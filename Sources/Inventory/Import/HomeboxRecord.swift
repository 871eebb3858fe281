import Foundation

/// One row of a table in a Homebox backup, as Go's `encoding/json` wrote what `SELECT *` gave:
/// column names as keys; SQLite's booleans as 0 and 1 (Postgres's as true and false), numbers as
/// JSON numbers, times as RFC 3339 text, UUIDs as text, NULL as null. Read leniently, by column, so
/// a column added in a later Homebox is simply not read.
struct HomeboxRecord: Decodable, Sendable {
    /// A column's value.
    enum Value: Decodable, Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number as decimal text: `3`, `12.99`.
        case number(String)
        case string(String)
        /// An array or object (a JSON column): not read.
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // Text first: most columns are text, and each kind tried in vain throws an error (a
            // backtrace recorded, in tests). Then numbers before booleans: a decoder may read 0 and 1 as booleans too.
            if container.decodeNil() {
                self = .null
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let number = try? container.decode(Int64.self) {
                self = .number(String(number))
            } else if let number = try? container.decode(Double.self) {
                // The shortest text that reads back as the same double: 12.99, not 12.9900000000000002.
                self = .number(number.description)
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else {
                self = .other
            }
        }
    }

    let values: [String: Value]

    init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Value].self)
    }

    init(_ values: [String: Value]) { self.values = values }

    /// The column as text: a string, or a number's or boolean's text; nil for null or no such column.
    func text(_ column: String) -> String? {
        switch values[column] {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null, .other, nil: nil
        }
    }

    /// An id column (a UUID as text): nil when null or empty.
    func id(_ column: String) -> String? {
        guard let text = text(column)?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    /// A boolean column: true/false, 0/1, or their text; null is false.
    func flag(_ column: String) -> Result<Bool, HomeboxValueError> {
        switch values[column] {
        case .bool(let flag): .success(flag)
        case .number(let text): .success(Double(text).map { $0 != 0 } ?? false)
        case .string(let text): HomeboxValue.bool(text)
        case .null, .other, nil: .success(false)
        }
    }

    /// A time column as a moment (RFC 3339, fractions of a second dropped); nil when it does not read.
    func moment(_ column: String) -> Date? {
        guard var text = text(column), text.count >= 20 else { return nil }
        if let dot = text.firstIndex(of: "."), let end = text[dot...].firstIndex(where: { !$0.isASCIIDigit && $0 != "." }) {
            text.removeSubrange(dot..<end)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text.replacingOccurrences(of: " ", with: "T"))
    }
}
