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
        #expect(pages.count == 3, "cover with its room totals, schedule, item")
    }

    @Test(arguments: [(ReportPaper.a4, "595 x 842"), (.letter, "612 x 792")])
    func theSchedulesPagesAreTurnedAndTheOthersStayUpright(paper: ReportPaper, upright: String) throws {
        let report = try RenderedReport(ReportFixtures.document(lines: 100), paper: paper)
        let pages = try report.pages()
        let sizes = try Poppler.pageSizes(report.url)
        let turned = upright.split(separator: " ").reversed().joined(separator: " ")
        #expect(sizes.count == pages.count)
        for (page, size) in zip(pages, sizes) {
            let isSchedule = page.contains(lineWith: ["Line", "Room", "Qty", "Description"])
            #expect(size == (isSchedule ? turned : upright))
        }
        #expect(sizes.filter { $0 == turned }.count >= 3, "100 lines over several turned pages")
    }

    @Test func aDateOrAnAmountIsNeverBrokenEvenWhenItsRowWraps() throws {
        var document = ReportFixtures.document(lines: 3)
        document.schedule.columns[5].keepsWhole = true
        // A description long enough to wrap, and a serial joined to its "S/N" by a no-break space.
        document.schedule.rows[1][3] = String(repeating: "Hand-knotted wool rug with a border of leaves ", count: 4)
        document.schedule.rows[1][4] = "Bosch · SMS6ZCI49E · S/N\u{00A0}FD-9002/XY-77"
        let text = try RenderedReport(document).text()
        #expect(text.contains("2021-03-03 · 5 y"), "the bought date and age whole on a line")
        #expect(text.contains("FD-9002/XY-77"), "the serial whole on a line")
        #expect(!text.contains("Hand-knot-"), "words are not hyphenated when they fit the column")
    }
}
