import Inventory
import Synchronization

/// Whether devices keep an offline copy: the inventory's setting (`ItemStore.keepsOfflineCopy`),
/// held in memory because every page's head names it for the service worker (a read of the
/// settings for each page would be a database read more on every page). Read once at start; changed
/// only through `set`, which stores it first.
///
/// The server's switch: stored in the settings of the store it is made with (the first household's),
/// whichever household the owner who changes it is working in.
final class OfflineCopySwitch: Sendable {
    private let state: Mutex<Bool>
    private let items: ItemStore

    init(items: ItemStore) {
        self.items = items
        state = Mutex((try? items.keepsOfflineCopy()) ?? true)
    }

    var isOn: Bool { state.withLock { $0 } }

    /// Stores the choice, then holds it (under the lock: two owners' changes land in the same order
    /// in both).
    func set(_ isOn: Bool) throws {
        try state.withLock { value in
            try items.setKeepsOfflineCopy(isOn)
            value = isOn
        }
    }
}
