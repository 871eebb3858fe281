import Imaging

/// A photo or document that comes with an imported item: its file in the unpacked zip, checked as
/// an upload is (what it is sniffed from its bytes, a photo's header read), and its SHA-256.
struct ImportAttachment: Sendable, Equatable {
    enum Role: Sendable, Equatable {
        case photo
        case document(ItemDocument.Kind)
    }

    let role: Role
    /// A document's name; a photo's title (not kept).
    let name: String
    /// Its file, relative to the unpacked zip: `attachments/<id>`.
    let path: String
    let sha256: String

    var isPhoto: Bool { role == .photo }

    /// Why an image is refused, as the end of a sentence: "… is not a photo Homepwner can use: <reason>."
    static func reason(_ error: ImagingError) -> String {
        switch error {
        case .unsupportedFormat: "it is not a \(ImageFormat.acceptedList) image"
        case .unsupportedVariant(let variant): "it is \(variant.kind), which Homepwner cannot read; save it as \(variant.saveAs)"
        case .damaged: "the image is damaged (truncated or corrupt) and cannot be read"
        case .tooManyPixels(let width, let height, let limit):
            "it is \(width) × \(height) pixels, more than the limit of \(limit / 1_000_000) megapixels"
        case .processingFailed(let detail): "it could not be processed (\(detail.prefix(120)))"
        }
    }
}
