import CPoppler
import Foundation
import PDFPreview
import Testing
@testable import TextReading

/// Shop, date and total of the project's own receipts (Tests/Fixtures/public/capture/receipts/make-receipts.sh).
@Suite struct ReceiptReadingTests {
    @Test func aScannedReceipt() throws {
        let found = try CaptureFixture.reader().receiptSuggestions(CaptureFixture.bytes("receipts/own-receipt-scan.png"))
        #expect(found.value(.purchasedFrom) == "HARBOUR HARDWARE LTD")
        #expect(found.value(.purchaseDate) == "2024-03-14")
        #expect(found.value(.purchasePrice) == "1234.50")
        #expect(found.allSatisfy { $0.region != nil && $0.reader.hasPrefix("tesseract 5.") })
    }

    /// The same receipt photographed sideways, blurred and noisy.
    @Test func aReceiptPhotographedSideways() throws {
        let found = try CaptureFixture.reader().receiptSuggestions(CaptureFixture.bytes("receipts/own-receipt-photo.jpg"))
        #expect(found.value(.purchasedFrom) == "HARBOUR HARDWARE LTD")
        #expect(found.value(.purchasePrice) == "1234.50")
    }

    /// 03/04/2024 on a receipt in dollars is the 4th of March.
    @Test func anAmericanReceipt() throws {
        let found = try CaptureFixture.reader().receiptSuggestions(CaptureFixture.bytes("receipts/own-receipt-us.png"))
        #expect(found.value(.purchaseDate) == "2024-03-04")
        #expect(found.value(.purchasePrice) == "86.20")
    }

    /// A PDF with text is read from its text layer (no OCR), one without from its page drawn and read.
    @Test func pdfReceipts() throws {
        let reader = try CaptureFixture.reader()
        let typed = SamplePDF.receipt(lines: ["Harbour Hardware Ltd", "Date: 14.03.2024", "Cordless drill   899.00", "Total   EUR 1.234,50"])
        let fromText = try reader.receiptSuggestions(pdf: typed, preview: PDFPreview())
        #expect(fromText.value(.purchasedFrom) == "Harbour Hardware Ltd")
        #expect(fromText.value(.purchaseDate) == "2024-03-14")
        #expect(fromText.value(.purchasePrice) == "1234.50")
        #expect(fromText.allSatisfy { $0.reader == "poppler/receipts \(ReceiptFields.version)" && $0.region == nil })

        let scanned = try imageOnlyPDF(png: CaptureFixture.folder.appendingPathComponent("receipts/own-receipt-scan.png").path)
        #expect(PDFPreview().text(of: scanned)?.contains(where: \.isLetter) == false)
        let fromPicture = try reader.receiptSuggestions(pdf: scanned, preview: PDFPreview())
        #expect(fromPicture.value(.purchaseDate) == "2024-03-14")
        #expect(fromPicture.value(.purchasePrice) == "1234.50")
        #expect(fromPicture.allSatisfy { $0.reader.hasPrefix("tesseract") })

        #expect(throws: TextReadingError.documentUnreadable) { try reader.receiptSuggestions(pdf: Array("%PDF-1.4 broken".utf8), preview: PDFPreview()) }
    }

    @Test(arguments: [
        ("05/03/2024", false, "2024-03-05"), ("05/03/2024", true, "2024-05-03"), ("13/02/2024", true, "2024-02-13"),
        ("02/13/2024", false, "2024-02-13"), ("2024-02-29", false, "2024-02-29"), ("01-03-18", false, "2018-03-01"),
        ("14 Mar 2019", false, "2019-03-14"), ("March 14, 2019", true, "2019-03-14"), ("30.12.2023 18:05", false, "2023-12-30"),
    ])
    func dates(text: String, monthFirst: Bool, iso: String) {
        #expect(ReceiptFields.parseDate("Date: \(text)", monthFirst: monthFirst) == iso)
    }

    /// One "$" misread in a scan's noise does not make a receipt American.
    @Test func monthFirstNeedsPricesInDollars() {
        #expect(!ReceiptFields.isMonthFirst("$1156 LANG, SELANGOR\nTOTAL RM 12.00"))
        #expect(!ReceiptFields.isMonthFirst("Coffee $3.50"))
        #expect(ReceiptFields.isMonthFirst("Coffee $3.50\nTOTAL $3.50"))
    }

    @Test func notDates() {
        for text in ["2023-02-29", "31/04/2024", "12:30:45", "Tel 03-7845 1234", "99/99/9999"] {
            #expect(ReceiptFields.parseDate(text, monthFirst: false) == nil, "\(text)")
        }
    }

    /// The total is the largest amount on a line naming the total; subtotals, tax and change are not totals.
    @Test func totals() {
        let lines = ReceiptFields.lines(ofText: """
            SUBTOTAL 2,400.00
            Total Sales (Excl GST) 90.00
            Total GST 5.40
            TOTAL (Incl GST) 95.40
            CASH 100.00
            CHANGE 4.60
            """)
        #expect(ReceiptFields.total(in: lines)?.0 == "95.40")
        #expect(ReceiptFields.total(in: ReceiptFields.lines(ofText: "Cash 20.00\nChange 1.50")) == nil)
        // Rounded to 5 cents: the total after rounding, not the exact sum above it.
        let rounded = ReceiptFields.lines(ofText: "Total Sales Incl GST 75.06\nRounding Adj -0.06\nTotal After Adj Incl GST 75.00\nCash 100.00")
        #expect(ReceiptFields.total(in: rounded)?.0 == "75.00")
        #expect(ReceiptFields.total(in: ReceiptFields.lines(ofText: "TOTAL\nRM 12,50")).map(\.0) == "12.50")
    }
}

/// A PDF whose one page is only the picture at `png` (a scan: no text layer), drawn by cairo at 300 dpi.
func imageOnlyPDF(png: String) throws -> [UInt8] {
    let picture = cairo_image_surface_create_from_png(png)
    defer { cairo_surface_destroy(picture) }
    let points = 72.0 / 300
    let width = Double(cairo_image_surface_get_width(picture)), height = Double(cairo_image_surface_get_height(picture))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).pdf").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let surface = cairo_pdf_surface_create(path, width * points, height * points)
    let context = cairo_create(surface)
    cairo_scale(context, points, points)
    cairo_set_source_surface(context, picture, 0, 0)
    cairo_paint(context)
    cairo_show_page(context)
    cairo_destroy(context)
    cairo_surface_finish(surface)
    cairo_surface_destroy(surface)
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
}
