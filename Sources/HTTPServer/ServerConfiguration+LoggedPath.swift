extension ServerConfiguration {
    /// A request's path as the access and error logs may show it: under one of
    /// `secretPathPrefixes`, only that prefix (`/shared/…`). However the path was spelled — escapes
    /// (even escaped twice), backslashes, repeated slashes, any case — a path that could reach a
    /// secret route, or was meant to, is cut.
    func loggedPath(_ rawPath: String) -> String {
        guard !secretPathPrefixes.isEmpty, let prefix = Self.firstSegment(of: rawPath), secretPathPrefixes.contains(prefix) else { return rawPath }
        return "/\(prefix)/…"
    }

    /// The first segment of the path, %-decoded up to three times (malformed escapes kept as they
    /// are), cut at `;`, in ASCII lower case.
    private static func firstSegment(of rawPath: String) -> String? {
        var bytes = Array(rawPath.utf8)
        for _ in 0..<3 {
            let decoded = leniently(decoding: bytes)
            if decoded == bytes { break }
            bytes = decoded
        }
        let separators: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\")]
        guard let segment = bytes.split(whereSeparator: { separators.contains($0) }).first else { return nil }
        let name = segment.prefix { $0 != UInt8(ascii: ";") }.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return String(decoding: name, as: UTF8.self)
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
