import Imaging
import Messages

extension UnsupportedVariant {
    /// Why an upload of a file in this form is refused, and what to save it as: each variant a
    /// whole sentence of its own, so every language words what the file is in its own grammar.
    /// US English is `kind` and `saveAs` in "This file is …, a kind of image Homepwner cannot read.
    /// Save it as …, and upload that." (a test checks every variant).
    var uploadRefusal: Message {
        switch self {
        case .jpegPrecision(let bits):
            Message("error.image.variant.jpeg-precision",
                    "This file is a \(bits)-bit JPEG, a kind of image Homepwner cannot read. Save it as an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level, and upload that.",
                    ["bits": .count(bits)])
        case .tiledSeparatePlanesTIFF:
            Message("error.image.variant.tiff-separate-planes",
                    "This file is a tiled TIFF that keeps each colour in a separate plane, a kind of image Homepwner cannot read. Save it as a TIFF with interleaved pixels, or as a PNG or JPEG, and upload that.")
        case .subsampledYCbCrTIFF:
            Message("error.image.variant.tiff-subsampled-ycbcr",
                    "This file is a TIFF with subsampled YCbCr colour (such as old-style JPEG compression), a kind of image Homepwner cannot read. Save it as an RGB TIFF, or as a JPEG or PNG, and upload that.")
        case .tiffSampleBits(let bits):
            Message("error.image.variant.tiff-sample-bits",
                    "This file is a TIFF with \(bits)-bit samples, a kind of image Homepwner cannot read. Save it as an 8-bit or 16-bit TIFF, or as a PNG or JPEG, and upload that.",
                    ["bits": .count(bits)])
        case .wideYCbCrTIFF:
            Message("error.image.variant.tiff-wide-ycbcr",
                    "This file is a YCbCr TIFF with more than 8 bits or more than three samples per pixel, a kind of image Homepwner cannot read. Save it as an RGB TIFF, or as a JPEG or PNG, and upload that.")
        case .heifAVC, .heifJPEG2000, .heifJPEG, .heifVVC:
            Message("error.image.variant.heif-codec",
                    "This file is a HEIF image coded with \(codecName), a kind of image Homepwner cannot read. Save it as an ordinary HEIC (HEVC) image or a JPEG, and upload that.",
                    ["codec": .text(codecName)])
        case .heifCompactLayout:
            Message("error.image.variant.heif-compact-layout",
                    "This file is a HEIF image in the compact (mif3) layout, a kind of image Homepwner cannot read. Save it as an ordinary HEIC (HEVC) image or a JPEG, and upload that.")
        case .avifSequence:
            Message("error.image.variant.avif-sequence",
                    "This file is an AVIF image sequence without a still image, a kind of image Homepwner cannot read. Save it as a still image (one frame) in AVIF, HEIC, JPEG or PNG, and upload that.")
        case .heifSequence:
            Message("error.image.variant.heif-sequence",
                    "This file is a HEIF image sequence without a still image, a kind of image Homepwner cannot read. Save it as a still image (one frame) in AVIF, HEIC, JPEG or PNG, and upload that.")
        }
    }

    /// The codec a HEIF image is coded with, by its own name (the same in every language).
    var codecName: String {
        switch self {
        case .heifAVC: "H.264 (AVC)"
        case .heifJPEG2000: "JPEG 2000"
        case .heifJPEG: "JPEG"
        case .heifVVC: "H.266 (VVC)"
        default: ""
        }
    }
}
