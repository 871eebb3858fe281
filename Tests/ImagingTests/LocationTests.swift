import Foundation
import Imaging
import Testing

/// A photo sent to someone who should not learn where it was taken: a copy without its GPS fields
/// and XMP (which can name a place too), keeping its date, camera and orientation.
@Suite struct LocationTests {
    let pixels = RasterImage(width: 60, height: 40) { x, y in [UInt8(x * 4), UInt8(y * 6), 160] }

    @Test func aCopyWithoutItsLocationKeepsItsDateCameraAndOrientation() throws {
        let original = try pixels.encoded(metadata: SampleMetadata(orientation: 6, exif: [
            "exif-ifd0-Make": "Canon", "exif-ifd0-Model": "Canon EOS R6", "exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07",
            "exif-ifd3-GPSLatitudeRef": "S", "exif-ifd3-GPSLatitude": "33/1 51/1 3540/100",
            "exif-ifd3-GPSLongitudeRef": "E", "exif-ifd3-GPSLongitude": "151/1 12/1 4000/100",
        ], xmp: mwgXMP(["Alice Martin"])))
        let path = try temporaryFile(original)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Imaging.inspectFile(atPath: path, maxPixels: 1_000_000).1.latitude != nil, "the original has GPS")

        let copy = try #require(try Imaging.withoutLocation(fileAtPath: path, maxPixels: 1_000_000))
        let copied = try temporaryFile(copy)
        defer { try? FileManager.default.removeItem(atPath: copied) }
        let (info, metadata) = try Imaging.inspectFile(atPath: copied, maxPixels: 1_000_000)
        #expect(metadata.latitude == nil && metadata.longitude == nil)
        #expect(metadata.people == [], "no XMP")
        #expect(!bytesContain(copy, "GPS") && !bytesContain(copy, "<x:xmpmeta"))
        #expect(metadata.camera == "Canon EOS R6" && metadata.takenAt == Date(timeIntervalSince1970: 1_556_994_607))
        #expect(info.format == .jpeg && (info.width, info.height, info.orientation) == (40, 60, 6), "the pixels as stored, turned by the same tag")
    }

    @Test func aPhotoThatSaysNothingOfWhereItWasTakenNeedsNoCopy() throws {
        let original = try pixels.encoded(metadata: SampleMetadata(exif: ["exif-ifd0-Make": "Canon", "exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07"]))
        let path = try temporaryFile(original)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Imaging.withoutLocation(fileAtPath: path, maxPixels: 1_000_000) == nil)
    }

    func bytesContain(_ bytes: [UInt8], _ text: String) -> Bool {
        Data(bytes).range(of: Data(text.utf8)) != nil
    }
}
