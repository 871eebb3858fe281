import Foundation
import Synchronization

/// Slows down guessing: after a few failed sign-ins for an account name, or from an address, further
/// attempts are refused for a while, doubling each time (up to 15 minutes). Names are tracked
/// whether or not an account has them, so the refusal says nothing about which names exist.
public final class SignInThrottle: Sendable {
    public static let freeAttempts = 5
    public static let longestWait: TimeInterval = 900

    private struct Record {
        var failures = 0
        var blockedUntil = Date.distantPast
        var lastFailure = Date.distantPast
    }

    private let records = Mutex<[String: Record]>([:])

    public init() {}

    /// How many records the throttle holds, and roughly how many bytes they take.
    public var footprint: (entries: Int, bytes: Int) {
        records.withLock { records in
            (records.count, records.keys.reduce(0) { $0 + $1.utf8.count + MemoryLayout<Record>.stride })
        }
    }

    /// Seconds to wait before `name` may be tried from `address`, or nil when it may be tried now.
    public func wait(name: String, address: String, now: Date = Date()) -> TimeInterval? {
        let keys = ["name:" + name.lowercased(), "address:" + address]
        let until = records.withLock { records in keys.compactMap { records[$0]?.blockedUntil }.max() ?? .distantPast }
        return until > now ? until.timeIntervalSince(now) : nil
    }

    public func failed(name: String, address: String, now: Date = Date()) {
        records.withLock { records in
            for key in ["name:" + name.lowercased(), "address:" + address] {
                var record = records[key] ?? Record()
                // A quiet hour forgives earlier failures.
                if now.timeIntervalSince(record.lastFailure) > 3600 { record.failures = 0 }
                record.failures += 1
                record.lastFailure = now
                if record.failures >= Self.freeAttempts {
                    let wait = min(Self.longestWait, pow(2, Double(record.failures - Self.freeAttempts)) * 2)
                    record.blockedUntil = now.addingTimeInterval(wait)
                }
                records[key] = record
            }
            if records.count > 100_000 { records = records.filter { now.timeIntervalSince($0.value.lastFailure) < 3600 } }
        }
    }

    /// Forgets the name's failures. The address's stay: signing in to one's own account between
    /// guesses at others must not wipe the guesses; they fade after a quiet hour.
    public func succeeded(name: String, address: String) {
        records.withLock { records in _ = records.removeValue(forKey: "name:" + name.lowercased()) }
    }
}
