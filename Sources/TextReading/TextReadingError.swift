import Imaging

/// Why a picture or a document was not read; nothing is suggested from it.
public enum TextReadingError: Error, Sendable, Equatable {
    /// tesseract's data for `language` is in none of the folders searched.
    case languageDataMissing(language: String, searched: [String])
    /// tesseract would not start with the data it was given.
    case engineFailed(detail: String)
    /// The picture is not one Imaging accepts, is damaged, or has too many pixels.
    case image(ImagingError)
    /// Reading took longer than the limit; what was read so far is dropped.
    case timedOut(limit: Duration)
    /// A PDF poppler cannot open, or one past its page and time limits.
    case documentUnreadable

    /// What to do about it, in a sentence.
    public var message: String {
        switch self {
        case .languageDataMissing(let language, let searched):
            "tesseract's \(language).traineddata is not installed (looked in \(searched.joined(separator: ", "))): install Debian's tesseract-ocr-\(language) or set TESSDATA_PREFIX to its folder."
        case .engineFailed(let detail):
            "tesseract did not start: \(detail)."
        case .image(.tooManyPixels(let width, let height, let limit)):
            "The picture is \(width) × \(height) pixels; text is read from pictures of at most \(limit) pixels."
        case .image(let error):
            "The picture cannot be read (\(error))."
        case .timedOut(let limit):
            "Reading the text took longer than \(limit.components.seconds) s and was stopped."
        case .documentUnreadable:
            "The PDF cannot be opened, or is too long or too slow to read."
        }
    }
}
