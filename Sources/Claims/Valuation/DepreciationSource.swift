/// A published guide the default useful lives come from, cited in the report's "how the figures were
/// worked out" text.
///
/// Why these and not IRS Publication 946 (https://www.irs.gov/publications/p946): its recovery periods
/// (5 years for computers, 7 for furniture and appliances, depreciated by 200 % declining balance with a
/// half-year convention) are set by tax law for property used in a business; they say how fast a business
/// may deduct a cost, not how long household goods last or what they were worth the day before a loss,
/// and personal-use property is not depreciable for tax at all. Policyholders' lawyers object when
/// adjusters use them (Chip Merlin, "Depreciation Tables and Personal Property",
/// https://propertyinsurancecoveragelaw.com/?p=10734). The guides below are the ones written for
/// contents claims.
public struct DepreciationSource: Sendable, Equatable {
    public let name: String
    public let publisher: String
    public let url: String
    /// When the figures were read for Homepwner's defaults (ISO date).
    public let read: String
    /// What was taken from it.
    public let usedFor: String
    /// The language its title and publisher are written in (BCP 47), which pages mark them with.
    public var language = "en"

    /// "Name (Publisher), URL, read YYYY-MM-DD: what was taken."
    public var citation: String { "\(name) (\(publisher)), \(url), read \(read): \(usedFor)" }

    /// The insurance industry's common contents guide: annual rates per item (years = 100 ÷ rate), the
    /// formula ACV = RCV − (rate × RCV × age), and "an item that is still in use and functional for its
    /// intended purpose should not be depreciated beyond 90 %" — the cap `Depreciation` applies. Its
    /// per-item calculator pages are under https://www.claimspages.com/tools/depreciation/ (for example
    /// …/consumer-electronics/high-definition-television/, …/office-equipment-and-supplies/computers/,
    /// …/furniture/upholstered-furniture/, …/major-appliances/refrigerator/).
    public static let claimsPages = DepreciationSource(
        name: "Depreciation Guide (Personal Property) and Depreciation Calculator",
        publisher: "Claims Pages",
        url: "https://www.claimspages.com/documents/depreciation-guide-personal-property/i777/",
        read: "2026-12-02",
        usedFor: "years for televisions, electronics, computers, phones, appliances, furniture, mattresses, tools, lawn and garden, sports equipment; the 90 % maximum")

    /// The Government of Canada's relocation directive's depreciation table (average useful life and
    /// depreciation per year), which covers what the Claims Pages calculator does not list by name:
    /// clothing, shoes, linens, rugs, dishes, books, and 10 years for anything "unless specified".
    public static let njcRelocationDirective = DepreciationSource(
        name: "NJC Relocation Directive, depreciation table",
        publisher: "National Joint Council of the Public Service of Canada",
        url: "https://njc-cnm.gc.ca/directive/d110/v234/s588/sv1/en",
        read: "2026-12-02",
        usedFor: "years for clothing, coats and suits, shoes, linens, rugs, kitchenware and dishes, books; 10 years for anything not listed")

    /// The U.S. military's Allowance List–Depreciation Guide (32 C.F.R. § 842.29, cited at the eCFR: the
    /// copy once cited, on docstoc.com, went when that site closed in 2015), which incorporates the
    /// Joint Military-Industry Depreciation Guide that Xactimate's contents estimates cite: "no
    /// depreciation should be taken on antiques", and its rates "apply when the item has been subjected
    /// to average usage", adjusted "in the sound discretion" of the settlement authority otherwise.
    public static let allowanceList = DepreciationSource(
        name: "Allowance List–Depreciation Guide (with the Joint Military-Industry Depreciation Guide)",
        publisher: "U.S. Department of Defense, military claims services (32 C.F.R. § 842.29)",
        url: "https://www.ecfr.gov/current/title-32/subtitle-A/chapter-VII/subchapter-D/part-842/subpart-C/section-842.29",
        read: "2026-12-06",
        usedFor: "antiques, art and collectibles not depreciated; rates assume average use, so condition is left to the adjuster")

    /// Jewellery: appraisers and insurers report depreciation is rarely applied to it, and fine jewellery
    /// often gains value.
    public static let jewelleryPractice = DepreciationSource(
        name: "What will I receive in the event of a loss?",
        publisher: "i-Val jewelry appraisal service",
        url: "http://i-val.mobi:81/i-val/post/what-will-i-receive-in-the-event-of-a-loss",
        read: "2026-12-02",
        usedFor: "jewellery not depreciated (\"minus any applicable depreciation (rarely applied with jewelry)\")")

    public static let all: [DepreciationSource] = [claimsPages, njcRelocationDirective, allowanceList, jewelleryPractice]

    /// The German textile-cleaning trade's table of textiles' average lives in months (the DTV's
    /// "Zeitwerttabelle" in earlier editions), used to work out the Zeitwert owed when a cleaner damages
    /// or loses clothes and by the trade's arbitration boards; "fashionable textiles" half as long.
    /// Read in the copy at 9dok.net; its leather part (shoes, leather jackets) was not in that copy.
    /// Germany's own contents cover (Hausratversicherung) pays the Neuwert, so no insurer's table exists there.
    public static let textileCleanersTable = DepreciationSource(
        name: "Abschreibungstabelle für Textilien und Leder (Stand: November 2020)",
        publisher: "Öffentlich bestellte und vereidigte Sachverständige des Textilreinigerhandwerks",
        url: "https://9dok.net/document/y96mo1lw-abschreibungstabelle-f%C3%BCr-textilien-und-leder-stand-november.html",
        read: "2026-12-07",
        usedFor: "years for clothing, coats and suits, and linens",
        language: "de")
}
