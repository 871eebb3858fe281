import Foundation
import Imaging
import PDFPreview
import Testing

/// First-page thumbnails: real PDFs drawn by cairo, and files that must cost nothing but a missing thumbnail.
@Suite struct PDFPreviewTests {
    static let testdata = "/work/shared/testdata/images/pillow"

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

    @Test func aPDFFromTheWildWithALoopInItsTrailerCostsNoMoreThanItsDeadline() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.testdata)/trailer_loop.pdf")))
        let start = ContinuousClock.now
        _ = PDFPreview(deadline: .seconds(3)).firstPagePNG(of: bytes, fitting: 256)
        #expect(ContinuousClock.now - start < .seconds(4))
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

    @Test func aRenderPastItsDeadlineGivesNoThumbnailAndTheNextOneStillWorks() throws {
        let slow = PDFPreview(deadline: .nanoseconds(1))
        #expect(slow.firstPagePNG(of: SamplePDF.make(), fitting: 2_000) == nil)
        let png = try #require(PDFPreview().firstPagePNG(of: SamplePDF.make(), fitting: 64))
        #expect(try RasterImage.decode(png).height == 64)
    }
}
