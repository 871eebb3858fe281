/// A JPEG that a PDF can carry as it is (DCTDecode): Huffman-coded baseline, extended or
/// progressive, 8 bits, grey or YCbCr/RGB. Read from its markers alone, without decoding.
struct JPEGStream {
    let width: Int
    let height: Int
    /// The file without its metadata segments (EXIF with its thumbnail and GPS position, XMP, ICC,
    /// comments): a PDF reader uses none of them, and they can be a tenth of a photo's bytes.
    /// JFIF (APP0) and Adobe (APP14, which says how the colours are coded) stay.
    let bytes: [UInt8]

    /// nil for what a PDF cannot carry as it is (CMYK, 12-bit, lossless, arithmetic-coded), what
    /// does not parse, and a file cut short (no end-of-image marker): those are decoded and encoded
    /// again instead, or found damaged. Whatever follows the end of the image (a phone's second
    /// picture, a gain map) is left out.
    init?(_ file: [UInt8]) {
        guard file.count > 4, file[0] == 0xFF, file[1] == 0xD8 else { return nil }
        var kept: [UInt8] = [0xFF, 0xD8]
        kept.reserveCapacity(file.count)
        var size: (width: Int, height: Int)?
        var index = 2
        while index + 4 <= file.count {
            guard file[index] == 0xFF else { return nil }
            let marker = file[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            let length = Int(file[index + 2]) << 8 | Int(file[index + 3])
            let end = index + 2 + length
            guard length >= 2, end <= file.count else { return nil }
            switch marker {
            case 0xDA:  // start of scan: the coded picture, to its end
                guard let size, let end = Self.endOfImage(in: file, from: end) else { return nil }
                kept.append(contentsOf: file[index..<end])
                (width, height, bytes) = (size.width, size.height, kept)
                return
            case 0xC0, 0xC1, 0xC2:
                guard length >= 8, file[index + 4] == 8, [1, 3].contains(file[index + 9]) else { return nil }
                let height = Int(file[index + 5]) << 8 | Int(file[index + 6])
                let width = Int(file[index + 7]) << 8 | Int(file[index + 8])
                guard width > 0, height > 0 else { return nil }
                size = (width, height)
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:  // lossless, hierarchical, arithmetic
                return nil
            case 0xD0...0xD9, 0x01:  // markers without a length have no place before the scan
                return nil
            case 0xE1...0xED, 0xEF, 0xFE:
                index = end
                continue
            default:
                break
            }
            kept.append(contentsOf: file[index..<end])
            index = end
        }
        return nil
    }

    /// Just past the first end-of-image marker (FF D9) at or after `start`: inside coded data a
    /// 0xFF byte is always followed by 00 or a restart marker, so the first one is the end.
    private static func endOfImage(in file: [UInt8], from start: Int) -> Int? {
        file.withUnsafeBufferPointer { bytes in
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return index + 2 }
                index += 1
            }
            return nil
        }
    }
}
