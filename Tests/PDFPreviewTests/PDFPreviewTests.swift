import Foundation
import Imaging
import PDFPreview
import Testing

/// First-page thumbnails: real PDFs drawn by cairo, and files that must cost nothing but a missing thumbnail.
@Suite struct PDFPreviewTests {
    static let testdata = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/pillow").path

    @Test func theFirstPageIsDrawnToFitTheSize() throws {
        let png = try #require(PDFPreview().firstPagePNG(of: SamplePDF.make(pages: 3), fitting: 256))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let image = try RasterImage.decode(png)
        // A4 portrait: 842 points tall become 256 pixels, 595 wide become 181.
        #expect((image.width, image.height) == (181, 256))
        #expect(image.pixel(x: 90, y: 20).prefix(3).allSatisfy { $0 < 40 }, "the bar across the top is black")
        #expect(image.pixel(x: 90, y: 200).prefix(3).allSatisfy { $0 > 215 }, "the rest of the page is white")
    }

    @Test func aLandscapePageFitsByItsWidth() throws {
        let png = try #require(PDFPreview().firstPagePNG(of: SamplePDF.make(width: 842, height: 595), fitting: 128))
        let image = try RasterImage.decode(png)
        #expect((image.width, image.height) == (128, 90))
    }

    @Test(arguments: ["truncated", "not a PDF", "empty"])
    func aDamagedPDFGetsNoThumbnail(damage: String) {
        let whole = SamplePDF.make()
        let bytes: [UInt8] = switch damage {
        case "truncated": Array(whole.prefix(whole.count / 3))
        case "not a PDF": Array("%PDF-1.7\nthis is not what it says it is\n%%EOF\n".utf8)
        default: []
        }
        #expect(PDFPreview().firstPagePNG(of: bytes, fitting: 256) == nil)
    }

    /// Poppler finds the loop in this file's cross-reference trailers and stops: the same previewer,
    /// which draws one file at a time, then draws the next file, so nothing of the first was left
    /// running. (Were poppler to go round the loop for good, both would miss their deadlines.)
    @Test(.timeLimit(.minutes(2))) func aPDFFromTheWildWithALoopInItsTrailerLeavesNothingRunning() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.testdata)/trailer_loop.pdf")))
        let preview = PDFPreview(deadline: .seconds(30))
        _ = preview.firstPagePNG(of: bytes, fitting: 256)
        #expect(preview.firstPagePNG(of: SamplePDF.make(), fitting: 64) != nil)
    }

    @Test func tooManyPagesGetNoThumbnail() {
        let preview = PDFPreview(maxPages: 2)
        #expect(preview.firstPagePNG(of: SamplePDF.make(pages: 2), fitting: 64) != nil)
        #expect(preview.firstPagePNG(of: SamplePDF.make(pages: 3), fitting: 64) == nil)
    }

    @Test func anAbsurdPageSizeGetsNoThumbnail() {
        let preview = PDFPreview(maxPageSide: 1_000)
        #expect(preview.firstPagePNG(of: SamplePDF.make(width: 1_200, height: 300), fitting: 64) == nil)
    }

    /// A first page of ten thousand page-sized triangles (a form that draws a form ten times, five
    /// deep: 2 KB on disk, half a second of drawing on an idle core here, more on a busy one) gets no
    /// thumbnail when the deadline is a tenth of that, while the same file one form deep gets one: the
    /// missing thumbnail is the deadline's doing, not a damaged file's. The caller is answered at its
    /// deadline; the drawing goes on on its own thread.
    @Test func aRenderPastItsDeadlineGivesNoThumbnailAndTheNextOneStillWorks() throws {
        #expect(PDFPreview(deadline: .seconds(60)).firstPagePNG(of: Self.nestedForms(depth: 1), fitting: 256) != nil)
        #expect(PDFPreview(deadline: .milliseconds(50)).firstPagePNG(of: Self.nestedForms(depth: 5), fitting: 256) == nil)
        let png = try #require(PDFPreview().firstPagePNG(of: SamplePDF.make(), fitting: 64))
        #expect(try RasterImage.decode(png).height == 64)
    }

    /// A one-page PDF whose page draws form `depth`, each form drawing the one below ten times (each
    /// a little moved) and the last a triangle as large as the page: 10^(depth - 1) triangles.
    static func nestedForms(depth: Int) -> [UInt8] {
        func stream(_ dictionary: String, _ content: String) -> String {
            "<< \(dictionary) /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        // Objects 1-3: catalogue, pages, page; 4...: the forms, the lowest first; last: the page's content.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /X \(3 + depth) 0 R >> >> /Contents \(4 + depth) 0 R >>"]
        for level in 0..<depth {
            let form = "/Type /XObject /Subtype /Form /BBox [0 0 595 842]"
            objects.append(level == 0
                ? stream(form, "0 0 m 595 0 l 300 842 l h f")
                : stream("\(form) /Resources << /XObject << /X \(3 + level) 0 R >> >>",
                         (0..<10).map { "q 1 0 0 1 \($0 % 5) \($0 / 5) cm /X Do Q" }.joined(separator: " ")))
        }
        objects.append(stream("", "/X Do"))
        var pdf = "%PDF-1.4\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = offsets.map { String(repeating: "0", count: 10 - String($0).count) + "\($0) 00000 n \n" }.joined()
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n\(table)trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(pdf.utf8.count)\n%%EOF\n"
        return Array(pdf.utf8)
    }
}
