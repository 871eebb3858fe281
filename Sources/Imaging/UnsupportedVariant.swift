import CVips

/// A valid file of an accepted format in a form this build's decoders cannot read (a 12-bit JPEG,
/// a tiled TIFF with separate colour planes, a HEIF image coded with JPEG 2000, …): not damaged,
/// and saving it again in an ordinary form makes it readable.
public struct UnsupportedVariant: Sendable, Equatable {
    /// What the file is, to follow "This file is": "a 12-bit JPEG".
    public let kind: String
    /// What to save it as instead, to follow "Save it as": "an ordinary 8-bit JPEG, …".
    public let saveAs: String

    /// The variant a file of `format` declares in its header that this build cannot decode, asked
    /// of libjpeg and libtiff themselves or read from a HEIF file's brand; nil when there is none.
    /// Call it once libvips has failed: these are the reasons it fails on such files.
    init?(declaredBy source: EncodedImage, format: ImageFormat?) {
        if let variant = UnsupportedVariant(fileTypeBrandOf: source.header) {
            self = variant
            return
        }
        switch format {
        case .jpeg?:
            var precision: Int32 = 0
            // Cameras and scanners write 12 bits, lossless JPEG up to 16; anything else is damage.
            guard hp_jpeg_header_problem(source.path, source.start, source.count, &precision) == Int32(JERR_BAD_PRECISION.rawValue),
                  (9...16).contains(precision) else {
                return nil
            }
            self.init(kind: "a \(precision)-bit JPEG", saveAs: "an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level")
        case .tiff?:
            var layout = HpTiffLayout()
            guard hp_tiff_layout(source.path, source.start, source.count, &layout) != 0 else { return nil }
            if layout.tiled != 0, layout.planar_config == UInt16(PLANARCONFIG_SEPARATE) {
                self.init(kind: "a tiled TIFF that keeps each colour in a separate plane",
                          saveAs: "a TIFF with interleaved pixels, or as a PNG or JPEG")
            } else if layout.photometric == UInt16(PHOTOMETRIC_YCBCR), layout.compression != UInt16(COMPRESSION_JPEG),
                      layout.subsampling != (1, 1) {
                self.init(kind: "a TIFF with subsampled YCbCr colour (such as old-style JPEG compression)",
                          saveAs: "an RGB TIFF, or as a JPEG or PNG")
            } else if (2...31).contains(layout.bits_per_sample), ![2, 4, 8, 16].contains(layout.bits_per_sample) {
                self.init(kind: "a TIFF with \(layout.bits_per_sample)-bit samples",
                          saveAs: "an 8-bit or 16-bit TIFF, or as a PNG or JPEG")
            } else {
                return nil
            }
        default:
            return nil
        }
    }

    /// The variant a HEIF-family file's major brand names, or nil. libheif 1.15 cannot read
    /// these and says they are invalid instead ("Non-existing item ID referenced", "No 'ftyp' box").
    init?(fileTypeBrandOf header: some Collection<UInt8>) {
        let bytes = Array(header.prefix(12))
        guard bytes.count == 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        switch String(decoding: bytes[8..<12], as: UTF8.self) {
        case "avci": self.init(kind: "a HEIF image coded with H.264 (AVC)", saveAs: Self.heicOrJPEG)
        case "j2ki": self.init(kind: "a HEIF image coded with JPEG 2000", saveAs: Self.heicOrJPEG)
        case "jpeg": self.init(kind: "a HEIF image coded with JPEG", saveAs: Self.heicOrJPEG)
        case "vvic": self.init(kind: "a HEIF image coded with H.266 (VVC)", saveAs: Self.heicOrJPEG)
        case "mif3": self.init(kind: "a HEIF image in the compact (mif3) layout", saveAs: Self.heicOrJPEG)
        // A sequence is read by its still image; these have none.
        case "avis": self.init(kind: "an AVIF image sequence without a still image", saveAs: Self.stillImage)
        case "msf1": self.init(kind: "a HEIF image sequence without a still image", saveAs: Self.stillImage)
        default: return nil
        }
    }

    /// YCbCr TIFFs other than 8-bit with three samples, which libvips reads as RGB and the
    /// conversion here does not cover.
    static let wideYCbCrTIFF = UnsupportedVariant(kind: "a YCbCr TIFF with more than 8 bits or more than three samples per pixel",
                                                  saveAs: "an RGB TIFF, or as a JPEG or PNG")

    private init(kind: String, saveAs: String) {
        self.kind = kind
        self.saveAs = saveAs
    }

    private static let heicOrJPEG = "an ordinary HEIC (HEVC) image or a JPEG"
    private static let stillImage = "a still image (one frame) in AVIF, HEIC, JPEG or PNG"
}

extension ImagingError {
    /// Why a file whose first bytes (`header`) announce no accepted format is refused.
    static func unrecognised(header: some Collection<UInt8>) -> ImagingError {
        if let variant = UnsupportedVariant(fileTypeBrandOf: header) { return .unsupportedVariant(variant) }
        return ImageFormat.hasSignature(header) ? .damaged(detail: "the file starts like an image but cannot be read") : .unsupportedFormat
    }
}
