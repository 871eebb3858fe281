import Accounts
import Foundation
import Synchronization

/// Caps guessing at links: a network (an IPv4 address, an IPv6 /64) that opens `allowedMisses` links
/// that do not work within `window` is answered 429 on every link, working or not, until the window
/// ends; so a guess that lands then tells it nothing. (Guessing 256 random bits cannot succeed
/// anyway; the cap keeps a scan out of the owner's way and its noise out of the log.) Networks are
/// kept in a table of bounded size.
final class ClaimLinkGuessLimit: Sendable {
    static let allowedMisses = 20
    static let window: TimeInterval = 600
    static let maximumRecords = 10_000

    private struct Record {
        var start: Date
        var misses: Int
    }

    private let records = Mutex<[[UInt8]: Record]>([:])

    /// Seconds `address` must wait before any link opens for it; nil when it need not.
    func wait(for address: String, now: Date) -> TimeInterval? {
        let network = SignInThrottle.network(of: address)
        return records.withLock { records in
            guard let record = records[network], record.misses >= Self.allowedMisses else { return nil }
            let end = record.start.addingTimeInterval(Self.window)
            guard end > now else {
                records[network] = nil
                return nil
            }
            return end.timeIntervalSince(now)
        }
    }

    /// Counts a token from `address` that opened nothing.
    func miss(from address: String, now: Date) {
        let network = SignInThrottle.network(of: address)
        records.withLock { records in
            if var record = records[network], now.timeIntervalSince(record.start) < Self.window {
                record.misses += 1
                records[network] = record
            } else {
                records[network] = Record(start: now, misses: 1)
            }
            guard records.count > Self.maximumRecords else { return }
            records = records.filter { now.timeIntervalSince($0.value.start) < Self.window }
            // Still full: the oldest windows go first.
            for (key, _) in records.sorted(by: { $0.value.start < $1.value.start }).prefix(max(0, records.count - Self.maximumRecords * 9 / 10)) {
                records[key] = nil
            }
        }
    }
}
