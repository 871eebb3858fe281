import ClaimReport
import Foundation

/// A kitchen fire's claim, as the Claims module will hand it over: every text formatted.
enum ReportFixtures {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path
    /// Real files from public projects, copied into the repository (`Tests/Fixtures/public/README.md`).
    static let publicFiles = "\(fixtures)/public"
    static let photos = "\(publicFiles)/exif-orientation"
    /// Real photos from a public project (recurser/exif-orientation-examples): 1800 × 1200 JPEGs.
    static let landscape = "\(photos)/Landscape_0.jpg"
    static let portrait = "\(photos)/Portrait_0.jpg"

    static let scheduleColumns = [
        ReportColumn(title: "Line", alignment: .trailing, weight: 0.5),
        ReportColumn(title: "Room", weight: 1.1),
        ReportColumn(title: "Qty", alignment: .trailing, weight: 0.45),
        ReportColumn(title: "Description", weight: 2.2),
        ReportColumn(title: "Brand / model / serial", weight: 1.6),
        ReportColumn(title: "Bought / age", weight: 1),
        ReportColumn(title: "Where bought", weight: 1.1),
        ReportColumn(title: "Original cost", alignment: .trailing, weight: 1.05),
        ReportColumn(title: "Replacement (unit)", alignment: .trailing, weight: 1.05),
        ReportColumn(title: "Replacement (total)", alignment: .trailing, weight: 1.1),
        ReportColumn(title: "Depr. %", alignment: .trailing, weight: 0.6),
        ReportColumn(title: "ACV (total)", alignment: .trailing, weight: 1.1),
    ]

    /// Schedule line `line`: amounts that differ from line to line, so each can be found again.
    static func scheduleRow(_ line: Int, description: String? = nil) -> [String] {
        let unit = 100 + line * 37
        let quantity = line % 3 + 1
        let total = unit * quantity
        let acv = total * 6 / 10
        return [
            "\(line)", line % 2 == 0 ? "Kitchen" : "Living room", "\(quantity)", description ?? "Item number \(line)",
            "Bosch SMS6ZCI49E #FD\(9_000 + line)", "2021-03-\(String(format: "%02d", line % 28 + 1)) · 5 y", "Currys",
            money(unit * 90 / 100), money(unit), money(total), "40%", money(acv),
        ]
    }

    static func money(_ dollars: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        return "$" + (formatter.string(from: NSNumber(value: dollars)) ?? "\(dollars)") + ".00"
    }

    static func document(lines: Int = 6, items: [ReportItemPage]? = nil, title: String = "Proof of loss — contents") -> ClaimReportDocument {
        ClaimReportDocument(
            title: title,
            subtitle: "Claim 2026-114 · Kitchen fire on 14 March 2026",
            facts: [
                ReportFact(label: "Policyholder", value: "Zoë Łukasiewicz-Nuñez"),
                ReportFact(label: "Address", value: "12 Rue de l’Église, 69002 Lyon"),
                ReportFact(label: "Insurer", value: "Acme Mutual"),
                ReportFact(label: "Policy number", value: "HO-3 551 203"),
                ReportFact(label: "Claim number", value: "CLM-2026-000114"),
                ReportFact(label: "Date of loss", value: "14 March 2026"),
                ReportFact(label: "Cause", value: "Kitchen fire"),
            ],
            totals: [
                ReportFact(label: "Replacement cost", value: "$84,312.40"),
                ReportFact(label: "Depreciation", value: "$23,904.17"),
                ReportFact(label: "Actual cash value", value: "$60,408.23"),
                ReportFact(label: "Contents limit", value: "$60,000.00"),
            ],
            method: [
                "Replacement cost is what the same or an equal item costs new today. Depreciation is worked out from each item’s category and age, with the useful lives in years listed under Settings.",
                "Actual cash value is replacement cost less depreciation; lines marked “override” were set by hand, with the reason given.",
            ],
            roomTotals: ReportTable(
                columns: [
                    ReportColumn(title: "Room", weight: 2),
                    ReportColumn(title: "Replacement cost", alignment: .trailing),
                    ReportColumn(title: "Depreciation", alignment: .trailing),
                    ReportColumn(title: "Actual cash value", alignment: .trailing),
                ],
                rows: [["Kitchen", "$51,200.00", "$14,101.50", "$37,098.50"], ["Living room", "$33,112.40", "$9,802.67", "$23,309.73"]],
                footer: ["Total", "$84,312.40", "$23,904.17", "$60,408.23"]
            ),
            schedule: ReportTable(columns: scheduleColumns, rows: (1...max(1, lines)).map { scheduleRow($0) }, footer: ["", "", "", "Total", "", "", "", "", "", "$84,312.40", "", "$60,408.23"]),
            items: items ?? [
                ReportItemPage(
                    title: "Dishwasher Bosch Serie 6",
                    facts: [ReportFact(label: "Serial number", value: "FD9001"), ReportFact(label: "Replacement cost", value: "$899.00")],
                    photos: [ReportImage(path: landscape, caption: "Front"), ReportImage(path: portrait, caption: "Serial plate")],
                    receipts: [],
                    evidence: [ReportImage(path: "\(photos)/Landscape_1.jpg", caption: "Taken 2 January 2025 · iPhone 13")]
                ),
            ],
            footerText: "Claim 2026-114 · Kitchen fire"
        )
    }

    /// A new folder for one test's files, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("claim-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
