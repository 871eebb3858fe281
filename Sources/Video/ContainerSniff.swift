/// What a file's first bytes say it is: the extension and the client's type are not trusted (a
/// Matroska file named `.mp4` is Matroska).
enum ContainerSniff {
    /// ISO base media box types a file can start with.
    private static let leadingBoxes: Set<String> = ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"]

    static func container(of prefix: [UInt8]) -> Result<VideoContainer, VideoError> {
        func text(_ range: Range<Int>) -> String? {
            guard prefix.count >= range.upperBound else { return nil }
            return String(decoding: prefix[range], as: UTF8.self)
        }
        if let box = text(4..<8), leadingBoxes.contains(box) {
            // A QuickTime file names "qt  " as its major brand, or has no ftyp at all (before 2001).
            if box != "ftyp" || text(8..<12) == "qt  " { return .success(.mov) }
            return .success(.mp4)
        }
        if prefix.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .failure(.unsupportedContainer("Matroska or WebM")) }
        if text(0..<4) == "RIFF", text(8..<12) == "AVI " { return .failure(.unsupportedContainer("AVI")) }
        if prefix.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return .failure(.unsupportedContainer("MPEG program stream")) }
        if prefix.first == 0x47, prefix.count > 188 ? prefix[188] == 0x47 : true, prefix.count >= 4 {
            return .failure(.unsupportedContainer("MPEG transport stream"))
        }
        if text(0..<3) == "FLV" { return .failure(.unsupportedContainer("Flash video")) }
        if text(0..<4) == "OggS" { return .failure(.unsupportedContainer("Ogg")) }
        if prefix.starts(with: [0x30, 0x26, 0xB2, 0x75]) { return .failure(.unsupportedContainer("Windows Media")) }
        return .failure(.notAVideo)
    }

    /// Bytes enough to tell (a transport stream's second packet starts at 188).
    static let prefixLength = 192
}
