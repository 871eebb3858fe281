import Database
import Synchronization

/// What the scanner found, for reading: the photos, the groups they form (albums, events, faces;
/// remade once per revision) and their renditions. It writes only to mark a photo that turned out
/// to be unreadable when it was decoded.
public final class LibraryCatalogue: Sendable {
    let database: Database
    let ids: KeyedID
    /// Row ids of the roots in `library_roots`, by path.
    let rootIDs: [String: Int64]
    let renditions: LibraryRenditions
    private let revisionCounter = Atomic<Int>(0)
    let groupCache = GroupCache()

    init(database: Database, ids: KeyedID, rootIDs: [String: Int64], renditions: LibraryRenditions) {
        self.database = database
        self.ids = ids
        self.rootIDs = rootIDs
        self.renditions = renditions
    }

    /// Goes up whenever what the library holds changes; the group caches key on it.
    var revision: Int { revisionCounter.load(ordering: .acquiring) }

    /// Says that what the library holds has changed (after the change is committed).
    func didChange() { revisionCounter.add(1, ordering: .releasing) }
}
