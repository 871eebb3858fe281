import ClaimReport
import CodeReading
import Foundation
import Testing
import ToolRunner

/// Label sheets as a phone and a printer meet them: every label drawn at 300 dpi reads back, with two
/// readers (zxing-cpp and zbar), as its own address, and lies inside the label its stock publishes.
@Suite struct LabelSheetRenderTests {
    /// The makers' published sheets, written out here apart from `LabelStock` (millimetres): left and
    /// top margins, label size, pitches, columns and rows.
    struct Published {
        let left, top, width, height, across, down: Double
        let columns, rows: Int

        func rectangle(_ position: Int) -> (x: Double, y: Double, width: Double, height: Double) {
            (left + Double(position % columns) * across, top + Double(position / columns) * down, width, height)
        }
    }
    /// Avery L7160 (avery.co.uk template): 63.5 × 38.1 mm, 3 × 7, top 15.15, side 7.21, pitches 66.04 × 38.1.
    static let l7160 = Published(left: 7.21, top: 15.15, width: 63.5, height: 38.1, across: 66.04, down: 38.1, columns: 3, rows: 7)
    /// Avery 5160 (avery.com template): 2⅝ × 1 in, 3 × 10, top ½ in, side 3/16 in, pitches 2¾ × 1 in.
    static let a5160 = Published(left: 0.1875 * 25.4, top: 12.7, width: 2.625 * 25.4, height: 25.4, across: 2.75 * 25.4, down: 25.4, columns: 3, rows: 10)
    /// Avery L7163: 99.1 × 38.1 mm, 2 × 7, top 15.15, side 4.65, pitches 101.6 × 38.1.
    static let l7163 = Published(left: 4.65, top: 15.15, width: 99.1, height: 38.1, across: 101.6, down: 38.1, columns: 2, rows: 7)

    static let dpi = 300

    static func labels(_ count: Int, host: String = "homepwner.example.net:8443") -> [LabelSheetDocument.Label] {
        (1...count).map { number in
            let code = "P\(String(format: "%03d", number))X"
            return LabelSheetDocument.Label(address: "https://\(host)/l/\(code)", code: code, name: "Box \(number) — Winter clothes",
                                            lines: ["Scarves, Gloves, Boots, Hats and \(number) more"])
        }
    }

    static func render(_ document: LabelSheetDocument) throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("labels.pdf")
        try LabelSheetRenderer.render(document, to: url)
        return (folder, url)
    }

    /// Every QR code on page `page` read by zxing-cpp: its text and the millimetre rectangle holding its corners.
    static func zxingCodes(_ url: URL, page: Int = 1) throws -> [(text: String, x: Double, y: Double, right: Double, bottom: Double)] {
        let png = try Poppler.pagePNG(url, page: page, dpi: dpi)
        let result = try CodeReader(limits: CodeReadingLimits(maxPixels: 100_000_000, longestSide: 4096, maxCodes: 64)).read(bytes: png)
        let millimetres = 25.4 / Double(dpi)
        return result.codes.filter { $0.format == "QRCode" }.map { code in
            let bounds = code.bounds
            return (code.text, Double(bounds.x) * millimetres, Double(bounds.y) * millimetres,
                    Double(bounds.x + bounds.width) * millimetres, Double(bounds.y + bounds.height) * millimetres)
        }
    }

    /// Every QR code on page `page` read by zbar (`zbarimg`), a reader of its own.
    static func zbarTexts(_ url: URL, page: Int = 1) throws -> [String] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: output.path + ".png") }
        _ = try ToolRun.output(of: "/usr/bin/pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", "\(dpi)", "-png", "-singlefile", url.path, output.path])
        let text = try ToolRun.output(of: "/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", output.path + ".png"])
        return text.split(separator: "\n").map(String.init)
    }

    /// Each label's code was found once, inside its published rectangle: returns the positions found.
    static func expectEveryLabel(_ labels: [LabelSheetDocument.Label], on url: URL, stock published: Published, from start: Int = 0) throws {
        let found = try zxingCodes(url)
        #expect(found.count == labels.count, "zxing-cpp read \(found.count) of \(labels.count) codes")
        for (index, label) in labels.enumerated() {
            let matches = found.filter { $0.text == label.address }
            guard let code = matches.first, matches.count == 1 else {
                Issue.record("\(label.address) read \(matches.count) times, not once")
                continue
            }
            let box = published.rectangle(start + index)
            // Half a millimetre for where a reader puts a corner; the code is well inside its label.
            #expect(code.x >= box.x - 0.5 && code.y >= box.y - 0.5 && code.right <= box.x + box.width + 0.5 && code.bottom <= box.y + box.height + 0.5,
                    "\(label.code) at (\(code.x), \(code.y))–(\(code.right), \(code.bottom)) mm lies inside label \(start + index + 1) at \(box)")
        }
        let zbar = try zbarTexts(url)
        #expect(zbar.sorted() == labels.map(\.address).sorted(), "zbar read every address once: \(zbar.count) of \(labels.count)")
    }

    @Test func aFullA4SheetOfL7160ReadsBackEveryLabelAtItsPlace() throws {
        let labels = Self.labels(21)
        let (folder, url) = try Self.render(LabelSheetDocument(labels: labels, stock: .averyL7160))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Poppler.pageSizes(url) == ["595.276 x 841.89"], "one A4 page")
        try Self.expectEveryLabel(labels, on: url, stock: Self.l7160)
        let text = try Poppler.text(url)
        #expect(text.contains("P021X") && text.contains("Box 21"), "the short code and the name are printed")
    }

    @Test func aFullLetterSheetOf5160ReadsBackEveryLabelAtItsPlace() throws {
        let labels = Self.labels(30)
        let (folder, url) = try Self.render(LabelSheetDocument(labels: labels, stock: .avery5160))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Poppler.pageSizes(url) == ["612 x 792"], "one Letter page")
        try Self.expectEveryLabel(labels, on: url, stock: Self.a5160)
    }

    @Test func aPartlyUsedSheetStartsAtTheFirstFreeLabelAndGoesOn() throws {
        let labels = Self.labels(12)
        let (folder, url) = try Self.render(LabelSheetDocument(labels: labels, stock: .averyL7163, start: 9))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Poppler.pageCount(url) == 2, "labels 9 to 14 of the first sheet, then 6 on a second")
        try Self.expectEveryLabel(Array(labels.prefix(6)), on: url, stock: Self.l7163, from: 8)
        let second = try Self.zxingCodes(url, page: 2)
        #expect(Set(second.map(\.text)) == Set(labels.suffix(6).map(\.address)))
    }

    @Test func tapeHasOneLabelAPageOfTheTapesWidth() throws {
        let labels = Self.labels(3)
        for (stock, size) in [(LabelStock.tape62, "175.748 x 283.465"), (.tape29, "82.2047 x 255.118")] {
            let (folder, url) = try Self.render(LabelSheetDocument(labels: labels, stock: stock))
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try Poppler.pageSizes(url) == [size, size, size], "\(stock): 3 pages")
            for page in 1...3 {
                #expect(try Self.zxingCodes(url, page: page).map(\.text) == [labels[page - 1].address], "\(stock) page \(page)")
            }
        }
    }

    @Test func aStartOffTheSheetIsRefusedAndNothingIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("labels.pdf")
        #expect(throws: LabelSheetError.start(22, perSheet: 21)) {
            try LabelSheetRenderer.render(LabelSheetDocument(labels: Self.labels(1), stock: .averyL7160, start: 22), to: url)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
