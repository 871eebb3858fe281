/// What a file brought to import is, told from its bytes, never from its name: a zip holding
/// `homepwner.json` is our own export, a zip holding Homebox's `manifest.json` is Homebox's whole
/// collection (v0.26 and later), and any other file is read as a Homebox CSV or TSV export.
public enum ImportFormat: String, Sendable, Equatable, CaseIterable {
    case homeboxCSV = "homebox-csv"
    case homeboxExport = "homebox-zip"
    case homepwnerExport = "homepwner"

    /// For people: "a Homebox CSV or TSV export".
    public var description: String {
        switch self {
        case .homeboxCSV: "a Homebox CSV or TSV export"
        case .homeboxExport: "a Homebox backup zip"
        case .homepwnerExport: "a Homepwner export"
        }
    }

    /// Whether it is one of the zips.
    public var isZip: Bool { self != .homeboxCSV }

    /// Every file the import takes, for a message about one that is none of them.
    public static let expected = "a Homebox CSV or TSV export (Items → Import/Export), a Homebox backup zip "
        + "(v0.26 and later: Tools → Backup & Restore) or a Homepwner export zip"

    /// `expected`, in words the app writes in the reader's language.
    public static let expectedWording = Message("error.import.expected", expected)

    /// Whether `prefix`, a file's first bytes, starts a zip archive (a local file header, or the end
    /// record of an empty one).
    static func startsZip(_ prefix: [UInt8]) -> Bool {
        prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) || prefix.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }
}
