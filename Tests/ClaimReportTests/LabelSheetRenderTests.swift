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

    /// The pixels of one published label rectangle (never past its edges) of page `page` drawn at
    /// 300 dpi: what a phone held over that one label sees.
    static func labelPNG(_ url: URL, page: Int, rectangle box: (x: Double, y: Double, width: Double, height: Double)) throws -> URL {
        func pixels(_ millimetres: Double) -> Double { millimetres / 25.4 * Double(dpi) }
        let left = Int(pixels(box.x).rounded(.up)), top = Int(pixels(box.y).rounded(.up))
        let right = Int(pixels(box.x + box.width).rounded(.down)), bottom = Int(pixels(box.y + box.height).rounded(.down))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("label-\(UUID().uuidString)")
        _ = try ToolRun.output(of: "/usr/bin/pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", "\(dpi)", "-x", "\(left)", "-y", "\(top)",
                                                        "-W", "\(right - left)", "-H", "\(bottom - top)", "-png", "-singlefile", url.path, output.path])
        return URL(fileURLWithPath: output.path + ".png")
    }

    /// What zxing-cpp and zbar (`zbarimg`), two readers of their own, read in the QR codes of a picture.
    static func read(_ png: URL) throws -> (zxing: [String], zbar: [String]) {
        let zxing = try zxingCodes(png).map(\.text)
        // zbarimg exits 4 when it finds nothing: that is an answer here, not a failure.
        let zbar = (try? ToolRun.output(of: "/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png.path])) ?? ""
        return (zxing, zbar.split(separator: "\n").map(String.init))
    }

    /// A PNG's height, from its header.
    static func pngHeight(_ png: URL) throws -> Int {
        let header = [UInt8](try Data(contentsOf: png).prefix(24))
        return header[20...23].reduce(0) { $0 << 8 | Int($1) }
    }

    static func zxingCodes(_ png: URL) throws -> [ReadCode] {
        try CodeReader().read(bytes: [UInt8](Data(contentsOf: png))).codes.filter { $0.format == "QRCode" }
    }

    /// Every label, cut out of the page at its published rectangle, reads as its own address with
    /// both readers, and as nothing else: the code is whole inside the label, at the sheet's real place.
    static func expectEveryLabel(_ labels: [LabelSheetDocument.Label], on url: URL, page: Int = 1, stock published: Published,
                                 from start: Int = 0) throws {
        var read = 0
        for (index, label) in labels.enumerated() {
            let png = try labelPNG(url, page: page, rectangle: published.rectangle(start + index))
            defer { try? FileManager.default.removeItem(at: png) }
            let (zxing, zbar) = try Self.read(png)
            #expect(zxing == [label.address], "zxing-cpp in label \(start + index + 1): \(zxing)")
            #expect(zbar == [label.address], "zbar in label \(start + index + 1): \(zbar)")
            if zxing == [label.address] && zbar == [label.address] { read += 1 }
            // On a label wider than tall the code is as far from its top, bottom and left edges: so
            // where it is found inside the cut-out says the label was drawn at the published place
            // (a third of a millimetre, 4 pixels, for the readers' corners and the cut's rounding).
            if published.width > published.height, let code = try Self.zxingCodes(png).first {
                let bounds = code.bounds
                let below = try Self.pngHeight(png) - (bounds.y + bounds.height)
                #expect(abs(bounds.y - below) <= 4 && abs(bounds.x - bounds.y) <= 4,
                        "label \(start + index + 1): the code is \(bounds.x) px from the left, \(bounds.y) from the top, \(below) from the bottom")
            }
        }
        #expect(read == labels.count, "\(read) of \(labels.count) labels read back")
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
        try Self.expectEveryLabel(Array(labels.suffix(6)), on: url, page: 2, stock: Self.l7163)
        // The used labels 1 to 8 of the first sheet are left blank.
        for position in 0..<8 {
            let png = try Self.labelPNG(url, page: 1, rectangle: Self.l7163.rectangle(position))
            defer { try? FileManager.default.removeItem(at: png) }
            #expect(try Self.read(png) == ([], []), "label \(position + 1) is left as it was")
        }
    }

    @Test func tapeHasOneLabelAPageOfTheTapesWidth() throws {
        let labels = Self.labels(3)
        for (stock, size) in [(LabelStock.tape62, "175.748 x 283.465"), (.tape29, "82.2047 x 255.118")] {
            let (folder, url) = try Self.render(LabelSheetDocument(labels: labels, stock: stock))
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(try Poppler.pageSizes(url) == [size, size, size], "\(stock): 3 pages")
            let tape = stock == .tape62 ? Published(left: 0, top: 0, width: 62, height: 100, across: 62, down: 100, columns: 1, rows: 1)
                : Published(left: 0, top: 0, width: 29, height: 90, across: 29, down: 90, columns: 1, rows: 1)
            for page in 1...3 {
                try Self.expectEveryLabel([labels[page - 1]], on: url, page: page, stock: tape)
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
