/// Why an image was not accepted; nothing was stored.
public enum ImagingError: Error, Sendable, Equatable {
    /// Not an image, or a format Homepwner does not take (SVG, PDF, …).
    case unsupportedFormat
    /// A valid file of an accepted format in a form this build cannot decode (a 12-bit JPEG, …).
    case unsupportedVariant(UnsupportedVariant)
    /// The file claims to be an image but cannot be decoded (truncated, corrupt).
    case damaged(detail: String)
    /// More pixels than allowed, found from the header before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// libvips failed for a reason that is not the file's fault.
    case processingFailed(detail: String)
}
