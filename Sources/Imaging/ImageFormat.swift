/// The image formats Homepwner accepts: what cameras and phones produce.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, tiff, heif, avif

    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .tiff: "image/tiff"
        case .heif: "image/heic"
        case .avif: "image/avif"
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .gif: "gif"
        case .tiff: "tiff"
        case .heif: "heic"
        case .avif: "avif"
        }
    }

    /// Whether browsers show this format themselves (so an original can be sent as is).
    public var isShownByBrowsers: Bool {
        switch self {
        case .jpeg, .png, .webp, .gif, .avif: true
        case .tiff, .heif: false
        }
    }

    /// Whether insurers' claim portals take files of this format (they take JPG, PNG, TIF, BMP and
    /// GIF): HEIC, WebP and AVIF photos go to an insurer with a JPEG copy beside them.
    public var isTakenByClaimPortals: Bool {
        switch self {
        case .jpeg, .png, .gif, .tiff: true
        case .webp, .heif, .avif: false
        }
    }

    /// "JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF", for messages.
    public static let acceptedList = "JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF"

    /// The format the first bytes announce (magic numbers), or nil.
    public init?(signature header: some Collection<UInt8>) {
        let bytes = Array(header.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47]) { self = .png }
        else if starts(Array("GIF8".utf8)) { self = .gif }
        else if Self.isTIFF(bytes) { self = .tiff }
        else if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { self = .webp }
        else if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            // The brands libvips 8.14's HEIF loader sniffs for, and AVIF image sequences, which it
            // reads by their still image but does not sniff.
            guard ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis"].contains(brand) else { return nil }
            self = brand.hasPrefix("avi") ? .avif : .heif
        } else {
            return nil
        }
    }

    /// TIFF or BigTIFF, either byte order.
    private static func isTIFF(_ bytes: [UInt8]) -> Bool {
        [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]].contains { bytes.starts(with: $0) }
    }

    /// The code `hp_vips_open_with_loader` takes.
    var loaderCode: Int32 {
        switch self {
        case .jpeg: 1
        case .png: 2
        case .webp: 3
        case .gif: 4
        case .tiff: 5
        case .heif, .avif: 6
        }
    }

    /// Whether the bytes start like one of the accepted formats, even if they cannot be read:
    /// such a file is damaged rather than of the wrong kind.
    static func hasSignature(_ header: some Collection<UInt8>) -> Bool {
        let bytes = Array(header.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        return starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47]) || starts(Array("GIF8".utf8))
            || isTIFF(bytes)
            || (starts(Array("RIFF".utf8)) && bytes.count >= 12 && Array(bytes[8..<12]) == Array("WEBP".utf8))
            || (bytes.count >= 8 && Array(bytes[4..<8]) == Array("ftyp".utf8))
    }
}
