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
        self.init(bytes: body, contentType: contentType)
    }

    /// The same from any collection of bytes (tests count how often each is read).
    init?<Body: RandomAccessCollection<UInt8>>(bytes body: Body, contentType: String) where Body.Index == Int {
        guard let boundary = Self.boundary(in: contentType) else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        var cursor = body.startIndex
        guard let first = Self.find(delimiter, in: body, from: cursor) else { return nil }
        cursor = first + delimiter.count
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            if body.endIndex >= cursor + 2, body[cursor] == UInt8(ascii: "-"), body[cursor + 1] == UInt8(ascii: "-") { break }
            guard body.endIndex >= cursor + 2, body[cursor] == 13, body[cursor + 1] == 10 else { return nil }
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

    /// Where `needle` first comes in `haystack` at or after `start`.
    private static func find<Body: RandomAccessCollection<UInt8>>(_ needle: [UInt8], in haystack: Body, from start: Int) -> Int? where Body.Index == Int {
        guard start <= haystack.endIndex, let head = needle.first else { return nil }
        var index = start
        while haystack.endIndex - index >= needle.count {
            guard let hit = firstIndex(of: head, in: haystack, from: index, before: haystack.endIndex - needle.count + 1) else { return nil }
            if haystack[hit..<hit + needle.count].elementsEqual(needle) { return hit }
            index = hit + 1
        }
        return nil
    }

    /// Where `byte` first comes in `haystack[start..<end]`: memchr finds it quickly where the bytes
    /// lie in one piece of memory (they do, but for a test's counting collection).
    private static func firstIndex<Body: RandomAccessCollection<UInt8>>(of byte: UInt8, in haystack: Body, from start: Int, before end: Int) -> Int? where Body.Index == Int {
        let found = haystack.withContiguousStorageIfAvailable { buffer -> Int? in
            guard let base = buffer.baseAddress, end > start else { return nil }
            let from = base + (start - haystack.startIndex)
            guard let hit = memchr(from, Int32(byte), end - start) else { return nil }
            return start + UnsafeRawPointer(from).distance(to: UnsafeRawPointer(hit))
        }
        return found ?? haystack[start..<end].firstIndex(of: byte)
    }
}
