import Archive

/// Why our own export could not be made or read back; in every case the inventory was not changed.
public enum InventoryArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The zip itself was refused (hostile, damaged, too large).
    case archive(ArchiveError)
    /// A zip without `homepwner.json`, or one that names another format.
    case notAnExport(String)
    /// Made by a newer Homepwner, whose format this one does not know.
    case newerFormat(version: Int)
    /// `homepwner.json` breaks a rule: what and where.
    case invalidManifest(String)
    /// A place of `homepwner.json` deeper than `Location.maxDepth` (an export made before the limit): which, and how deep.
    case placeTooDeep(String)
    /// A photo or document the manifest names is missing from the zip, or its bytes are not the ones it names.
    case damagedFile(path: String, reason: String)
    /// Imports go into an empty inventory only, so nothing is mixed or overwritten.
    case inventoryNotEmpty(items: Int, locations: Int)
    /// Reading or writing the files on this machine failed.
    case io(String)

    public var description: String {
        switch self {
        case .archive(let error): error.description
        case .notAnExport(let reason): "This is not a Homepwner export (\(reason)). Choose a file made by Export → Homepwner export."
        case .newerFormat(let version):
            "This export is in format \(version), made by a newer Homepwner; this one reads format \(InventoryManifest.currentFormatVersion) and older. Update Homepwner first."
        case .invalidManifest(let reason): "The export’s \(InventoryManifest.fileName) is damaged: \(reason) Nothing was imported."
        case .placeTooDeep(let reason): "\(reason) Nothing was imported."
        case .damagedFile(let path, let reason): "The export’s \(path) \(reason). Nothing was imported."
        case .inventoryNotEmpty(let items, let locations):
            "A Homepwner export is imported only into an empty inventory, so nothing is mixed or overwritten, and this one already holds "
                + "\(Self.count(items, "item")) and \(Self.count(locations, "place")). Import it into a new data folder: "
                + "homepwner import FILE --data NEW-FOLDER, then serve NEW-FOLDER."
        case .io(let reason): reason
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s" }
}
