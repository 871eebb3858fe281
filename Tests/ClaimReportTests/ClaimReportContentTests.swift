import ClaimReport
import Foundation
import Testing

/// What the report prints, read back with poppler as an adjuster's tools would.
@Suite struct ClaimReportContentTests {
    @Test func theCoverPrintsTheClaimsFactsTotalsAndMethod() throws {
        let report = try RenderedReport(ReportFixtures.document())
        let cover = try #require(try report.pages().first)
        for text in ["Proof of loss — contents", "Claim 2026-114 · Kitchen fire on 14 March 2026", "Zoë Łukasiewicz-Nuñez",
                     "12 Rue de l’Église, 69002 Lyon", "HO-3 551 203", "CLM-2026-000114", "Replacement cost", "$84,312.40",
                     "$23,904.17", "$60,408.23", "$60,000.00", "How the figures were worked out", "useful lives in years"] {
            #expect(cover.contains(text), "the cover shows \(text)")
        }
    }

    @Test func theTotalsByRoomJoinTheCoverWhenTheyFitThere() throws {
        let report = try RenderedReport(ReportFixtures.document())
        let page = try #require(try report.pages().first { $0.contains("Totals by room") })
        #expect(page.contains(lineWith: ["Kitchen", "$51,200.00", "$14,101.50", "$37,098.50"]))
        #expect(page.contains(lineWith: ["Living room", "$33,112.40", "$9,802.67", "$23,309.73"]))
        #expect(page.contains(lineWith: ["Total", "$84,312.40", "$23,904.17", "$60,408.23"]))
        #expect(page.contains("Policyholder"), "on the cover")

        var manyRooms = ReportFixtures.document()
        manyRooms.roomTotals.rows = (1...60).map { ["Room \($0)", "$1.00", "$0.50", "$0.50"] }
        let pages = try RenderedReport(manyRooms).pages()
        let first = try #require(pages.firstIndex { $0.contains("Totals by room") })
        #expect(first == 1 && !pages[first].contains("Policyholder"), "60 rooms do not fit under the cover: they start a page of their own")
    }

    @Test func theMethodListsTheLivesUsedAsATableAndItsSourcesOnceAsReferences() throws {
        var document = ReportFixtures.document()
        document.method = ["Useful lives come from published guides [1], [2]."]
        document.usefulLives = ReportTable(
            columns: [ReportColumn(title: "Category", weight: 3), ReportColumn(title: "Useful life", weight: 2, keepsWhole: true),
                      ReportColumn(title: "Lines", alignment: .trailing)],
            rows: [["Small appliances", "8 years", "3"], ["Furniture", "12 years (default 15)", "2"]])
        document.references = [
            ReportReference(title: "Depreciation Guide (Personal Property)", publisher: "Claims Pages", address: "https://www.claimspages.com/documents/i777/"),
            ReportReference(title: "Relocation Directive", publisher: "National Joint Council", address: "https://njc-cnm.gc.ca/directive/d110"),
        ]
        document.inThisClaim = ["1 line has an actual cash value set by hand."]
        let text = try RenderedReport(document, paper: .letter).text()
        #expect(text.contains(lineWith: ["Category", "Useful life", "Lines"]))
        #expect(text.contains(lineWith: ["Small appliances", "8 years", "3"]))
        #expect(text.contains(lineWith: ["Furniture", "12 years (default 15)", "2"]))
        #expect(text.contains("[1] Claims Pages, “Depreciation Guide (Personal Property)”.\nhttps://www.claimspages.com/documents/i777/"))
        #expect(text.contains("[2] National Joint Council, “Relocation Directive”.\nhttps://njc-cnm.gc.ca/directive/d110"))
        #expect(text.components(separatedBy: "claimspages.com").count == 2, "the address is printed once")
        let cover = try #require(text.components(separatedBy: "\u{0C}").first)
        #expect(cover.contains(lineWith: ["In this claim"]) && cover.contains("1 line has an actual cash value set by hand."))
    }

    @Test func everyScheduleLineComesBackWithItsAmountsWhole() throws {
        let lines = 140
        let report = try RenderedReport(ReportFixtures.document(lines: lines))
        let text = try report.text()
        for line in 1...lines {
            let cells = ReportFixtures.scheduleRow(line)
            // Line number, quantity, then original cost, unit and total replacement cost,
            // depreciation and actual cash value, on one line of text in this order.
            #expect(text.contains(lineStartingWith: "\(line) ", then: [cells[2], cells[7], cells[8], cells[9], cells[10], cells[11]]),
                    "schedule line \(line) prints \(cells[7...11])")
        }
        #expect(text.contains(lineWith: ["Total", "$84,312.40", "$60,408.23"]))
    }

    @Test(arguments: ReportPaper.allCases)
    func everyPageSaysWhichItIsAndOfHowMany(paper: ReportPaper) throws {
        let report = try RenderedReport(ReportFixtures.document(lines: 90), paper: paper)
        let count = try Poppler.pageCount(report.url)
        let pages = try report.pages()
        #expect(pages.count == count)
        #expect(count >= 4, "cover with its room totals, pages of schedule and an item")
        for (index, page) in pages.enumerated() {
            #expect(page.contains("Page \(index + 1) of \(count)"))
            #expect(page.contains("Claim 2026-114 · Kitchen fire"))
        }
    }

    @Test func a4AndLetterPagesHaveTheirOwnSizes() throws {
        let a4 = try RenderedReport(ReportFixtures.document(), paper: .a4)
        let letter = try RenderedReport(ReportFixtures.document(), paper: .letter)
        #expect(try Poppler.info(a4.url)["Page size"] == "595 x 842 pts (A4)")
        #expect(try Poppler.info(letter.url)["Page size"] == "612 x 792 pts (letter)")
        #expect(try Poppler.info(a4.url)["Title"] == "Proof of loss — contents")
    }

    @Test func eachItemStartsAPageWithItsFactsAndCaptions() throws {
        let items = (1...3).map { number in
            ReportItemPage(
                title: "Item \(number) of the fire", facts: [ReportFact(label: "Serial number", value: "SN-\(number)-XYZ")],
                photos: [ReportImage(path: ReportFixtures.landscape, caption: "Photo of item \(number)")],
                evidence: [ReportImage(path: ReportFixtures.portrait, caption: "Taken 2 January 2025 · item \(number)")]
            )
        }
        let report = try RenderedReport(ReportFixtures.document(items: items))
        let pages = try report.pages()
        for number in 1...3 {
            let page = try #require(pages.first { $0.contains("Item \(number) of the fire") })
            #expect(!pages.contains { $0 != page && $0.contains("Item \(number) of the fire") }, "one page each")
            #expect(page.contains(lineWith: ["Serial number", "SN-\(number)-XYZ"]))
            #expect(page.contains("Photo of item \(number)"))
            #expect(page.contains("Taken 2 January 2025 · item \(number)"))
            #expect(!page.contains("Item \(number == 3 ? 1 : number + 1) of the fire"))
        }
    }
}
