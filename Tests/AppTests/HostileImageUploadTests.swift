import App
import Foundation
import HTTPTestClient
import Imaging
import Testing

/// Uploads of files strangers send, copied from public test corpora into `Tests/Fixtures/corpus`:
/// one answer per file, refusals that cost nothing, and messages that say what to do.
@Suite struct HostileImageUploadTests {
    typealias F = ItemImageFixtures

    /// libvips' default threads per image, as the server runs.
    @Test(arguments: ["badcrc.png", "xcsn0g01.png"])
    func aDamagedPNGGetsTheSameAnswerEveryTime(name: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let bytes = try F.bytes("corpus/\(name)")
        let statuses = try (0..<60).map { _ in try app.putImage(item.id, bytes).status }
        #expect(Set(statuses) == [422], "\(name): \(statuses)")
        #expect(try app.item(item.id)["image"] is NSNull)
        #expect(app.imageFolders().isEmpty)
    }

    /// What it costs is measured in ImagingTests' HugeChunkPNGTests.
    @Test func aPNGDeclaringAGigabyteChunkIsRefusedAsDamaged() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let response = try app.putImage(item.id, try F.bytes("corpus/huge_tEXt_chunk.png"))
        #expect(response.status == 422, "\(response.text)")
        #expect(response.errorCode == "damaged-image")
    }

    @Test(arguments: [
        ("monkey12.jpg", "12-bit JPEG", "8-bit JPEG"),
        ("12bit.cropped.tif", "TIFF", "16-bit TIFF"),
        ("tiff_tiled_planar_16bit_RGB.tiff", "TIFF", "interleaved"),
        ("j2k32.heif", "JPEG 2000", "HEIC"),
    ])
    func aValidFileThisBuildCannotReadIsRefusedWith415SayingWhatToSaveItAs(name: String, kind: String, saveAs: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let foldersBefore = app.imageFolders()
        let response = try app.putImage(item.id, try F.bytes("corpus/\(name)"))
        #expect(response.status == 415, "\(name): \(response.text)")
        #expect(response.errorCode == "unsupported-image-variant")
        let message = response.errorMessage ?? ""
        #expect(message.contains(kind), "\(name): \(message)")
        #expect(message.contains("Save it as"), "\(name): \(message)")
        #expect(message.contains(saveAs), "\(name): \(message)")
        #expect(!message.contains("damaged"), "\(name): \(message)")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        #expect(app.imageFolders() == foldersBefore)
    }

    @Test func anAVIFImageSequenceIsStoredByItsStillImage() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Star")
        let image = try app.attach(try F.bytes("corpus/avif__star.avifs"), to: item.id)
        #expect(image.string("contentType") == "image/avif")
        let screen = try RasterImage.decode(try app.client.get(try F.url(image, "screenURL")).body)
        #expect((screen.width, screen.height) == (159, 159))
    }
}
