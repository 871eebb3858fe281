import Synchronization

/// Like `RevisionCache`, for several values told apart by a key (a query): all are forgotten when
/// the revision moves on, and at most `capacity` are kept (the oldest go first).
public final class RevisionKeyedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var revision = Int.min
        var values: [Key: Value] = [:]
        var order: [Key] = []
    }

    private let state = Mutex(State())
    private let capacity: Int

    public init(capacity: Int) { self.capacity = capacity }

    public func value(for key: Key, at revision: Int, make: () throws -> Value) rethrows -> Value {
        if let cached = state.withLock({ $0.revision == revision ? $0.values[key] : nil }) { return cached }
        let value = try make()
        state.withLock { state in
            if state.revision < revision { state = State(revision: revision) }
            guard state.revision == revision, state.values[key] == nil else { return }
            if state.order.count >= capacity { state.values[state.order.removeFirst()] = nil }
            state.values[key] = value
            state.order.append(key)
        }
        return value
    }
}
