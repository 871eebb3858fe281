import Imaging
import Messages
import PhotoLibrary

extension LibraryPhotoProblem {
    /// What a photo's cell, its page and the library's problems say, in the reader's language
    /// (a damaged file's detail in the decoder's words; a reason kept before problems were kept by
    /// kind, and any other failure's, as it was found).
    var wording: Message {
        switch self {
        case .unsupportedVariant(let variant): variant.libraryProblem
        case .damaged(let detail): Message("library.variant.damaged", "This file is damaged and cannot be read (\(detail)).", ["detail": .text(detail)])
        case .tooManyPixels(let width, let height, let limit):
            Message("library.variant.too-many-pixels", "This photo is \(width) × \(height) pixels, more than the limit of \(limit / 1_000_000) megapixels.",
                    ["width": .text(String(width)), "height": .text(String(height)), "limit": .count(limit / 1_000_000)])
        case .described(let text): Message(english: text)
        }
    }
}

extension UnsupportedVariant {
    /// Why a library photo in this form cannot be shown, and what to save a copy as: each variant
    /// a whole sentence of its own. US English is `LibraryPhotoProblem.english` (a test checks
    /// every variant).
    var libraryProblem: Message {
        switch self {
        case .jpegPrecision(let bits):
            Message("library.variant.jpeg-precision",
                    "This photo is a \(bits)-bit JPEG, which Homepwner cannot read. Save a copy as an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level.",
                    ["bits": .count(bits)])
        case .tiledSeparatePlanesTIFF:
            Message("library.variant.tiff-separate-planes",
                    "This photo is a tiled TIFF that keeps each colour in a separate plane, which Homepwner cannot read. Save a copy as a TIFF with interleaved pixels, or as a PNG or JPEG.")
        case .subsampledYCbCrTIFF:
            Message("library.variant.tiff-subsampled-ycbcr",
                    "This photo is a TIFF with subsampled YCbCr colour (such as old-style JPEG compression), which Homepwner cannot read. Save a copy as an RGB TIFF, or as a JPEG or PNG.")
        case .tiffSampleBits(let bits):
            Message("library.variant.tiff-sample-bits",
                    "This photo is a TIFF with \(bits)-bit samples, which Homepwner cannot read. Save a copy as an 8-bit or 16-bit TIFF, or as a PNG or JPEG.",
                    ["bits": .count(bits)])
        case .wideYCbCrTIFF:
            Message("library.variant.tiff-wide-ycbcr",
                    "This photo is a YCbCr TIFF with more than 8 bits or more than three samples per pixel, which Homepwner cannot read. Save a copy as an RGB TIFF, or as a JPEG or PNG.")
        case .heifAVC, .heifJPEG2000, .heifJPEG, .heifVVC:
            Message("library.variant.heif-codec",
                    "This photo is a HEIF image coded with \(codecName), which Homepwner cannot read. Save a copy as an ordinary HEIC (HEVC) image or a JPEG.",
                    ["codec": .text(codecName)])
        case .heifCompactLayout:
            Message("library.variant.heif-compact-layout",
                    "This photo is a HEIF image in the compact (mif3) layout, which Homepwner cannot read. Save a copy as an ordinary HEIC (HEVC) image or a JPEG.")
        case .avifSequence:
            Message("library.variant.avif-sequence",
                    "This photo is an AVIF image sequence without a still image, which Homepwner cannot read. Save a copy as a still image (one frame) in AVIF, HEIC, JPEG or PNG.")
        case .heifSequence:
            Message("library.variant.heif-sequence",
                    "This photo is a HEIF image sequence without a still image, which Homepwner cannot read. Save a copy as a still image (one frame) in AVIF, HEIC, JPEG or PNG.")
        }
    }
}
