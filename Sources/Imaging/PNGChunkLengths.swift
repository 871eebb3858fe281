/// The chunk lengths a PNG declares, checked against the bytes it holds before libpng sees them.
///
/// For a text, palette or calibration chunk, libpng 1.6 allocates and zero-fills a buffer of the
/// declared length before reading the data; a length over its limit is only a "benign" error,
/// which libpng reports as a warning when reading unless the program that owns its read struct
/// says otherwise, and libvips gives no way to. So a 57-byte file declaring a 1 GB chunk cost a
/// gigabyte and 1.7 s to refuse. Only the chunks up to the first IDAT are checked: those are the
/// ones libpng reads with the header, and libvips never reads past the pixel data.
enum PNGChunkLengths {
    /// Says which chunk, up to the first IDAT, declares more bytes than the file holds after it;
    /// nil when they all fit. `read(offset, count)` gives the file's bytes from `offset`, up to `count`.
    static func overrun(fileSize: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]) -> String? {
        var offset = 8 // the signature
        while offset + 8 <= fileSize {
            let header = read(offset, 8)
            guard header.count == 8 else { return nil }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8].map { (0x21...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            let available = fileSize - offset - 8
            if length > available {
                return "its \(type) chunk declares \(length) bytes but only \(available) follow"
            }
            if type == "IDAT" { return nil }
            offset += 8 + length + 4 // length and type, data, CRC
        }
        return nil
    }
}
