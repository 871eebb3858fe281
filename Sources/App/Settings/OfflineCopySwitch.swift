import Inventory
import Synchronization

/// Whether devices keep an offline copy: the inventory's setting (`ItemStore.keepsOfflineCopy`),
/// held in memory because every page's head names it for the service worker (a read of the
/// settings for each page would be a database read more on every page). Read once at start; changed
/// only through `set`, which stores it first.
final class OfflineCopySwitch: Sendable {
    private let state: Mutex<Bool>

    init(items: ItemStore) {
        state = Mutex((try? items.keepsOfflineCopy()) ?? true)
    }

    var isOn: Bool { state.withLock { $0 } }

    /// Stores the choice, then holds it (under the lock: two owners' changes land in the same order
    /// in both).
    func set(_ isOn: Bool, in items: ItemStore) throws {
        try state.withLock { value in
            try items.setKeepsOfflineCopy(isOn)
            value = isOn
        }
    }
}
