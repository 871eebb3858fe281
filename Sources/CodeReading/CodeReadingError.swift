import Imaging

/// Why a photo could not be read for codes (a photo with no code is not an error: it reads as none).
public enum CodeReadingError: Error, Sendable, Equatable {
    /// Not an image Homepwner takes, damaged, or over the pixel limit (the image's own error).
    case image(ImagingError)
    /// zxing-cpp failed (out of memory).
    case readerFailed(detail: String)

    init(_ error: ImagingError) {
        self = .image(error)
    }

    public var message: String {
        switch self {
        case .image(.unsupportedFormat): "not an image Homepwner reads"
        case .image(.unsupportedVariant(let variant)): "an image this build cannot decode (\(variant.kind))"
        case .image(.damaged(let detail)): "a damaged image: \(detail)"
        case .image(.tooManyPixels(let width, let height, let limit)): "an image of \(width) × \(height) pixels, over the limit of \(limit)"
        case .image(.processingFailed(let detail)): "the image could not be processed: \(detail)"
        case .readerFailed(let detail): "the barcode reader failed: \(detail)"
        }
    }
}
