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

    func total(_ text: String) -> String? { ReceiptFields.total(in: ReceiptFields.lines(ofText: text))?.0 }

    /// CASH − CHANGE = TOTAL: the payment tells which of two totals is the receipt's, and confirms a
    /// subtotal with nothing added after it; by card the amount paid is the total.
    @Test func thePaymentConfirmsTheTotal() {
        #expect(total("Total amount 1.50 RM\nAccepted total 2.00 RM\nChange 0.50 RM") == "1.50")
        #expect(total("SUBTOTAL RM53.60\nCASH RM100.00\nCHANGE RM46.40\nTAXABLE AMOUNT RM50.57") == "53.60")
        #expect(total("Total (Inclusive of GST): 14.00\nTOTAL: 15.00\nVISA 15.00") == "15.00")
        // A subtotal the payment does not confirm is not the total.
        #expect(total("SUBTOTAL RM53.60\nCASH RM100.00") == nil)
    }

    /// Two lines naming the total that disagree, with nothing to tell which is right, give no total.
    @Test func disagreeingTotalsGiveNone() {
        #expect(total("Total (Inclusive of GST): 14.00\nTOTAL: 15.00\nCASH 14.00") == nil)
        #expect(total("Grand Total 92.80\nNett Total 93.00") == nil)
        // The final total (grand, nett, rounded) is the one paid: a total above it may differ.
        #expect(total("Total 88.40\nService Charge 4.40\nGrand Total 92.80") == "92.80")
    }

    /// Shops that round to 5 cents print the exact sum, the adjustment and the rounded total.
    @Test func theTotalAfterRounding() {
        #expect(total("Total (Inclusive of GST): 41.52\nRounding Adj: -0,02\nTOTAL: 41.50") == "41.50")
        #expect(total("Total Amount(incl. GST) 31.47\nRounding -0.02\nTOTAL 1.4") == "31.45")
        #expect(total("Total Sales (Inclusive GST) RM 72.74\nRounding RM 72.75") == "72.75")
        // A rounded total that disagrees with the sum and its adjustment gives none.
        #expect(total("Total 41.52\nRounding Adj -0.02\nTOTAL 41.55") == nil)
    }

    /// "Amt Due", "Net Amt": the abbreviations till rolls print; a total whose amount cannot be read
    /// is the cash less the change, never the cash handed over on the line below it.
    @Test func abbreviatedAndUnreadableTotals() {
        #expect(total("Sub Total 129,30\nAmt Due 129.30\nGST @6% 7.30") == "129.30")
        #expect(total("Gross Amt: 136.00\nNet Amt: 136.00\nReceived 150.00\nChange 14.00") == "136.00")
        #expect(total("Grand Total —— ~92 80\nCash Received 100.00\nChange 7.20") == "92.80")
        #expect(total("Grand Total —— ~92 80\nCash Received 100.00") == nil)
    }

    /// A line of words read with their confidence ("Total:@96" is "Total:" at 0.96).
    func read(_ words: String) -> TextLine {
        TextLine(words: words.split(separator: " ").map { word in
            let at = word.lastIndex(of: "@")!
            return TextWord(text: String(word[..<at]), region: PixelRegion(x: 0, y: 0, width: 10, height: 10), confidence: Double(word[word.index(after: at)...])! / 100)
        })
    }

    /// A date or a total is judged by its own words: a sure one on a smudged line is read, an unsure
    /// one on a clear line is not (a misread digit still makes a real day).
    @Test func aValueIsJudgedByItsOwnWords() {
        let smudged = [read("Tj@13 RibePlatier~—SCOC*=<“‘~*‘S;~S*‘*SRC««O@0"), read(".@0 19:32:35@14 Total:@96 593.10@73 .@27"),
                       read("OLS@3 7PH@3 563498@91 10-05-17@89")]
        #expect(ReceiptFields.total(in: smudged)?.0 == "593.10")
        #expect(ReceiptFields.date(in: smudged, monthFirst: false)?.0 == "2017-05-10")
        let unsure = [read("6/08/2015@49 20:01@86 1010@75 008@82"), read("Total@40 6.00@40 ;@10")]
        #expect(ReceiptFields.date(in: unsure, monthFirst: false) == nil)
        #expect(ReceiptFields.total(in: unsure) == nil)
        // A label read unsure on an unsure line names nothing ("Summery" is not the German "Summe").
        #expect(ReceiptFields.total(in: [read("GST@91 Summery@18 Ammaunt{RM)@18 Tax(RM}@68"), read("SR@39 @@85 6%@96 26.79@89 1.61@95")]) == nil)
    }

    /// The shop's name without the specks around it nor its registration number.
    @Test(arguments: [
        ("* THAI DELICIOUS RESTAURANT _", "THAI DELICIOUS RESTAURANT"), ("LITTLE CRAVINGS SDN BHD (562007-D)", "LITTLE CRAVINGS SDN BHD"),
        ("AEON CO. (M) BHD (126926-H)", "AEON CO. (M) BHD"), ("Sanjung Realiti Sdn. Bhd. (779763-K)", "Sanjung Realiti Sdn. Bhd."),
        ("- UNIHAKKA INTERNATIONAL SDN BHD ;", "UNIHAKKA INTERNATIONAL SDN BHD"), ("ENW Hardware Centre (M) Sdn. Bhd.", "ENW Hardware Centre (M) Sdn. Bhd."),
        ("(SEMENYIH) SDN BHD", "(SEMENYIH) SDN BHD"),
    ])
    func shopNames(printed: String, name: String) {
        #expect(ReceiptFields.shopName(printed) == name)
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
