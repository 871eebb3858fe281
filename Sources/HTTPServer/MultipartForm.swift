@preconcurrency import Glibc

/// The parts of a `multipart/form-data` body (RFC 7578), as browsers send file uploads.
public struct MultipartForm: Sendable {
    public struct Part: Sendable {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let body: [UInt8]
    }

    public let parts: [Part]

    /// Parses `body` with the boundary from `contentType`; nil when either is malformed.
    public init?(body: [UInt8], contentType: String) {
        guard let boundary = Self.boundary(in: contentType) else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        var cursor = 0
        guard let first = Self.find(delimiter, in: body, from: 0) else { return nil }
        cursor = first + delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body.count >= cursor + 2, body[cursor] == UInt8(ascii: "-"), body[cursor + 1] == UInt8(ascii: "-") { break }
            guard body.count >= cursor + 2, body[cursor] == 13, body[cursor + 1] == 10 else { return nil }
            cursor += 2
            // The part's headers end before the next delimiter: they never run into the next part.
            guard let next = Self.find([13, 10] + delimiter, in: body, from: cursor),
                  let headEnd = Self.find([13, 10, 13, 10], in: body, from: cursor), headEnd + 4 <= next
            else { return nil }
            let head = String(decoding: body[cursor..<headEnd], as: UTF8.self)
            let contentStart = headEnd + 4
            var name: String?, filename: String?, partType: String?
            for line in head.split(separator: "\r\n") {
                let pieces = line.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { continue }
                let field = pieces[0].lowercased(), value = String(pieces[1]).trimmingSpaces()
                if field == "content-disposition" {
                    name = Self.parameter("name", in: value)
                    filename = Self.parameter("filename", in: value)
                } else if field == "content-type" {
                    partType = value
                }
            }
            guard let name else { return nil }
            parts.append(Part(name: name, filename: filename, contentType: partType, body: Array(body[contentStart..<next])))
            cursor = next + 2 + delimiter.count
        }
        self.parts = parts
    }

    /// The first part named `name`.
    public func part(named name: String) -> Part? { parts.first { $0.name == name } }

    private static func boundary(in contentType: String) -> String? {
        guard let value = parameter("boundary", in: contentType), !value.isEmpty, value.utf8.count <= 70 else { return nil }
        return value
    }

    /// `key="value"` or `key=value` from a header value's `;`-separated parameters; a `;` inside quotes
    /// is part of the value (a file named `a;b.jpg`).
    private static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(outsideQuotesOn: UInt8(ascii: ";")).dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == key else { continue }
            var value = pair[1].trimmingSpaces()
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard start <= haystack.count else { return nil }
        // memchr finds candidates for the first byte quickly; memcmp checks the rest.
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pattern in
                guard let base = hay.baseAddress, let patternBase = pattern.baseAddress, pattern.count > 0 else { return nil }
                var index = start
                while hay.count - index >= pattern.count {
                    guard let hit = memchr(base + index, Int32(pattern[0]), hay.count - index - pattern.count + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, patternBase, pattern.count) == 0 { return offset }
                    index = offset + 1
                }
                return nil
            }
        }
    }
}
