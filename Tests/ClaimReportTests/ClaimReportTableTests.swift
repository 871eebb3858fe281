import ClaimReport
import Foundation
import Testing

/// Tables that run over pages: the header again on each page, no row cut in two.
@Suite struct ClaimReportTableTests {
    @Test func aScheduleLongerThanAPageRepeatsItsHeaderOnEveryPage() throws {
        let report = try RenderedReport(ReportFixtures.document(lines: 200))
        let schedulePages = try report.pages().filter { $0.contains(lineStartingWith: "150 ", then: []) || $0.contains("Item number ") }
        #expect(schedulePages.count >= 3, "200 lines take several pages")
        for page in schedulePages {
            #expect(page.contains(lineWith: ["Line", "Room", "Qty", "Description", "Original", "Replacement", "Replacement", "Depr.", "ACV"]),
                    "each page of the schedule starts with its header")
        }
        #expect(schedulePages.dropFirst().allSatisfy { !$0.contains("Itemised schedule") }, "the section's title is printed once")
    }

    @Test func aRowIsNeverCutAcrossTwoPages() throws {
        // Long descriptions make tall rows that do not divide a page evenly.
        let description = "Hand-knotted wool rug with a border of leaves, bought at auction, cleaned in 2023, appraised in 2024"
        var document = ReportFixtures.document(lines: 1)
        document.schedule.rows = (1...80).map { ReportFixtures.scheduleRow($0, description: "\(description) (line \($0))") }
        let report = try RenderedReport(document)
        let pages = try report.pages()
        for line in 1...80 {
            let holding = pages.filter { $0.contains("(line \(line))") }
            #expect(holding.count == 1, "line \(line) is whole on one page")
            #expect(holding.first?.contains(lineStartingWith: "\(line) ", then: [ReportFixtures.scheduleRow(line)[11]]) == true)
        }
    }

    @Test func aCellTooLongForAPageIsCutWithAnEllipsisAndTheTableGoesOn() throws {
        var document = ReportFixtures.document(lines: 3)
        document.schedule.rows[1][3] = String(repeating: "very long description ", count: 400) + "THE END"
        let report = try RenderedReport(document)
        let pages = try report.pages()
        // The cut text is still the cell's text for a reader that copies it (pango hands the whole
        // of it to the ellipsis), but the page shows 12 lines at most: the table stays on one page.
        let schedule = try #require(pages.first { $0.contains("Itemised schedule") })
        for line in 1...3 {
            #expect(schedule.contains(lineStartingWith: "\(line) ", then: [ReportFixtures.scheduleRow(line)[11]]))
        }
        #expect(pages.count == 4, "cover, room totals, schedule, item")
    }
}
