import Synchronization

/// Keeps one value made from the inventory at a given revision, and remakes it only when the
/// revision moves on. The value is read after the revision, so it is never older than its key.
final class RevisionCache<Value: Sendable>: Sendable {
    private let entry = Mutex<(revision: Int, value: Value)?>(nil)

    init() {}

    func value(at revision: Int, make: () throws -> Value) rethrows -> Value {
        if let cached = entry.withLock({ $0 }), cached.revision == revision { return cached.value }
        let value = try make()
        entry.withLock { current in
            if current == nil || current!.revision <= revision { current = (revision, value) }
        }
        return value
    }
}
