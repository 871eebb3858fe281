import Foundation
import Imaging
import PhotoLibrary
import Testing

/// Library photos in a form this build cannot decode say what they are and what to save them as,
/// not that they are damaged. Files from public test corpora (Tests/Fixtures/corpus).
@Suite struct UnsupportedVariantLibraryTests {
    static func corpus(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent("Fixtures/corpus/\(name)")))
    }

    /// A 12-bit JPEG is refused from its header, while scanning.
    @Test func aTwelveBitJPEGSaysWhatToSaveItAs() throws {
        let fixture = try LibraryFixture()
        try fixture.write("Scans/monkey.jpg", try Self.corpus("monkey12.jpg"))
        try fixture.photo("Scans/fine.jpg")
        let library = try fixture.scannedLibrary()

        let problem = try #require(try library.asset(named: "monkey.jpg")?.problem)
        #expect(problem == .unsupportedVariant(.jpegPrecision(bits: 12)))
        #expect(problem.english.contains("12-bit JPEG"), "\(problem)")
        #expect(problem.english.contains("Save a copy as an ordinary 8-bit JPEG"), "\(problem)")
        #expect(!problem.english.contains("damaged"), "\(problem)")
        #expect(try library.album(named: "Scans")?.count == 2)
    }

    /// A photo over the pixel limit is kept as that, by its size, from its header alone.
    @Test func aPhotoOverThePixelLimitIsKeptBySize() throws {
        let fixture = try LibraryFixture()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        try fixture.write("Scans/huge.png", try [UInt8](Data(contentsOf: folder.appendingPathComponent("Fixtures/bomb-30000x30000.png"))))
        let library = try fixture.scannedLibrary()

        let problem = try #require(try library.asset(named: "huge.png")?.problem)
        #expect(problem == .tooManyPixels(width: 30_000, height: 30_000, limit: 50_000_000))
        #expect(problem.english == "This photo is 30000 × 30000 pixels, more than the limit of 50 megapixels.")
    }

    /// A tiled TIFF with separate colour planes has a readable header; decoding shows the variant.
    @Test func aTIFFThisBuildCannotDecodeIsMarkedWhenItsThumbnailIsAskedFor() throws {
        let fixture = try LibraryFixture()
        try fixture.write("Scans/planes.tiff", try Self.corpus("tiff_tiled_planar_16bit_RGB.tiff"))
        let library = try fixture.scannedLibrary()

        let asset = try #require(try library.asset(named: "planes.tiff"))
        #expect(asset.problem == nil)
        #expect(throws: ImagingError.self) {
            _ = try library.renditionFile(assetID: asset.id, fingerprint: asset.fingerprint, name: "thumb-256")
        }
        let problem = try #require(try library.asset(id: asset.id)?.problem)
        #expect(problem == .unsupportedVariant(.tiledSeparatePlanesTIFF))
        #expect(problem.english.contains("separate plane"), "\(problem)")
        #expect(problem.english.contains("Save a copy as a TIFF with interleaved pixels"), "\(problem)")
        #expect(library.status.unreadablePhotos.first?.explanation.contains("Save a copy as a TIFF with interleaved pixels") == true)
    }
}
