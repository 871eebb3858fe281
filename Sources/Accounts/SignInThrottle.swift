import Clocks
import Foundation
import Synchronization

/// Slows down password guessing without letting strangers lock the owner out (OWASP's "device
/// cookies"). A browser that has signed in to the account before is counted on its own, and nobody
/// else's failures slow it. Every other attempt is counted per account name on a network (an IPv4
/// address, or an IPv6 /64), per network, per name, and against a ceiling of failed sign-ins per
/// minute for the whole server.
///
/// A scope's first few failures are free; each one after doubles its wait, up to 15 minutes, and an
/// hour without failures forgives them. Attempts are reserved before the slow password check, so a
/// burst sent at once gets no more guesses than one sent in turn. Names, networks and devices are
/// kept only as hashes, in a table of bounded size: what strangers send costs no memory.
///
/// Which attempts the server-wide ceiling checks. OWASP's note locks out every untrusted browser of
/// one *account* and leaves a spray across many accounts "not mitigated"; a ceiling for the whole
/// server bounds such a spray, but held every new browser alike, so the owner on a new phone could
/// not sign in while it lasted (0 of 27). A spray comes from somewhere: its guesses fail, again and
/// again, from the same few network blocks (an IPv4 /24, an IPv6 /48: what one host, provider range
/// or tunnel holds), and an owner signing in from home or a phone comes from a block that has not
/// been failing. So the ceiling holds unknown browsers from a block that has failed 5 times (an
/// hour without a failure forgives them, as everywhere here) once the minute has 15 failures, and
/// every unknown browser once it has 20: the last 5 are left to blocks that have not been failing. The spray's budget is unchanged (20 checked guesses a
/// minute, however many blocks it comes from; 15 from blocks it has made failing), and the owner on
/// a clean network gets in. A spray from ever new blocks takes their share too, and then only a
/// known browser gets in: that is the case OWASP leaves to device cookies. A name guessed 20 times
/// from anywhere still holds every browser not known for it, whatever its network (per account, as
/// OWASP's lockout of untrusted clients).
public final class SignInThrottle: Sendable {
    public static let longestWait: TimeInterval = 900
    /// Failed sign-ins per minute, server-wide, before browsers it does not know wait.
    public static let failuresPerMinute = 20
    /// Of those, the last few are left to browsers from a network block that has not been failing:
    /// unknown browsers from a failing block wait from `failuresPerMinute - reservedForCleanBlocks` on.
    public static let reservedForCleanBlocks = 5
    /// The most records kept; stale ones go first, then the longest quiet.
    public static let maximumRecords = 10_000
    static let forgiveness: TimeInterval = 3600

    /// What is counted, and how many failures each may have before waits begin.
    enum Scope: UInt8 {
        case nameOnNetwork, network, name, knownDevice
        /// A network block (`SignInThrottle.block(of:)`): not waited on itself; from its 5th failure
        /// in the hour it is failing, and held to the ceiling's share for failing blocks.
        case block

        var freeFailures: Int {
            switch self {
            case .nameOnNetwork, .knownDevice, .block: 5
            // Spraying names from one network, and one name from everywhere, need more rope: a
            // household shares an address, and an owner may try from a new phone during an attack.
            case .network: 10
            case .name: 20
            }
        }
    }

    struct Key: Hashable {
        let scope: Scope
        /// Keyed by a hash seeded afresh in every process, so nobody can aim collisions at a record.
        let digest: Int
    }

    struct Record {
        var failures = 0
        /// Attempts past the check whose password check has not ended yet.
        var pending = 0
        var lastFailure = Date.distantPast
        var blockedUntil = Date.distantPast
    }

    /// One attempt's records, and whether it answers to the server-wide ceiling.
    struct Keys {
        let scoped: [Key]
        /// The attempt's network block; nil for a known browser, which the ceiling does not hold.
        let block: Key?
        var isUnknownDevice: Bool { block != nil }
        let name: Int
        let network: Int
    }

    struct State {
        var records: [Key: Record] = [:]
        /// When the failures of the last minute happened, oldest first.
        var recentFailures: [Date] = []
        /// Unknown devices' attempts past the check, not yet ended.
        var pendingUnknown = 0
        var burst = FailureBurst()
    }

    private let state = Mutex(State())
    /// The time of day attempts are counted at, unless a call gives its own `now`.
    public let clock: any TimeSource

    public init(clock: any TimeSource = WallClock()) { self.clock = clock }

