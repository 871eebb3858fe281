import Imaging

/// Why a library photo cannot be shown, as the library keeps it (`library_assets.error`): a form
/// this build cannot decode by its variant's id, so each page words it in its reader's language;
/// anything else as words found then (a damaged file, too many pixels), in US English.
public enum LibraryPhotoProblem: Sendable, Equatable {
    case unsupportedVariant(UnsupportedVariant)
    /// In US English: a damaged file's or an oversized photo's reason, and every reason kept
    /// before variants were kept by id (until a scan finds the file changed).
    case described(String)

    /// What a photo's cell says, in US English: "This photo is a 12-bit JPEG, which Homepwner
    /// cannot read. Save a copy as …".
    public var english: String {
        switch self {
        case .unsupportedVariant(let variant): "This photo is \(variant.kind), which Homepwner cannot read. Save a copy as \(variant.saveAs)."
        case .described(let text): text
        }
    }

    /// As the database keeps it: `unsupported-variant:<id>`, or the words.
    var stored: String {
        switch self {
        case .unsupportedVariant(let variant): Self.variantPrefix + variant.id
        case .described(let text): text
        }
    }

    init(stored: String) {
        if stored.hasPrefix(Self.variantPrefix), let variant = UnsupportedVariant(id: String(stored.dropFirst(Self.variantPrefix.count))) {
            self = .unsupportedVariant(variant)
        } else {
            self = .described(stored)
        }
    }

    private static let variantPrefix = "unsupported-variant:"
}
