/// The image formats Homepwner accepts: what cameras and phones produce.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, tiff, heif

    /// The format read by the libvips loader class `loader` (from `vips_foreign_find_load_buffer` or
    /// `vips_foreign_find_load`).
    init?(loader: String) {
        switch loader {
        case "VipsForeignLoadJpegBuffer": self = .jpeg
        case "VipsForeignLoadPngBuffer": self = .png
        case "VipsForeignLoadWebpBuffer": self = .webp
        case "VipsForeignLoadNsgifBuffer": self = .gif
        case "VipsForeignLoadTiffBuffer": self = .tiff
        case "VipsForeignLoadHeifBuffer": self = .heif
        case "VipsForeignLoadJpegFile": self = .jpeg
        case "VipsForeignLoadPngFile": self = .png
        case "VipsForeignLoadWebpFile": self = .webp
        case "VipsForeignLoadNsgifFile": self = .gif
        case "VipsForeignLoadTiffFile": self = .tiff
        case "VipsForeignLoadHeifFile": self = .heif
        default: return nil
        }
    }

    public var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .tiff: "image/tiff"
        case .heif: "image/heic"
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
        }
    }

    /// Whether browsers show this format themselves (so an original can be sent as is).
    public var isShownByBrowsers: Bool {
        switch self {
        case .jpeg, .png, .webp, .gif: true
        case .tiff, .heif: false
        }
    }

    /// "JPEG, PNG, WebP, GIF, TIFF and HEIC/HEIF", for messages.
    public static let acceptedList = "JPEG, PNG, WebP, GIF, TIFF and HEIC/HEIF"
}