    /// An attempt to sign in: who for, from where, and whether the browser is known for this name.
    public struct Attempt: Sendable {
        public let name: String
        public let address: String
        /// The browser's device token when it has signed in to `name` before; nil otherwise.
        public let knownDevice: String?

        public init(name: String, address: String, knownDevice: String? = nil) {
            self.name = name
            self.address = address
            self.knownDevice = knownDevice
        }
    }

    /// Why an attempt must wait, and for how long.
    public struct Wait: Sendable, Equatable {
        public let seconds: TimeInterval
        /// The server-wide ceiling, not this name or network: browsers known for the name are not held.
        public let isServerWide: Bool
    }

    public enum Outcome<Found> {
        case wait(Wait)
        case failed
        case succeeded(Found)
    }

    /// Runs `check` (the slow password check) unless the attempt must wait first, and counts what it
    /// found: nil is a failure. The attempt is counted before `check` starts, at `now` (by default, the
    /// throttle's clock).
    public func attempt<Found>(_ attempt: Attempt, now: Date? = nil, check: () throws -> Found?) rethrows -> Outcome<Found> {
        let now = now ?? clock.now
        let keys = Self.keys(for: attempt)
        if let wait = state.withLock({ state -> Wait? in
            if let wait = state.wait(for: keys, now: now) { return wait }
            state.reserve(keys, now: now)
            return nil
        }) { return .wait(wait) }
        var settled = false
        defer { if !settled { state.withLock { $0.release(keys) } } }
        let found = try check()
        state.withLock { found == nil ? $0.fail(keys, now: now) : $0.succeed(keys) }
        settled = true
        return found.map { .succeeded($0) } ?? .failed
    }

    /// How long `attempt` would wait now, without counting it.
    public func wait(for attempt: Attempt, now: Date? = nil) -> Wait? {
        let now = now ?? clock.now
        let keys = Self.keys(for: attempt)
        return state.withLock { $0.wait(for: keys, now: now) }
    }

    /// How many records the throttle holds, and about how many bytes they take.
    public var footprint: (entries: Int, bytes: Int) {
        state.withLock { state in
            (state.records.count, state.records.capacity * (MemoryLayout<Key>.stride + MemoryLayout<Record>.stride)
                + state.recentFailures.capacity * MemoryLayout<Date>.stride + state.burst.footprint)
        }
    }

    /// The latest burst of failed sign-ins worth an owner's attention (at least 10, within a week).
    public func latestBurst(now: Date? = nil) -> FailedSignIns? {
        let now = now ?? clock.now
        return state.withLock { $0.burst.noteworthy }.flatMap { now.timeIntervalSince($0.last) < 7 * 86_400 ? $0 : nil }
    }

    /// A burst that has grown to 10, 100, 1000… failures since it was last taken: for the server log.
    public func takeBurstReport() -> FailedSignIns? {
        state.withLock { state in
            defer { state.burst.unreported = nil }
            return state.burst.unreported
        }
    }

    static func keys(for attempt: Attempt) -> Keys {
        let name = digest(attempt.name.lowercased())
        let network = digest(network(of: attempt.address))
        if let device = attempt.knownDevice {
            return Keys(scoped: [Key(scope: .knownDevice, digest: digest(device))], block: nil, name: name, network: network)
        }
        return Keys(scoped: [Key(scope: .nameOnNetwork, digest: digest([name, network])), Key(scope: .network, digest: network),
                             Key(scope: .name, digest: name)],
                    block: Key(scope: .block, digest: digest(block(of: attempt.address))), name: name, network: network)
    }

    static func digest(_ value: some Hashable) -> Int {
        var hasher = Hasher()
        hasher.combine(value)
        return hasher.finalize()
    }

    /// The wait after `failures` failures where `free` are free: 2 s, then doubling, up to the longest.
    static func backoff(failures: Int, free: Int) -> TimeInterval {
        failures < free ? 0 : min(longestWait, 2 * pow(2, Double(min(failures - free, 20))))
    }
}

extension SignInThrottle.State {
    typealias Throttle = SignInThrottle

