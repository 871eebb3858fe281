import Foundation
import Imaging
import Testing

@Suite struct PixelLimitTests {
    let bomb = Array(try! Data(contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bomb-30000x30000.png")))

    @Test func thirtyThousandSquarePNGIsRefusedFromItsHeader() {
        #expect(bomb.count < 400_000)
        let started = ContinuousClock.now
        #expect(throws: ImagingError.tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000)) {
            try Imaging.inspect(bomb, maxPixels: 100_000_000)
        }
        // Only the header was read: decoding 900 megapixels would take seconds and gigabytes.
        #expect(ContinuousClock.now - started < .milliseconds(500))
    }

    @Test func limitIsInclusive() throws {
        let bytes = try RasterImage(width: 100, height: 50) { _, _ in [1, 2, 3] }.encoded(as: ".png")
        #expect(try Imaging.inspect(bytes, maxPixels: 5_000).width == 100)
        #expect(throws: ImagingError.tooManyPixels(width: 100, height: 50, limit: 4_999)) {
            try Imaging.inspect(bytes, maxPixels: 4_999)
        }
    }
}
