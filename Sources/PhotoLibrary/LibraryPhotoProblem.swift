import Imaging

/// Why a library photo cannot be shown, as the library keeps it (`library_assets.error`): by kind,
/// so each page words it in its reader's language.
public enum LibraryPhotoProblem: Sendable, Equatable {
    /// A form this build cannot decode, kept by its id.
    case unsupportedVariant(UnsupportedVariant)
    /// The file is damaged; `detail` is the decoder's own words.
    case damaged(detail: String)
    /// More pixels than the server takes (`limit`, in pixels).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// In US English: any other failure's words, and every reason kept before problems were kept
    /// by kind (until a scan finds the file changed).
    case described(String)

    /// What a photo's cell says, in US English: "This photo is a 12-bit JPEG, which Homepwner
    /// cannot read. Save a copy as …".
    public var english: String {
        switch self {
        case .unsupportedVariant(let variant): "This photo is \(variant.kind), which Homepwner cannot read. Save a copy as \(variant.saveAs)."
        case .damaged(let detail): "This file is damaged and cannot be read (\(detail))."
        case .tooManyPixels(let width, let height, let limit):
            "This photo is \(width) × \(height) pixels, more than the limit of \(limit / 1_000_000) megapixels."
        case .described(let text): text
        }
    }

    /// As the database keeps it: `unsupported-variant:<id>`, `damaged:<detail>`,
    /// `too-many-pixels:<width>x<height>x<limit>`, or the words.
    var stored: String {
        switch self {
        case .unsupportedVariant(let variant): Self.variantPrefix + variant.id
        case .damaged(let detail): Self.damagedPrefix + detail
        case .tooManyPixels(let width, let height, let limit): Self.pixelsPrefix + "\(width)x\(height)x\(limit)"
        case .described(let text): text
        }
    }

    init(stored: String) {
        if stored.hasPrefix(Self.variantPrefix), let variant = UnsupportedVariant(id: String(stored.dropFirst(Self.variantPrefix.count))) {
            self = .unsupportedVariant(variant)
        } else if stored.hasPrefix(Self.damagedPrefix) {
            self = .damaged(detail: String(stored.dropFirst(Self.damagedPrefix.count)))
        } else if stored.hasPrefix(Self.pixelsPrefix),
                  case let numbers = stored.dropFirst(Self.pixelsPrefix.count).split(separator: "x", omittingEmptySubsequences: false).compactMap({ Int($0) }),
                  numbers.count == 3 {
            self = .tooManyPixels(width: numbers[0], height: numbers[1], limit: numbers[2])
        } else {
            self = .described(stored)
        }
    }

    private static let variantPrefix = "unsupported-variant:"
    private static let damagedPrefix = "damaged:"
    private static let pixelsPrefix = "too-many-pixels:"
}
