import Foundation

/// Photos taken from one day to another, browsed like a group (`d<first ms>_<last ms>`): a person
/// looking for the old photos that show a possession remembers roughly when, not which event.
/// Days are wall-clock days, as capture times are kept (as if UTC).
public struct LibraryDateRange: Sendable, Equatable {
    /// The first and last moment of the range, in milliseconds, both included.
    public let start: Int64
    public let end: Int64

    /// From the first moment of the day starting at `firstDay` to the last of the day starting at
    /// `lastDay`; nil when the last day is before the first.
    public init?(firstDay: Date, lastDay: Date) {
        let start = Int64((firstDay.timeIntervalSince1970 * 1000).rounded())
        let end = Int64((lastDay.timeIntervalSince1970 * 1000).rounded()) + Self.dayMilliseconds - 1
        guard start <= end else { return nil }
        self.start = start
        self.end = end
    }

    /// The range a group id names; nil for anything else.
    public init?(groupID: String) {
        guard groupID.first == "d" else { return nil }
        let bounds = groupID.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        guard bounds.count == 2, let start = Int64(bounds[0]), let end = Int64(bounds[1]), start <= end else { return nil }
        self.start = start
        self.end = end
    }

    public var groupID: String { "d\(start)_\(end)" }

    /// "May 4, 2019", "May 1 – Jun 30, 2019".
    public var name: String { LibraryCatalogue.dateRange(from: start, to: end) }

    private static let dayMilliseconds: Int64 = 86_400_000
}
