import ClaimReport
import Foundation
import Testing

/// The police list: entries flow from page to page, several to a page, and an entry (its photo, its
/// serial numbers, its marks) is never split across two.
@Suite struct PoliceListRenderTests {
    static func entry(_ number: Int, marks: String = "A sticker on the lid") -> PoliceListEntry {
        PoliceListEntry(title: "\(number). Laptop \(number)", facts: [
            ReportFact(label: "Brand", value: "Lenovo"),
            ReportFact(label: "Serial numbers", value: "PF-\(number)A2B9C-X1\nCHG-\(number)-0065"),
            ReportFact(label: "Quantity", value: "1"),
            ReportFact(label: "Distinguishing marks", value: marks),
            ReportFact(label: "Value", value: "$1,849.00 (to replace new)"),
        ], photo: ReportImage(path: ReportFixtures.landscape, caption: "Main photo"))
    }

    static func render(_ entries: [PoliceListEntry], paper: ReportPaper = .a4) throws -> (folder: URL, url: URL) {
        let folder = try ReportFixtures.folder()
        let url = folder.appendingPathComponent("police-list.pdf")
        let document = PoliceListDocument(title: "Stolen property: Garage break-in", subtitle: "List for the police",
                                          facts: [ReportFact(label: "Claimant", value: "Maya Okafor")], entries: entries, footerText: "Police list")
        try ClaimReportRenderer.render(document, paper: paper, to: url)
        return (folder, url)
    }

    @Test func fortyEntriesFillPagesAndNoneIsSplit() throws {
        let (folder, url) = try Self.render((1...40).map { Self.entry($0) })
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Poppler.pages(url)
        #expect(pages.count >= 6 && pages.count <= 10, "four to seven entries a page, not \(pages.count) pages")
        for number in 1...40 {
            let page = try #require(pages.firstIndex { $0.contains("\(number). Laptop \(number)\n") || $0.contains("\(number). Laptop \(number) ") },
                                    "entry \(number) is printed")
            for part in ["PF-\(number)A2B9C-X1", "CHG-\(number)-0065"] {
                #expect(pages[page].split(separator: "\n").contains { $0.contains(part) }, "\(part) whole, on the page of its entry")
            }
        }
        #expect(try Poppler.images(url).count == 40, "one photo per entry")
    }

    @Test func anEntryWithTheLongestMarksStillFitsItsPage() throws {
        let long = String(repeating: "Scratched initials on the base, blue tape on the handle. ", count: 180)
        let (folder, url) = try Self.render([Self.entry(1), Self.entry(2, marks: long), Self.entry(3)], paper: .letter)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Poppler.pages(url)
        let second = try #require(pages.firstIndex { $0.contains("2. Laptop 2") })
        #expect(pages[second].contains("CHG-2-0065") && pages[second].contains("$1,849.00"), "the entry is whole on its page")
        #expect(pages.count <= 3)
    }
}
