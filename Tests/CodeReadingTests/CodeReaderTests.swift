import CodeReading
import Foundation
import Imaging
import Testing

/// Public barcode photos and symbols (`Tests/Fixtures/public/capture/barcodes`, a subset of the shared
/// capture corpus with its truth), each read as a user's item photo would be.
struct CodeReaderTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/barcodes")

    struct Truth: Decodable {
        struct Code: Decodable {
            let format: String
            let text: String
            let gtin13: String?
            let upce: String?
            var accepted: Set<String> {
                var texts: Set<String> = [text]
                if let gtin13 { texts.insert(gtin13) }
                if let upce { texts.insert(upce) }
                if format == "UPC-A" { texts.insert("0" + text) }
                return texts
            }
        }
        struct File: Decodable {
            let codes: [Code]
            let exhaustive: Bool
        }
        let files: [String: File]
    }

    static let truth: Truth = try! JSONDecoder().decode(Truth.self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))

    /// Codes not read, rather than read wrong. DataBar (RSS-14): zxing-cpp 1.4 as Debian builds it
    /// aborts on some of them. The Aztec code with binary-shift padding: zxing-cpp 1.4 reads its
    /// 996 NULs with other characters after them. The tilted ITF: zxing-cpp 1.4 reads a part of it
    /// ("29220875") on two rows, and not the whole.
    static let notRead: Set<String> = ["zxcpp-rss14-1-9.webp", "zxcpp-aztec-1-padding_bs.png", "derived-tilt17-itf-1-5.png"]

    @Test(arguments: truth.files.keys.sorted())
    func readsEveryCodeRightAndNothingElse(file: String) throws {
        let expected = try #require(Self.truth.files[file])
        let result = try CodeReader().read(fileAtPath: Self.folder.appendingPathComponent(file).path)
        // Each code listed once is read once: two codes with one text (pyzbar-qrcode_rotated.png) are two.
        var unmatched = result.codes
        for code in expected.codes where !Self.notRead.contains(file) {
            let index = unmatched.firstIndex { code.accepted.contains($0.text) }
            #expect(index != nil, "\(file): \(code.format) \(code.text) not read; read \(result.codes.map(\.text))")
            if let index { unmatched.remove(at: index) }
        }
        for read in result.codes {
            #expect(expected.codes.contains { $0.accepted.contains(read.text) }, "\(file): read \(read.format) \(read.text), which is not on it")
        }
        #expect(!result.cutShort)
    }

    @Test func aCodeIsPlacedInTheUprightPhotoWhateverItsExifOrientation() throws {
        // The EAN-13 photo turned a quarter clockwise in its pixels, with EXIF orientation 8 (turn it
        // back to view): the code is found, and placed where it is in the photo as it is seen.
        let original = try CodeReader().read(fileAtPath: Self.folder.appendingPathComponent("zxcpp-upca-1-16.webp").path)
        let raster = try RasterImage.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent("zxcpp-upca-1-16.webp"))))
        let grey = raster.bands == 1 ? raster : RasterImage(width: raster.width, height: raster.height, bands: 1) { x, y in [raster.pixel(x: x, y: y)[0]] }
        let turned = RasterImage(width: grey.height, height: grey.width, bands: 1) { x, y in grey.pixel(x: y, y: grey.height - 1 - x) }
        let bytes = try turned.encoded(metadata: SampleMetadata(orientation: 8))
        let result = try CodeReader().read(bytes: bytes)
        #expect(result.imageWidth == raster.width && result.imageHeight == raster.height)
        let code = try #require(result.codes.first)
        #expect(code.text == original.codes.first?.text)
        let (a, b) = (code.bounds, try #require(original.codes.first).bounds)
        #expect(abs(a.x - b.x) < 12 && abs(a.y - b.y) < 12 && abs(a.width - b.width) < 12, "\(a) against \(b)")
    }

    @Test func aPhotoOfVeryManyCodesGivesABoundedResultSaidToBeCutShort() throws {
        // 5 × 5 copies of one QR code on a page: at most `maxCodes` come back, and the result says so.
        let tile = try RasterImage.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent("derived-perspective-qrcode-6-10.png"))))
        let grey = RasterImage(width: tile.width, height: tile.height, bands: 1) { x, y in [tile.pixel(x: x, y: y)[0]] }
        let side = 5
        let page = RasterImage(width: grey.width * side, height: grey.height * side, bands: 1) { x, y in
            grey.pixel(x: x % grey.width, y: y % grey.height)
        }
        let result = try CodeReader(limits: CodeReadingLimits(maxCodes: 5)).read(bytes: try page.encoded(as: ".png"))
        #expect(result.codes.count == 5)
        #expect(result.cutShort)
    }

    @Test func codesSideBySideAreAllRead() throws {
        // A UPC-A photo, a Code 128 photo and a Codabar symbol in a row on a white page: zxing-cpp 1.4
        // reads two of them (one linear code a row); the page read again with those painted out
        // gives the third.
        let names = ["zxcpp-upca-1-16.webp", "zxcpp-code128-2-06.webp", "zxcpp-codabar-1-12.png"]
        let tiles = try names.map { name in
            let tile = try RasterImage.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name))))
            return RasterImage(width: tile.width, height: tile.height, bands: 1) { x, y in [tile.pixel(x: x, y: y)[0]] }
        }
        let gap = 60
        let lefts = tiles.indices.map { index in tiles.prefix(index).reduce(gap) { $0 + $1.width + gap } }
        let page = RasterImage(width: lefts.last! + tiles.last!.width + gap, height: tiles.map(\.height).max()! + 2 * gap, bands: 1) { x, y in
            for (tile, left) in zip(tiles, lefts) where x >= left && x < left + tile.width && y >= gap && y < gap + tile.height {
                return tile.pixel(x: x - left, y: y - gap)
            }
            return [255]
        }
        let result = try CodeReader().read(bytes: try page.encoded(as: ".png"))
        let expected = try names.map { try #require(Self.truth.files[$0]?.codes.first) }
        for code in expected {
            #expect(result.codes.contains { code.accepted.contains($0.text) }, "\(code.text) not read; read \(result.codes.map(\.text))")
        }
        #expect(result.codes.count == 3, "\(result.codes.map(\.text))")
    }

    @Test func aPhotoOverThePixelLimitIsRefusedFromItsHeader() throws {
        let page = RasterImage(width: 2000, height: 1000, bands: 1) { _, _ in [255] }
        #expect(throws: CodeReadingError.image(.tooManyPixels(width: 2000, height: 1000, limit: 1_000_000))) {
            try CodeReader(limits: CodeReadingLimits(maxPixels: 1_000_000)).read(bytes: try page.encoded(as: ".png"))
        }
    }

    @Test func aLargePhotoIsReadFittedWithinTheLongestSide() throws {
        // A 6000-pixel-wide white page with the code, at three times its size, in it: read 3000 wide,
        // placed in the page's pixels.
        let tile = try RasterImage.decode([UInt8](Data(contentsOf: Self.folder.appendingPathComponent("zxcpp-upca-1-16.webp"))))
        let page = RasterImage(width: 6000, height: 800, bands: 1) { x, y in
            let (tx, ty) = ((x - 3000) / 3, (y - 200) / 3)
            return x >= 3000 && y >= 200 && tx < tile.width && ty < tile.height ? [tile.pixel(x: tx, y: ty)[0]] : [255]
        }
        let result = try CodeReader(limits: CodeReadingLimits(longestSide: 3000)).read(bytes: try page.encoded(as: ".png"))
        let code = try #require(result.codes.first)
        #expect(code.text == "456314319671")
        #expect(code.bounds.x > 2900 && code.bounds.x < 3100, "\(code.bounds)")
    }

    @Test func notAnImageIsAClearError() {
        #expect(throws: CodeReadingError.self) { try CodeReader().read(bytes: Array("hello, not an image".utf8)) }
    }
}
