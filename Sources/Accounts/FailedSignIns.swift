import Foundation

/// Failed sign-ins that came close together: what the owner is told of, on the accounts pages and in
/// the server log.
public struct FailedSignIns: Sendable, Equatable, CustomStringConvertible {
    public let count: Int
    /// Different account names tried (existing or not).
    public let names: Int
    /// Different networks they came from (an IPv4 address, or an IPv6 /64).
    public let addresses: Int
    public let first: Date
    public let last: Date

    /// Whether `names` or `addresses` stopped at the most remembered, so there were that many or more.
    public var namesCapped: Bool { names >= FailureBurst.mostRemembered }
    public var addressesCapped: Bool { addresses >= FailureBurst.mostRemembered }

    /// For the server's log: "37 failed sign-ins for 3 names from 12 addresses between 14:02 and 14:09
    /// on Nov 29", in this server's time zone (the pages word it in the reader's language).
    public var description: String {
        let day = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: .current)
        let time = Date.FormatStyle(date: .omitted, time: .shortened, locale: Locale(identifier: "en_GB"), timeZone: .current)
        let span = if first.formatted(day) != last.formatted(day) {
            "between \(first.formatted(day)) \(first.formatted(time)) and \(last.formatted(day)) \(last.formatted(time))"
        } else if first.formatted(time) != last.formatted(time) {
            "between \(first.formatted(time)) and \(last.formatted(time)) on \(last.formatted(day))"
        } else {
            "at \(last.formatted(time)) on \(last.formatted(day))"
        }
        return "\(Self.counted(count, "failed sign-in")) for \(Self.counted(names, "name")) from \(Self.counted(addresses, "address", plural: "addresses")) \(span)"
    }

    private static func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        let more = count >= FailureBurst.mostRemembered ? " or more" : ""
        return "\(count.formatted())\(more) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}

/// Keeps count of the current burst of failures (a gap of 15 quiet minutes ends one) and of the
/// latest one big enough to tell the owner about.
struct FailureBurst {
    static let quietGap: TimeInterval = 15 * 60
    static let noteworthy = 10
    /// Distinct names and networks remembered per burst; past that the counts read "or more".
    static let mostRemembered = 10_000

    private var count = 0
    private var names: Set<Int> = []
    private var networks: Set<Int> = []
    private var first = Date.distantPast
    private var last = Date.distantPast
    /// The latest burst of at least `noteworthy` failures.
    private(set) var noteworthy: FailedSignIns?
    /// Set when a burst reaches 10, 100, 1000… failures; cleared when taken for the log.
    var unreported: FailedSignIns?

    mutating func add(name: Int, network: Int, at now: Date) {
        if now.timeIntervalSince(last) > Self.quietGap {
            self = FailureBurst(noteworthy: noteworthy, unreported: unreported)
            first = now
        }
        count += 1
        last = now
        if names.count < Self.mostRemembered { names.insert(name) }
        if networks.count < Self.mostRemembered { networks.insert(network) }
        guard count >= Self.noteworthy else { return }
        let summary = FailedSignIns(count: count, names: names.count, addresses: networks.count, first: first, last: last)
        noteworthy = summary
        if Self.isPowerOfTen(count) { unreported = summary }
    }

    private init(noteworthy: FailedSignIns?, unreported: FailedSignIns?) {
        self.noteworthy = noteworthy
        self.unreported = unreported
    }

    init() {}

    var footprint: Int { (names.capacity + networks.capacity) * MemoryLayout<Int>.stride }

    private static func isPowerOfTen(_ number: Int) -> Bool {
        var number = number
        while number >= 10, number % 10 == 0 { number /= 10 }
        return number == 1
    }
}
