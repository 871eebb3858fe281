/// How an item left the household.
public enum DisposalKind: String, Sendable, CaseIterable {
    case sold, givenAway, thrownAway, lost, stolen

    public var label: String {
        switch self {
        case .sold: "Sold"
        case .givenAway: "Given away"
        case .thrownAway: "Thrown away"
        case .lost: "Lost"
        case .stolen: "Stolen"
        }
    }
}

/// An item no longer owned: it leaves the totals and the default list, but stays findable, so its
/// history (what it fetched, when it went) is still there for a question about it later.
public struct Disposal: Sendable, Equatable {
    public var kind: DisposalKind
    public var date: CalendarDate?
    /// What it fetched, in minor units of the inventory's currency.
    public var price: Int64?
    public var notes: String

    public init(kind: DisposalKind, date: CalendarDate? = nil, price: Int64? = nil, notes: String = "") {
        self.kind = kind
        self.date = date
        self.price = price
        self.notes = notes
    }
}
