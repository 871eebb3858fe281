import Imaging
import Messages

extension ImportAttachment {
    /// Why an image is refused, as the end of a sentence (“… is not a photo Homepwner can use: <reason>.”),
    /// in words the app writes in the reader's language; `reason(_:)`'s US English to the byte.
    static func wording(_ error: ImagingError) -> Message {
        switch error {
        // The formats written out (`ImageFormat.acceptedList`, a test checks), so each language lists them in its own words.
        case .unsupportedFormat: Message("error.archive.image.format", "it is not a JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF image")
        // Worded in its own branch (the variant's kind and what to save it as): US English until then.
        case .unsupportedVariant: Message(english: reason(error))
        case .damaged: Message("error.archive.image.damaged", "the image is damaged (truncated or corrupt) and cannot be read")
        case .tooManyPixels(let width, let height, let limit):
            Message("error.archive.image.too-many-pixels", "it is \(width) × \(height) pixels, more than the limit of \(limit / 1_000_000) megapixels",
                    ["width": .text(String(width)), "height": .text(String(height)), "limit": .text(String(limit / 1_000_000))])
        case .processingFailed(let detail):
            // libvips's own words, as it wrote them.
            Message("error.archive.image.processing-failed", "it could not be processed (\(detail.prefix(120)))", ["detail": .text(String(detail.prefix(120)))])
        }
    }
}
