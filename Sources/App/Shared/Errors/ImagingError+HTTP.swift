import HTTPServer
import Imaging
import Messages

extension ImagingError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .unsupportedFormat: .unsupportedImageFormat
        case .unsupportedVariant: .unsupportedImageVariant
        case .damaged: .damagedImage
        case .tooManyPixels: .imageTooLarge
        case .processingFailed: .imageProcessingFailed
        }
    }

    public var message: String {
        switch self {
        case .unsupportedFormat:
            "This file is not a photo Homepwner can use. Choose a \(ImageFormat.acceptedList) image."
        case .unsupportedVariant(let variant):
            variant.uploadRefusal.english
        case .damaged:
            "This image file is damaged (it may be truncated or corrupt) and cannot be read. Try another copy of the photo."
        case .tooManyPixels(let width, let height, let limit):
            "This image is \(width) × \(height) pixels, more than the limit of \(limit / 1_000_000) megapixels. Choose a smaller image."
        case .processingFailed:
            "The photo could not be processed; nothing was changed. Try again."
        }
    }

    public var wording: Message {
        switch self {
        case .damaged: Message("error.image.damaged", message)
        case .tooManyPixels(let width, let height, let limit):
            Message("error.image.too-many-pixels", message, ["width": .text(String(width)), "height": .text(String(height)), "limit": .count(limit / 1_000_000)])
        case .processingFailed: Message("error.image.processing-failed", message)
        // The formats written out (`ImageFormat.acceptedList`, a test checks), so each language lists them in its own words.
        case .unsupportedFormat:
            Message("error.inventory.image-format", "This file is not a photo Homepwner can use. Choose a JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF image.")
        case .unsupportedVariant(let variant): variant.uploadRefusal
        }
    }
}
