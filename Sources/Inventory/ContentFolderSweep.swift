import Foundation

/// The start-up sweep of one content-addressed folder (`ab/abcd…/file`): the stores' staging,
/// half-deleted and temporary entries beside the content folders, and the content folders no row
/// names. It lists the 256 shard folders and opens no content folder; a name that is not the
/// store's own (not a shard, not a hash) stays.
public enum ContentFolderSweep {
    /// Removes what `used` does not name (through `delete`, the store's own removal); returns what it
    /// removed, relative to `directory`.
    public static func removeLeftovers(in directory: String, keeping used: Set<String>, delete: (String) -> Void) -> [String] {
        let manager = FileManager.default
        var removed: [String] = []
        for shard in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] where isShard(shard) {
            for name in (try? manager.contentsOfDirectory(atPath: "\(directory)/\(shard)")) ?? [] {
                let path = "\(directory)/\(shard)/\(name)"
                if name.hasPrefix(".staging-") || name.hasPrefix(".deleted-") || name.hasPrefix(".tmp-") {
                    try? manager.removeItem(atPath: path)
                    removed.append("\(shard)/\(name)")
                } else if SHA256.isWellFormed(name), name.hasPrefix(shard), !used.contains(name) {
                    delete(name)
                    removed.append("\(shard)/\(name)")
                }
            }
        }
        return removed.sorted()
    }

    /// `ab`: the first two hexadecimal digits of a hash, a folder of the store's own.
    private static func isShard(_ name: String) -> Bool {
        name.utf8.count == 2 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
