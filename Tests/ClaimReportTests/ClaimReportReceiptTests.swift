import ClaimReport
import Foundation
import PDFPreview
import Testing

/// Receipts: a PDF's first page, or an image, printed on the item's page. They are strangers'
/// files: a damaged or hostile one prints a note, and the report is made all the same.
@Suite struct ClaimReportReceiptTests {
    static func document(receipts: [String]) -> ClaimReportDocument {
        ReportFixtures.document(lines: 1, items: [
            ReportItemPage(title: "Dishwasher", facts: [ReportFact(label: "Serial number", value: "FD9001")],
                           receipts: receipts.map { ReportDocumentPage(path: $0, caption: "Receipt \(($0 as NSString).lastPathComponent)") }),
        ])
    }

    @Test func aPDFReceiptsFirstPageIsPrintedOnTheItemsPage() throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let receipt = folder.appendingPathComponent("acme.pdf")
        try Data(SamplePDF.receipt(lines: ["ACME Electronics", "Dishwasher  $899.00"])).write(to: receipt)
        let threePages = folder.appendingPathComponent("three-pages.pdf")
        try Data(SamplePDF.make(pages: 3)).write(to: threePages)
        let report = try RenderedReport(Self.document(receipts: [receipt.path, threePages.path]))
        let pages = try report.pages()
        let itemPages = pages.indices.filter { pages[$0].contains("Receipt acme.pdf") || pages[$0].contains("Receipt three-pages.pdf") }.map { $0 + 1 }
        let images = try Poppler.images(report.url)
        #expect(images.count == 2, "one picture for each receipt: the first page only")
        #expect(images.allSatisfy { itemPages.contains($0.page) && $0.height == 1_600 }, "drawn 1600 px tall on the item's pages")
        #expect(!pages.joined().contains("could not be read"))
    }

    @Test func anImageReceiptIsPrintedToo() throws {
        let report = try RenderedReport(Self.document(receipts: [ReportFixtures.portrait, "\(ReportFixtures.publicFiles)/pngsuite/basn2c08.png"]))
        #expect(try Poppler.images(report.url).map(\.encoding) == ["jpeg", "jpeg"])
        #expect(try !report.text().contains("could not be read"))
    }

    @Test(arguments: ["truncated.pdf", "lies.pdf", "empty.pdf", "huge-page.pdf", "gone.pdf"])
    func aDamagedOrHostileReceiptPrintsANoteAndTheRestIsPrinted(name: String) throws {
        let folder = try ReportFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = SamplePDF.receipt(lines: ["ACME Electronics"])
        let bytes: [UInt8]? = switch name {
        case "truncated.pdf": Array(whole.prefix(whole.count / 3))
        case "lies.pdf": Array("%PDF-1.7\nthis is not what it says it is\n%%EOF\n".utf8)
        case "empty.pdf": []
        case "huge-page.pdf": SamplePDF.make(width: 20_000, height: 20_000)  // larger than the PDF format allows
        default: nil
        }
        if let bytes { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let good = folder.appendingPathComponent("good.pdf")
        try Data(whole).write(to: good)
        let report = try RenderedReport(Self.document(receipts: ["\(folder.path)/\(name)", good.path]))
        let text = try report.text()
        let reason = name == "gone.pdf" ? "the file is missing" : "the file is damaged, locked with a password, or too long or slow to draw"
        #expect(text.holdsLine("Receipt could not be read (\(reason)): \(name)"))
        #expect(text.contains("Receipt good.pdf"))
        #expect(try Poppler.images(report.url).count == 1, "the good receipt is printed")
    }

    @Test func aPDFWithALoopInItsCrossReferencesDoesNotStopTheReport() throws {
        // From Pillow's tests: its trailer points back at itself.
        let report = try RenderedReport(Self.document(receipts: ["\(ReportFixtures.publicFiles)/pillow/trailer_loop.pdf", ReportFixtures.portrait]))
        #expect(try report.text().contains("Receipt Portrait_0.jpg"))
        #expect(try Poppler.images(report.url).contains { $0.encoding == "jpeg" }, "the next receipt is printed")
    }
}