    mutating func wait(for keys: Throttle.Keys, now: Date) -> Throttle.Wait? {
        var longest: TimeInterval = 0
        for key in keys.scoped {
            guard let record = records[key] else { continue }
            if record.blockedUntil > now {
                longest = max(longest, record.blockedUntil.timeIntervalSince(now))
            } else if record.pending > 0, current(record, now: now).failures + record.pending >= key.scope.freeFailures {
                // The last free guess (or the one after a wait) is being checked: one at a time.
                longest = max(longest, Throttle.backoff(failures: record.failures + record.pending, free: key.scope.freeFailures))
            }
        }
        if longest > 0 { return Throttle.Wait(seconds: longest, isServerWide: false) }
        guard let block = keys.block else { return nil }
        forgetOldFailures(now: now)
        let isFailing = records[block].map { current($0, now: now).failures >= Throttle.Scope.block.freeFailures } ?? false
        let ceiling = Throttle.failuresPerMinute - (isFailing ? Throttle.reservedForCleanBlocks : 0)
        let counted = recentFailures.count + pendingUnknown
        guard counted >= ceiling else { return nil }
        // Until enough of the minute's failures have left it for this attempt to fit under its ceiling.
        guard !recentFailures.isEmpty else { return Throttle.Wait(seconds: 1, isServerWide: true) }
        let leaving = recentFailures[min(counted - ceiling, recentFailures.count - 1)]
        return Throttle.Wait(seconds: max(1, leaving.addingTimeInterval(60).timeIntervalSince(now)), isServerWide: true)
    }

    mutating func reserve(_ keys: Throttle.Keys, now: Date) {
        for key in keys.scoped { records[key, default: Throttle.Record()].pending += 1 }
        if keys.isUnknownDevice { pendingUnknown += 1 }
        if records.count > Throttle.maximumRecords { prune(now: now) }
    }

    mutating func fail(_ keys: Throttle.Keys, now: Date) {
        for key in keys.scoped {
            guard var record = records[key] else { continue }
            record = current(record, now: now)
            record.pending -= 1
            record.failures += 1
            record.lastFailure = now
            if record.failures >= key.scope.freeFailures {
                record.blockedUntil = now.addingTimeInterval(Throttle.backoff(failures: record.failures, free: key.scope.freeFailures))
            }
            records[key] = record
        }
        if let block = keys.block {
            var record = current(records[block] ?? Throttle.Record(), now: now)
            record.failures += 1
            record.lastFailure = now
            records[block] = record
            pendingUnknown -= 1
            if records.count > Throttle.maximumRecords { prune(now: now) }
        }
        forgetOldFailures(now: now)
        recentFailures.append(now)
        burst.add(name: keys.name, network: keys.network, at: now)
    }

    /// The right password: this name on this network (or this browser) starts afresh. The network's
    /// and the name's counts stay: signing in to one's own account between guesses at others must
    /// not wipe the guesses.
    mutating func succeed(_ keys: Throttle.Keys) {
        for key in keys.scoped {
            guard var record = records[key] else { continue }
            record.pending -= 1
            if key.scope == .nameOnNetwork || key.scope == .knownDevice { record.failures = 0 }
            store(record, at: key)
        }
        if keys.isUnknownDevice { pendingUnknown -= 1 }
    }

    /// The check failed for another reason (the database): the attempt is not counted.
    mutating func release(_ keys: Throttle.Keys) {
        for key in keys.scoped {
            guard var record = records[key] else { continue }
            record.pending -= 1
            store(record, at: key)
        }
        if keys.isUnknownDevice { pendingUnknown -= 1 }
    }

    private mutating func store(_ record: Throttle.Record, at key: Throttle.Key) {
        records[key] = record.failures == 0 && record.pending == 0 ? nil : record
    }

    /// The record with failures older than a quiet hour forgiven.
    private func current(_ record: Throttle.Record, now: Date) -> Throttle.Record {
        guard now.timeIntervalSince(record.lastFailure) > Throttle.forgiveness else { return record }
        var forgiven = record
        forgiven.failures = 0
        return forgiven
    }

    private mutating func forgetOldFailures(now: Date) {
        let recent = recentFailures.firstIndex { now.timeIntervalSince($0) < 60 } ?? recentFailures.endIndex
        recentFailures.removeFirst(recent)
    }

    /// Forgiven records first; if that is not enough, those quiet longest (never one being checked).
    private mutating func prune(now: Date) {
        records = records.filter { $0.value.pending > 0 || current($0.value, now: now).failures > 0 }
        let target = Throttle.maximumRecords * 9 / 10
        guard records.count > target else { return }
        let quietest = records.filter { $0.value.pending == 0 }.sorted { $0.value.lastFailure < $1.value.lastFailure }
        for (key, _) in quietest.prefix(records.count - target) { records[key] = nil }
    }
}
