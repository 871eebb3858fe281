extension ServerConfiguration {
    /// A request's path as the access and error logs may show it: a path with a segment of
    /// `secretPathPrefixes` followed by anything is cut to that segment (`/shared/…`). Whatever the
    /// path's spelling — escapes (even escaped twice), backslashes, repeated slashes, any case, `;`
    /// parameters — and whatever the target's form (`http://host/shared/TOKEN` as well as
    /// `/shared/TOKEN`), a path that could reach a secret route, or was meant to, is cut.
    func loggedPath(_ rawPath: String) -> String {
        guard !secretPathPrefixes.isEmpty else { return rawPath }
        let segments = Self.segments(of: rawPath)
        for (index, segment) in segments.enumerated() {
            let name = Self.name(of: segment)
            guard secretPathPrefixes.contains(name) else { continue }
            // `/import` (the page) and `/api/v1/import` name no secret; `/import/…` and `/import;…` may.
            if index == segments.count - 1, segment.count == name.utf8.count { return rawPath }
            return "/\(name)/…"
        }
        return rawPath
    }

    /// The path's segments, %-decoded up to three times (malformed escapes kept as they are), split
    /// at slashes and backslashes.
    private static func segments(of rawPath: String) -> [ArraySlice<UInt8>] {
        var bytes = Array(rawPath.utf8)
        for _ in 0..<3 {
            let decoded = leniently(decoding: bytes)
            if decoded == bytes { break }
            bytes = decoded
        }
        let separators: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\")]
        return bytes.split(whereSeparator: { separators.contains($0) })
    }

    /// A segment cut at `;`, in ASCII lower case.
    private static func name(of segment: ArraySlice<UInt8>) -> String {
        String(decoding: segment.prefix { $0 != UInt8(ascii: ";") }.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func leniently(decoding bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
