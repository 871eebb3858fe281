/// Everything a claim report prints, as plain values: every text is formatted by the caller
/// (amounts, dates, percentages), so the report knows no money, no store and no locale.
public struct ClaimReportDocument: Sendable, Codable, Equatable {
    public var title: String
    public var subtitle: String
    /// The cover's facts: policyholder, address, insurer, policy and claim numbers, loss date, cause…
    public var facts: [ReportFact]
    /// The cover's totals: replacement cost, depreciation, actual cash value, contents limit…
    public var totals: [ReportFact]
    /// What needs attention in this claim, a sentence each, on the cover under the totals.
    public var inThisClaim: [String]
    /// The paragraphs on how the figures were worked out, citing `references` by number ("[1]").
    public var method: [String]
    /// The useful lives the lines were valued with (category, life, lines), under the method.
    public var usefulLives: ReportTable?
    public var references: [ReportReference]
    public var roomTotals: ReportTable
    /// The itemised schedule, on pages of its own turned to landscape, a line of text to a row.
    public var schedule: ReportTable
    public var items: [ReportItemPage]
    /// The additional living expenses, printed after the schedule (`ClaimReportDocument+Expenses`); nil for none.
    public var expenses: ReportExpenses?
    /// The boxes holding the claim's items and where each came from (`ClaimReportDocument+PackOut`); nil for none.
    public var packOut: ReportPackOut? = nil
    /// Printed at the foot of every page beside "Page N of M" ("Claim 2026-114 · Kitchen fire").
    public var footerText: String
    /// The report's own words, in the claim's language.
    public var words = ReportWords.english

    public init(
        title: String, subtitle: String, facts: [ReportFact], totals: [ReportFact], method: [String],
        roomTotals: ReportTable, schedule: ReportTable, items: [ReportItemPage], footerText: String, expenses: ReportExpenses? = nil,
        inThisClaim: [String] = [], usefulLives: ReportTable? = nil, references: [ReportReference] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.facts = facts
        self.totals = totals
        self.inThisClaim = inThisClaim
        self.method = method
        self.usefulLives = usefulLives
        self.references = references
        self.roomTotals = roomTotals
        self.schedule = schedule
        self.items = items
        self.expenses = expenses
        self.footerText = footerText
    }
}
