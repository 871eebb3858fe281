import Foundation
import Imaging
import Testing

/// TIFF layouts that libvips 8.14 decodes with the wrong levels or colours, compared with what
/// libtiff itself makes of the same file (`Fixtures/corpus/*.libtiff-rgba.png`), both through the
/// same renditions, so that JPEG's losses cancel out.
@Suite struct TIFFColourTests {
    /// Pillow's 8bit.s.tif: greyscale with signed 8-bit samples holding a portrait's bytes. libvips
    /// clipped every sample over 127 to black; libtiff and Pillow read the bytes (Pillow's own test
    /// of this file expects 184 at (50, 50)).
    @Test func signedEightBitGreyKeepsItsLevels() throws {
        let screen = try screenRendition(of: "8bit.s.tif")
        let reference = try screenRendition(of: "8bit.s.libtiff-rgba.png")
        #expect((screen.width, screen.height) == (128, 128))
        #expect(abs(Int(screen.pixel(x: 50, y: 50)[0]) - 184) <= 6, "\(screen.pixel(x: 50, y: 50))")
        let difference = meanDifference(screen, reference)
        #expect(difference < 1, "mean difference from libtiff's decode: \(difference)")
        #expect(meanDifference(try screenRendition(ofLibraryCopyOf: "8bit.s.tif"), reference) < 1)
    }

    /// image-rs' ycbcr_lzw_bt709.tif: uncompressed YCbCr with BT.709 coefficients, a screenshot of a
    /// teal terminal. libvips took Y, Cb and Cr for red, green and blue: a pink picture.
    @Test func uncompressedYCbCrHasItsColours() throws {
        let screen = try screenRendition(of: "tiff__testsuite__ycbcr_lzw_bt709.tif")
        let reference = try screenRendition(of: "tiff__testsuite__ycbcr_lzw_bt709.libtiff-rgba.png")
        #expect((screen.width, screen.height) == (601, 81))
        let difference = meanDifference(screen, reference)
        #expect(difference < 1, "mean difference from libtiff's decode: \(difference)")
        #expect(meanDifference(try screenRendition(ofLibraryCopyOf: "tiff__testsuite__ycbcr_lzw_bt709.tif"), reference) < 1)
    }

    private func screenRendition(ofLibraryCopyOf name: String) throws -> RasterImage {
        let path = try Corpus.temporaryCopy(name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (info, _) = try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000)
        return try RasterImage.decode(try Imaging.renditions(ofFileAtPath: path, info: info, specs: uploadSpecs)[0].jpeg)
    }

    private func screenRendition(of name: String) throws -> RasterImage {
        let bytes = try Corpus.bytes(name)
        let info = try Imaging.inspect(bytes, maxPixels: 1_000_000)
        return try RasterImage.decode(try Imaging.renditions(of: bytes, info: info, specs: uploadSpecs)[0].jpeg)
    }

    /// The mean absolute difference of the two pictures' samples; a grey picture is compared with
    /// the first band of the other.
    private func meanDifference(_ a: RasterImage, _ b: RasterImage) -> Double {
        var total = 0
        var count = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
                for band in 0..<min(p.count, q.count) {
                    total += abs(Int(p[band]) - Int(q[band]))
                    count += 1
                }
            }
        }
        return Double(total) / Double(max(1, count))
    }
}
