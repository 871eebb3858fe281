/// Percent-decoding for URL paths, query strings and form bodies.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when `plusIsSpace`); nil when an escape is malformed
    /// or the result is not valid UTF-8.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, plusIsSpace: Bool) -> String? {
        // Most paths and queries are plain ASCII with nothing to decode: copied as they are.
        if !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first != bytes.endIndex else { return nil }
                let second = bytes.index(after: first)
                guard second != bytes.endIndex, let high = hexValue(bytes[first]), let low = hexValue(bytes[second]) else {
                    return nil
                }
                output.append(high << 4 | low)
                index = bytes.index(after: second)
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
