/// What a `Range` header asks of a file of a given size (RFC 9110, 14.2): one part (206), a part
/// that starts beyond the end (416), or the whole file (200) — for a header that cannot be read, a
/// unit other than bytes, or several parts (a multipart answer is allowed to be the whole file,
/// and browsers playing video ask for one part at a time).
enum ByteRange: Equatable {
    case whole
    case unsatisfiable
    case part(Range<Int>)

    static func parse(_ header: String, size: Int) -> ByteRange {
        let header = header.trimmingSpaces()
        guard header.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingSpaces()
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingSpaces(), last = spec[spec.index(after: dash)...].trimmingSpaces()
        func number(_ text: String) -> Int? {
            // Digits only; a number too large for Int cannot be a position in the file anyway.
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int(text)
        }
        if first.isEmpty {
            // The last n bytes.
            guard let count = number(last) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - count)..<size)
        }
        guard let start = number(first) else { return .whole }
        let end: Int
        if last.isEmpty {
            end = size - 1
        } else {
            guard let given = number(last), given >= start else { return .whole }
            end = min(given, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .part(start..<(end + 1))
    }
}
