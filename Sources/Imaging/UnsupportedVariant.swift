import CVips

/// A valid file of an accepted format in a form this build's decoders cannot read (a 12-bit JPEG,
/// a tiled TIFF with separate colour planes, a HEIF image coded with JPEG 2000, …): not damaged,
/// and saving it again in an ordinary form makes it readable. Each has a stable `id`, which the
/// library keeps and the catalogues' keys are made from, so every language words each sentence
/// about it whole.
public enum UnsupportedVariant: Sendable, Equatable, Hashable {
    /// A JPEG of 9 to 16 bits a sample: cameras and scanners write 12 bits, lossless JPEG up to 16.
    case jpegPrecision(bits: Int)
    /// A tiled TIFF that keeps each colour in a separate plane.
    case tiledSeparatePlanesTIFF
    /// A TIFF with subsampled YCbCr colour not compressed as new-style JPEG (old-style JPEG, say).
    case subsampledYCbCrTIFF
    /// A TIFF of 2 to 31 bits a sample other than 2, 4, 8 and 16.
    case tiffSampleBits(Int)
    /// YCbCr TIFFs other than 8-bit with three samples, which libvips reads as RGB and the
    /// conversion here does not cover.
    case wideYCbCrTIFF
    /// HEIF images coded with what libheif 1.15 cannot decode (brands `avci`, `j2ki`, `jpeg`, `vvic`).
    case heifAVC, heifJPEG2000, heifJPEG, heifVVC
    /// A HEIF image in the compact (`mif3`) layout.
    case heifCompactLayout
    /// Image sequences without a still image (brands `avis` and `msf1`): a sequence is read by its
    /// still image.
    case avifSequence, heifSequence

    /// What it is, stable: kept in the library's database and part of catalogue keys
    /// (`jpeg-precision-12`, `tiff-separate-planes`, `heif-avc`, …).
    public var id: String {
        switch self {
        case .jpegPrecision(let bits): "jpeg-precision-\(bits)"
        case .tiledSeparatePlanesTIFF: "tiff-separate-planes"
        case .subsampledYCbCrTIFF: "tiff-subsampled-ycbcr"
        case .tiffSampleBits(let bits): "tiff-sample-bits-\(bits)"
        case .wideYCbCrTIFF: "tiff-wide-ycbcr"
        case .heifAVC: "heif-avc"
        case .heifJPEG2000: "heif-jpeg2000"
        case .heifJPEG: "heif-jpeg"
        case .heifVVC: "heif-vvc"
        case .heifCompactLayout: "heif-compact-layout"
        case .avifSequence: "avif-sequence"
        case .heifSequence: "heif-sequence"
        }
    }

    /// The variant `id` names; nil for one this build does not know.
    public init?(id: String) {
        guard let variant = Self.all.first(where: { $0.id == id }) else { return nil }
        self = variant
    }

    /// What the file is, in US English, to follow "This file is": "a 12-bit JPEG". Only for words
    /// still in US English (an import's problems, the log); pages word each variant whole.
    public var kind: String {
        switch self {
        case .jpegPrecision(let bits): "a \(bits)-bit JPEG"
        case .tiledSeparatePlanesTIFF: "a tiled TIFF that keeps each colour in a separate plane"
        case .subsampledYCbCrTIFF: "a TIFF with subsampled YCbCr colour (such as old-style JPEG compression)"
        case .tiffSampleBits(let bits): "a TIFF with \(bits)-bit samples"
        case .wideYCbCrTIFF: "a YCbCr TIFF with more than 8 bits or more than three samples per pixel"
        case .heifAVC: "a HEIF image coded with H.264 (AVC)"
        case .heifJPEG2000: "a HEIF image coded with JPEG 2000"
        case .heifJPEG: "a HEIF image coded with JPEG"
        case .heifVVC: "a HEIF image coded with H.266 (VVC)"
        case .heifCompactLayout: "a HEIF image in the compact (mif3) layout"
        case .avifSequence: "an AVIF image sequence without a still image"
        case .heifSequence: "a HEIF image sequence without a still image"
        }
    }

    /// What to save it as instead, in US English, to follow "Save it as": "an ordinary 8-bit JPEG, …".
    public var saveAs: String {
        switch self {
        case .jpegPrecision: "an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level"
        case .tiledSeparatePlanesTIFF: "a TIFF with interleaved pixels, or as a PNG or JPEG"
        case .subsampledYCbCrTIFF, .wideYCbCrTIFF: "an RGB TIFF, or as a JPEG or PNG"
        case .tiffSampleBits: "an 8-bit or 16-bit TIFF, or as a PNG or JPEG"
        case .heifAVC, .heifJPEG2000, .heifJPEG, .heifVVC, .heifCompactLayout: "an ordinary HEIC (HEVC) image or a JPEG"
        case .avifSequence, .heifSequence: "a still image (one frame) in AVIF, HEIC, JPEG or PNG"
        }
    }

    /// Every variant there is: each JPEG precision and TIFF sample size this build refuses too.
    public static let all: [UnsupportedVariant] = (9...16).map { .jpegPrecision(bits: $0) }
        + (2...31).filter(isUnreadableSampleSize).map { .tiffSampleBits($0) }
        + [.tiledSeparatePlanesTIFF, .subsampledYCbCrTIFF, .wideYCbCrTIFF, .heifAVC, .heifJPEG2000, .heifJPEG, .heifVVC,
           .heifCompactLayout, .avifSequence, .heifSequence]

    /// A TIFF sample size this build cannot decode: from 2 to 31 bits, other than 2, 4, 8 and 16.
    static func isUnreadableSampleSize(_ bits: Int) -> Bool {
        (2...31).contains(bits) && ![2, 4, 8, 16].contains(bits)
    }

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
            self = .jpegPrecision(bits: Int(precision))
        case .tiff?:
            var layout = HpTiffLayout()
            guard hp_tiff_layout(source.path, source.start, source.count, &layout) != 0 else { return nil }
            if layout.tiled != 0, layout.planar_config == UInt16(PLANARCONFIG_SEPARATE) {
                self = .tiledSeparatePlanesTIFF
            } else if layout.photometric == UInt16(PHOTOMETRIC_YCBCR), layout.compression != UInt16(COMPRESSION_JPEG),
                      layout.subsampling != (1, 1) {
                self = .subsampledYCbCrTIFF
            } else if Self.isUnreadableSampleSize(Int(layout.bits_per_sample)) {
                self = .tiffSampleBits(Int(layout.bits_per_sample))
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
        case "avci": self = .heifAVC
        case "j2ki": self = .heifJPEG2000
        case "jpeg": self = .heifJPEG
        case "vvic": self = .heifVVC
        case "mif3": self = .heifCompactLayout
        case "avis": self = .avifSequence
        case "msf1": self = .heifSequence
        default: return nil
        }
    }
}

extension ImagingError {
    /// Why a file whose first bytes (`header`) announce no accepted format is refused.
    static func unrecognised(header: some Collection<UInt8>) -> ImagingError {
        if let variant = UnsupportedVariant(fileTypeBrandOf: header) { return .unsupportedVariant(variant) }
        return ImageFormat.hasSignature(header) ? .damaged(detail: "the file starts like an image but cannot be read") : .unsupportedFormat
    }
}
