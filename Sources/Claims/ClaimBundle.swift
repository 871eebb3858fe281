import Database
import Inventory

/// Lines of a claim the schedule shows as one row, "Lot of hand tools, 34 pieces", where the insurer
/// accepts it. Each line keeps its own valuation, evidence and page; the bundle's row adds them up.
/// Which lines it holds is on the lines (`ClaimLine.bundleID`).
public struct ClaimBundle: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<ClaimBundle>

    public let id: ID
    /// What the lot is, as the schedule's description begins: "Lot of hand tools".
    public var name: String

    public init(id: ID, name: String) {
        self.id = id
        self.name = name
    }

    /// The fewest lines a bundle holds when made or changed: one line is a row already.
    public static let minimumLines = 2
}
