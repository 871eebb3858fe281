import Foundation

/// Writes JSON straight into bytes: for responses on hot paths, where `JSONEncoder` (and its
/// date formatter) costs more than the data itself. Keys come out in the order they are written.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements { body(&self, element) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts a member of the current object; write its value next.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: "\":".utf8)
        needsComma = false
    }

    /// Starts a member whose name is data (a user's own field name), escaped like any string.
    public mutating func key(_ name: String) {
        value(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func value(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xf)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    public mutating func value(_ number: some BinaryInteger) {
        separate()
        bytes.append(contentsOf: String(number).utf8)
        needsComma = true
    }

    /// A number already written as JSON's digits (an exact decimal such as `2.5`, never a double's
    /// approximation); the caller makes them.
    public mutating func rawNumber(_ digits: String) {
        assert(!digits.isEmpty && digits.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
        separate()
        bytes.append(contentsOf: digits.utf8)
        needsComma = true
    }

    /// A finite floating-point number (NaN and infinities become null, which JSON cannot spell).
    public mutating func number(_ number: Double) {
        separate()
        bytes.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        needsComma = true
    }

    public mutating func value(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// A UTC timestamp as ISO 8601 with seconds: `2026-11-29T14:03:07Z`.
    public mutating func value(_ date: Date) {
        value(Self.iso8601(date))
    }

    /// `2026-11-29T14:03:07Z`, computed without a formatter.
    public static func iso8601(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        // Howard Hinnant's days-to-civil.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(Int64(secondOfDay / 3600)))" +
            ":\(two(Int64(secondOfDay / 60 % 60))):\(two(Int64(secondOfDay % 60)))Z"
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

extension Response {
    /// A JSON response from bytes a `JSONWriter` produced.
    public static func json(_ writer: JSONWriter, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: .bytes(writer.bytes))
    }
}
