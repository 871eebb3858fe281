import Foundation
import Imaging
import Testing

/// TIFFs that carry smaller copies of the picture (scanners, GIS tools, libvips' own pyramids)
/// are shown from the full-resolution page. Before, libvips' thumbnail picked the smallest level
/// whenever the screen size was larger than it (an 1800 × 1200 pyramid gave a 112 × 75 screen
/// image and 75 × 75 thumbnails).
@Suite struct MultiResolutionTIFFTests {
    /// Pillow's child_ifd.tiff: 32 × 32, with 16 × 16 and 8 × 8 copies in sub-IFDs.
    @Test func aTIFFWithSubImagesIsShownAtItsFullSize() throws {
        let bytes = try Corpus.bytes("child_ifd.tiff")
        let info = try Imaging.inspect(bytes, maxPixels: 1_000_000)
        #expect((info.width, info.height) == (32, 32))
        #expect(UploadOutcome(uploading: bytes) == .accepted(width: 32, height: 32))

        let path = try Corpus.temporaryCopy("child_ifd.tiff")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(UploadOutcome(readingFileAt: path) == .accepted(width: 32, height: 32))
    }

    @Test(arguments: [".tif[tile,pyramid]", ".tif[tile,pyramid,subifd]"], [(1800, 1200), (2400, 1000)])
    func aPyramidIsShownFromItsFullResolutionPage(suffix: String, size: (width: Int, height: Int)) throws {
        let bytes = try RasterImage(width: size.width, height: size.height) { x, y in
            [UInt8(x % 256), UInt8(y % 256), UInt8((x / 7 + y / 5) % 256)]
        }.encoded(as: suffix)
        let info = try Imaging.inspect(bytes, maxPixels: 100_000_000)
        #expect((info.width, info.height) == (size.width, size.height))

        let renditions = try Imaging.renditions(of: bytes, info: info, specs: uploadSpecs)
        let screen = size.width > 2048 ? (2048, size.height * 2048 / size.width) : (size.width, size.height)
        #expect((renditions[0].width, renditions[0].height) == screen, "\(suffix) \(size)")
        #expect((renditions[1].width, renditions[1].height) == (120, 120), "\(suffix) \(size)")
    }
}
