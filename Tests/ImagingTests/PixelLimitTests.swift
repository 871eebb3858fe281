import Foundation
import Imaging
import Testing

@Suite struct PixelLimitTests {
    let bomb = Array(try! Data(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bomb-30000x30000.png")))

    /// Only the header is read (decoding 900 megapixels would take seconds and gigabytes): the same
    /// header followed by pixel data that cannot be decoded gets the same refusal, where a limit
    /// checked after decoding would have found the file damaged.
    @Test func thirtyThousandSquarePNGIsRefusedFromItsHeader() throws {
        #expect(bomb.count < 400_000)
        let refusal = ImagingError.tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000)
        #expect(throws: refusal) { try Imaging.inspect(bomb, maxPixels: 100_000_000) }
        // The signature and the IHDR chunk (33 bytes), then an IDAT chunk that holds no zlib stream, and IEND.
        let chunk = { (type: String, data: [UInt8]) in [0, 0, 0, UInt8(data.count)] + Array(type.utf8) + data + [0, 0, 0, 0] }
        let headerOnly = Array(bomb.prefix(33)) + chunk("IDAT", Array("no pixels here".utf8)) + chunk("IEND", [])
        #expect(throws: refusal) { try Imaging.inspect(headerOnly, maxPixels: 100_000_000) }
        let info = try Imaging.inspect(headerOnly, maxPixels: .max)
        #expect(throws: ImagingError.self) {
            try Imaging.renditions(of: headerOnly, info: info, specs: [RenditionSpec(name: "thumb-80", shape: .square(80))])
        }
    }

    @Test func limitIsInclusive() throws {
        let bytes = try RasterImage(width: 100, height: 50) { _, _ in [1, 2, 3] }.encoded(as: ".png")
        #expect(try Imaging.inspect(bytes, maxPixels: 5_000).width == 100)
        #expect(throws: ImagingError.tooManyPixels(width: 100, height: 50, limit: 4_999)) {
            try Imaging.inspect(bytes, maxPixels: 4_999)
        }
    }
}
