import Messages

/// Why our own export could not be read back; in every case the inventory was not changed. Each
/// case carries or makes words the app writes in the reader's language (`wording`).
public enum InventoryArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A zip without `homepwner.json`, or one that names another format: the whole sentence saying which.
    case notAnExport(Message)
    /// Made by a newer Homepwner, whose format this one does not know.
    case newerFormat(version: Int)
    /// `homepwner.json` breaks a rule: what and where (a clause, its full stop included).
    case invalidManifest(Message)
    /// A place of `homepwner.json` deeper than `Location.maxDepth` (an export made before the limit): which, and how deep.
    case placeTooDeep(Message)
    /// A photo, document or video the manifest names is missing from the zip, or its bytes are not the
    /// ones it names: its path in the zip, and the sentence saying what is wrong with it.
    case damagedFile(path: String, Message)
    /// Imports go into an empty inventory only, so nothing is mixed or overwritten.
    case inventoryNotEmpty(items: Int, locations: Int)

    public var wording: Message {
        switch self {
        case .notAnExport(let why): why
        case .newerFormat(let version):
            Message("error.archive.newer-format", "This export is in format \(version), made by a newer Homepwner; this one reads format "
                    + "\(InventoryManifest.currentFormatVersion) and older. Update Homepwner first.",
                    ["version": .text(String(version)), "read": .text(String(InventoryManifest.currentFormatVersion))])
        case .invalidManifest(let reason):
            Self.nothingImported(Message("error.archive.manifest-damaged", "The export’s \(InventoryManifest.fileName) is damaged: \(reason.english)",
                                         ["file": .text(InventoryManifest.fileName), "reason": .message(reason)]))
        case .placeTooDeep(let why), .damagedFile(_, let why): Self.nothingImported(why)
        case .inventoryNotEmpty(let items, let locations):
            Message("error.archive.not-empty", "A Homepwner export is imported only into an empty inventory, so nothing is mixed or overwritten, and this one already holds "
                    + "\(Self.count(items, "item")) and \(Self.count(locations, "place")). Import it into a new data folder: "
                    + "homepwner import FILE --data NEW-FOLDER, then serve NEW-FOLDER.", ["items": .count(items), "locations": .count(locations)])
        }
    }

    public var description: String { wording.english }

    private static func nothingImported(_ why: Message) -> Message {
        .sentences([why, Message("error.archive.nothing-imported", "Nothing was imported.")])
    }

    private static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
}
