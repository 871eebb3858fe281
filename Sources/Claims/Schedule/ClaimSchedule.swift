import Inventory

/// A claim's itemised schedule: numbered lines valued at the loss date, totals by room and for the
/// claim, and how the figures were worked out. The PDF report, the CSV and the claim's page all show
/// this one value, so they agree to the minor unit.
public struct ClaimSchedule: Sendable, Equatable {
    public let lossDate: CalendarDate?
    /// The claim's sales tax rate; nil: none entered, and every line's tax is zero.
    public let salesTaxRate: SalesTaxRate?
    public let lines: [ClaimScheduleLine]
    /// The rows the PDF and the exports print: each line, but a bundle's lines as one row where its
    /// first line is. Numbers stay the lines' own, so a bundle's row names them ("4–9").
    public let rows: [ClaimScheduleRow]
    /// Per room, in the order rooms first appear among the lines.
    public let rooms: [ClaimScheduleTotals]
    public let totals: ClaimScheduleTotals
    /// What the insurer owes on the claim: the deductible, the limits and what was paid.
    public let owed: ClaimOwed
    /// "How the figures were worked out", in parts (the report sets its lives as a table and its
    /// sources as references).
    public let explanation: ScheduleMethod
    /// The same as plain paragraphs, for the claim's page and the API.
    public var method: [String] { explanation.text }

    /// Values every line; throws only when amounts add up past what 64 bits hold.
    public init(_ input: ClaimScheduleInput) throws(ValuationError) {
        var lines: [ClaimScheduleLine] = []
        for (index, line) in input.lines.enumerated() {
            let record = line.record
            let valuation = try LineValuation(item: line.item, quantityLost: record.quantityLost, category: record.category,
                                              lossDate: input.lossDate, table: input.table,
                                              unitACVOverride: record.unitACVOverride, overrideReason: record.overrideReason)
            let tax = try input.salesTaxRate?.tax(on: valuation.lineReplacementCost) ?? 0
            lines.append(ClaimScheduleLine(number: index + 1, line: line, valuation: valuation, tax: tax, settlement: input.terms.settlement))
        }
        var roomOrder: [String] = [], byRoom: [String: [ClaimScheduleLine]] = [:]
        for line in lines {
            if byRoom[line.room] == nil { roomOrder.append(line.room) }
            byRoom[line.room, default: []].append(line)
        }
        var rooms: [ClaimScheduleTotals] = []
        for room in roomOrder { rooms.append(try ClaimScheduleTotals(room: room, lines: byRoom[room] ?? [])) }

        self.lossDate = input.lossDate
        self.salesTaxRate = input.salesTaxRate
        self.lines = lines
        self.rows = try Self.rows(lines, records: input.lines.map(\.record), bundles: input.bundles)
        self.rooms = rooms
        self.totals = try ClaimScheduleTotals(room: "", lines: lines)
        self.owed = ClaimOwed(lines: lines, terms: input.terms, totals: totals)
        self.explanation = Self.method(table: input.table, lossDate: input.lossDate, lines: lines, owed: owed)
    }

    /// The bundles of `rows`, in their order.
    public var bundles: [ClaimScheduleBundle] {
        rows.compactMap { if case .bundle(let bundle) = $0 { bundle } else { nil } }
    }

    /// The bundle each bundled line is shown in, by its item.
    public var bundleByItem: [Item.ID: ClaimScheduleBundle] {
        var byItem: [Item.ID: ClaimScheduleBundle] = [:]
        for bundle in bundles { for line in bundle.lines { byItem[line.itemID] = bundle } }
        return byItem
    }

    private static func rows(_ lines: [ClaimScheduleLine], records: [ClaimLine], bundles: [ClaimBundle]) throws(ValuationError) -> [ClaimScheduleRow] {
        var members: [ClaimBundle.ID: [ClaimScheduleLine]] = [:]
        // An item put on a rider after it was bundled is claimed against its rider: a row of its own.
        for (line, record) in zip(lines, records) where !line.againstRider { if let id = record.bundleID { members[id, default: []].append(line) } }
        var rows: [ClaimScheduleRow] = [], placed: Set<ClaimBundle.ID> = []
        for (line, record) in zip(lines, records) {
            guard !line.againstRider, let id = record.bundleID, let bundle = bundles.first(where: { $0.id == id }), let lines = members[id] else {
                rows.append(.line(line))
                continue
            }
            if placed.insert(id).inserted { rows.append(.bundle(try ClaimScheduleBundle(bundle: bundle, lines: lines))) }
        }
        return rows
    }
}
