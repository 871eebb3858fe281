import Foundation
import Imaging
import Testing

let sample = RasterImage(width: 64, height: 48) { x, y in [UInt8(x * 4), UInt8(y * 5), 128] }

@Suite struct FormatTests {
    @Test(arguments: [
        (".jpg", ImageFormat.jpeg), (".png", .png), (".webp", .webp), (".gif", .gif), (".tif", .tiff), (".heic", .heif),
    ])
    func acceptedFormatsAreRecognisedFromTheirBytes(suffix: String, format: ImageFormat) throws {
        let bytes = try sample.encoded(as: suffix)
        let info = try Imaging.inspect(bytes, maxPixels: 10_000)
        #expect(info.format == format)
        #expect((info.width, info.height) == (64, 48))
        let renditions = try Imaging.renditions(of: bytes, info: info, specs: [RenditionSpec(name: "thumb-80", shape: .square(80))])
        let thumb = try RasterImage.decode(renditions[0].jpeg)
        // Never enlarged: a 64×48 image gives a 48×48 square at most.
        #expect((thumb.width, thumb.height) == (48, 48))
        #expect(Array(renditions[0].jpeg.prefix(2)) == [0xFF, 0xD8])
    }

    @Test func transparentPNGIsFlattenedOntoWhite() throws {
        let clear = RasterImage(width: 20, height: 20, bands: 4) { _, _ in [0, 0, 0, 0] }
        let bytes = try clear.encoded(as: ".png")
        let renditions = try Imaging.renditions(of: bytes, info: try Imaging.inspect(bytes, maxPixels: 1_000), specs: [RenditionSpec(name: "s", shape: .fit(20))])
        let pixel = try RasterImage.decode(renditions[0].jpeg).pixel(x: 10, y: 10)
        #expect(isClose(pixel, [255, 255, 255], tolerance: 3))
    }

    @Test(arguments: [
        ("svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>".utf8)),
        ("pdf", Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF".utf8)),
        ("html", Array("<!DOCTYPE html><html><body>hello</body></html>".utf8)),
        ("text", Array("just some text".utf8)),
        ("empty", []),
    ])
    func notAnAcceptedImageIsUnsupported(name: String, bytes: [UInt8]) {
        #expect(throws: ImagingError.unsupportedFormat) { try Imaging.inspect(bytes, maxPixels: 1_000_000) }
    }

    @Test func truncatedJPEGIsDamaged() throws {
        let big = RasterImage(width: 400, height: 300) { x, y in [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256)] }
        let bytes = try big.encoded()
        let truncated = Array(bytes.prefix(bytes.count / 2))
        // The header is intact, so inspection passes; decoding must fail rather than pad with grey.
        let info = try Imaging.inspect(truncated, maxPixels: 1_000_000)
        #expect {
            _ = try Imaging.renditions(of: truncated, info: info, specs: [RenditionSpec(name: "s", shape: .fit(2048))])
        } throws: { error in
            if case ImagingError.damaged = error { return true }
            return false
        }
    }

    @Test func corruptHeaderIsDamaged() {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        bytes += Array(repeating: 0x00, count: 64)
        #expect {
            let info = try Imaging.inspect(bytes, maxPixels: 1_000_000)
            _ = try Imaging.renditions(of: bytes, info: info, specs: [RenditionSpec(name: "s", shape: .fit(100))])
        } throws: { error in
            if case ImagingError.damaged = error { return true }
            return false
        }
    }
}
