import Synchronization

/// Keeps one value made from stored data at a given revision (a counter its store raises on every
/// change), and remakes it only when the revision moves on. The value is read after the revision,
/// so it is never older than its key; a value made at an older revision never replaces a newer one.
public final class RevisionCache<Value: Sendable>: Sendable {
    private let entry = Mutex<(revision: Int, value: Value)?>(nil)

    public init() {}

    /// The value kept for `revision`, or the one `make` returns (kept unless a newer one is).
    public func value(at revision: Int, make: () throws -> Value) rethrows -> Value {
        if let cached = entry.withLock({ $0 }), cached.revision == revision { return cached.value }
        let value = try make()
        entry.withLock { current in
            if current == nil || current!.revision <= revision { current = (revision, value) }
        }
        return value
    }
}
