import Inventory

/// A bundle as the schedule's one row: its lines' figures added up (`totals`, so the row agrees
/// with its lines and with the claim's totals to the minor unit), their numbers ("4–9", "3, 7, 12"),
/// and a description that says what is in the lot: "Lot of hand tools, 34 pieces".
public struct ClaimScheduleBundle: Sendable, Equatable {
    public let id: ClaimBundle.ID
    public let name: String
    /// Its lines, in the claim's order.
    public let lines: [ClaimScheduleLine]
    public let totals: ClaimScheduleTotals

    init(bundle: ClaimBundle, lines: [ClaimScheduleLine]) throws(ValuationError) {
        self.id = bundle.id
        self.name = bundle.name
        self.lines = lines
        self.totals = try ClaimScheduleTotals(room: "", lines: lines)
    }

    /// The lines' numbers, runs joined: "4–9", "3, 7, 12–14".
    public var numbers: String {
        var runs: [(Int, Int)] = []
        for number in lines.map(\.number) {
            if let last = runs.last, last.1 + 1 == number { runs[runs.count - 1].1 = number } else { runs.append((number, number)) }
        }
        return runs.map { $0 == $1 ? "\($0)" : "\($0)–\($1)" }.joined(separator: ", ")
    }

    /// "Lot of hand tools, 34 pieces" when every line counts pieces; "…, 6 lines" when units differ.
    public var description: String {
        if lines.allSatisfy({ $0.quantityUnit == .pieces }) {
            let pieces = totals.quantity
            return "\(name), \(pieces.grouped) \(pieces == Quantity(1) ? "piece" : "pieces")"
        }
        return "\(name), \(lines.count) lines"
    }

    /// The pieces (or gallons…) in it when every line counts in the same unit; nil when units differ.
    public var quantity: Quantity? { Set(lines.map(\.quantityUnit)).count == 1 ? totals.quantity : nil }

    /// The lines' own room when they share one ("" when they do not): the room column.
    public var roomName: String { Set(lines.map(\.roomName)).count == 1 ? lines[0].roomName : "" }
    public var room: String { Set(lines.map(\.room)).count == 1 ? lines[0].room : "" }

    /// A line's actual cash value in it was set by hand: the row is marked as such.
    public var hasValueSetByHand: Bool { lines.contains { $0.valuation.overrideReason != nil } }

    public var originalCost: Int64? { lines.contains { $0.valuation.lineOriginalCost != nil } ? totals.originalCost : nil }
    public var replacedCost: Int64? { lines.contains { $0.replacedCost != nil } ? lines.reduce(0) { $0 + ($1.replacedCost ?? 0) } : nil }
    public var paid: Int64? { lines.contains { $0.paid != nil } ? totals.paid : nil }

    /// The ages of its lines, "3 to 12 years", "about 7 years", or "" when none is known.
    public var ageRangeText: String {
        guard let (low, high, rough) = ageRange else { return "" }
        if high <= 1 { return (rough ? "about " : "") + "under a year" }
        return (rough ? "about " : "") + (low == high ? "\(high) years" : "\(low) to \(high) years")
    }

    /// The same in whole years for an age column: "3–12", "about 7"; "" when none is known.
    public var ageRangeYears: String {
        guard let (low, high, rough) = ageRange else { return "" }
        return (rough ? "about " : "") + (low == high || high <= 1 ? "\(max(high, 1))" : "\(low)–\(high)")
    }

    /// The youngest line's age in whole years (down) and the oldest's (up); rough when a purchase date was.
    private var ageRange: (Int, Int, Bool)? {
        let months = lines.compactMap(\.valuation.ageInMonths)
        guard let youngest = months.min(), let oldest = months.max() else { return nil }
        return (youngest / 12, (oldest + 11) / 12, lines.contains { $0.purchaseDate?.isRough == true })
    }
}

/// One row of the schedule as the PDF and the exports print it: a line of its own, or a bundle of lines.
public enum ClaimScheduleRow: Sendable, Equatable {
    case line(ClaimScheduleLine)
    case bundle(ClaimScheduleBundle)

    /// The lines the row stands for.
    public var lines: [ClaimScheduleLine] {
        switch self {
        case .line(let line): [line]
        case .bundle(let bundle): bundle.lines
        }
    }
}
