import App
import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// `/images/{hash}/{file}`: renditions and originals, cached forever by their content-hash URLs,
/// with no way out of the images folder.
@Suite struct ItemImageFileTests {
    typealias F = ItemImageFixtures

    /// An app with one item whose photo is `bytes`; returns the item's "image".
    static func appWithPhoto(_ bytes: [UInt8]) throws -> (ItemImageTestApp, [String: Any]) {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Camera")
        return (app, try app.attach(bytes, to: item.id))
    }

    @Test(arguments: [
        ("thumbnailURL", "image/jpeg"), ("screenURL", "image/jpeg"), ("originalURL", "image/jpeg"),
    ])
    func filesAreImmutableWithETagAnd304(key: String, contentType: String) throws {
        let bytes = try F.bytes("photo-1.jpg")
        let (app, image) = try Self.appWithPhoto(bytes)
        let url = try F.url(image, key)
        let response = try app.client.get(url)
        #expect(response.status == 200)
        let cacheControl = response.header("Cache-Control") ?? ""
        #expect(cacheControl.contains("immutable"), "Cache-Control: \(cacheControl)")
        #expect(cacheControl.contains("max-age=31536000"), "Cache-Control: \(cacheControl)")
        #expect(cacheControl.contains("public"), "Cache-Control: \(cacheControl)")
        #expect(response.header("Content-Type") == contentType)
        #expect(!response.body.isEmpty)
        #expect(Array(response.body.prefix(2)) == [0xFF, 0xD8])
        if let length = response.header("Content-Length") { #expect(Int(length) == response.body.count) }
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasSuffix("\"") && etag.count > 2)

        let revalidated = try app.client.get(url, headers: ["If-None-Match": etag])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.header("ETag") == etag)
        #expect(revalidated.header("Cache-Control")?.contains("immutable") == true)

        // Among other tags, and weak, it still matches; a different tag does not.
        #expect(try app.client.get(url, headers: ["If-None-Match": "\"nope\", W/\(etag)"]).status == 304)
        let other = try app.client.get(url, headers: ["If-None-Match": "\"0000000000000000-\(key)\""])
        #expect(other.status == 200)
        #expect(other.body == response.body)
        if key == "originalURL" { #expect(response.body == bytes) }
    }

    @Test func eachFileHasItsOwnETag() throws {
        let app = try ItemImageTestApp()
        let a = try app.createItem("A")
        let b = try app.createItem("B")
        let imageA = try app.attach(try F.bytes("photo-1.jpg"), to: a.id)
        let imageB = try app.attach(try F.bytes("photo-2.jpg"), to: b.id)
        var tags: [String] = []
        for image in [imageA, imageB] {
            for key in ["thumbnailURL", "screenURL", "originalURL"] {
                tags.append(try #require(try app.client.get(try F.url(image, key)).header("ETag")))
            }
        }
        #expect(Set(tags).count == tags.count, "ETags repeat: \(tags)")
        // Another photo's ETag does not make this one 304.
        let response = try app.client.get(try F.url(imageB, "thumbnailURL"), headers: ["If-None-Match": tags[0]])
        #expect(response.status == 200)
    }

    @Test(arguments: [
        (".jpg[Q=90]", "image/jpeg", ".jpg"), (".png", "image/png", ".png"), (".webp", "image/webp", ".webp"),
    ])
    func originalIsADownloadWithItsRealExtension(suffix: String, contentType: String, fileExtension: String) throws {
        let bytes = try F.picture(suffix)
        let (app, image) = try Self.appWithPhoto(bytes)
        let response = try app.client.get(try F.url(image, "originalURL"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == contentType)
        #expect(response.body == bytes)
        let disposition = try #require(response.header("Content-Disposition"))
        #expect(disposition.lowercased().hasPrefix("attachment"), "\(disposition)")
        let filename = try #require(disposition.split(separator: ";").first { $0.contains("filename=") })
        #expect(filename.replacingOccurrences(of: "\"", with: "").hasSuffix(fileExtension), "\(disposition)")
        #expect(response.header("ETag") != nil)
        #expect(response.header("Cache-Control")?.contains("immutable") == true)
        let revalidated = try app.client.get(try F.url(image, "originalURL"), headers: ["If-None-Match": response.header("ETag")!])
        #expect(revalidated.status == 304)
    }

    @Test(arguments: [(4000, 3000), (3000, 4000)])
    func screenRenditionFits2048(width: Int, height: Int) throws {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        // Stripes, so the encoder has something to keep.
        for index in stride(from: 0, to: pixels.count, by: 3) { pixels[index] = UInt8((index / 3 / 97) % 256) }
        let bytes = try RasterImage(width: width, height: height, pixels: pixels).encoded()
        let (app, image) = try Self.appWithPhoto(bytes)
        #expect(image.int("width") == width)
        #expect(image.int("height") == height)
        let screen = try RasterImage.decode(try app.client.get(try F.url(image, "screenURL")).body)
        #expect(max(screen.width, screen.height) == 2048)
        #expect(screen.width <= 2048 && screen.height <= 2048)
        #expect(width > height ? (screen.width, screen.height) == (2048, 1536) : (screen.width, screen.height) == (1536, 2048))
        // The square thumbnails, at 1×, 2× and 3×.
        let thumbnailURL = try F.url(image, "thumbnailURL")
        #expect(thumbnailURL.hasSuffix("/thumb-80.jpg"))
        for size in [40, 80, 120] {
            let url = thumbnailURL.replacingOccurrences(of: "thumb-80.jpg", with: "thumb-\(size).jpg")
            let response = try app.client.get(url)
            #expect(response.status == 200, "\(url)")
            let thumb = try RasterImage.decode(response.body)
            #expect((thumb.width, thumb.height) == (size, size), "\(url)")
        }
    }

    @Test func renditionsCarryNoMetadata() throws {
        let xmp = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
            xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0000N" exif:GPSLongitude="0,7.0000W"/>\
            </rdf:RDF></x:xmpmeta><?xpacket end="w"?>
            """
        let metadata = SampleMetadata(
            orientation: 1,
            exif: ["exif-ifd0-Make": "HomepwnerCam", "exif-ifd2-DateTimeOriginal": "2021:07:04 18:30:00"],
            xmp: xmp)
        let bytes = try RasterImage(width: 300, height: 200) { x, y in [UInt8(x % 256), UInt8(y % 256), 60] }
            .encoded(metadata: metadata)
        // The sample carries what a camera would.
        #expect(F.contains(bytes, [0x45, 0x78, 0x69, 0x66, 0, 0]), "the sample has no EXIF")
        #expect(F.contains(bytes, "HomepwnerCam"))
        #expect(F.contains(bytes, "GPSLatitude"))

        let (app, image) = try Self.appWithPhoto(bytes)
        let original = try app.client.get(try F.url(image, "originalURL"))
        #expect(original.body == bytes, "the original is served as uploaded, metadata included")
        let thumbnailURL = try F.url(image, "thumbnailURL")
        var urls = [try F.url(image, "screenURL")]
        urls += [40, 80, 120].map { thumbnailURL.replacingOccurrences(of: "thumb-80.jpg", with: "thumb-\($0).jpg") }
        for url in urls {
            let body = try app.client.get(url).body
            #expect(Array(body.prefix(2)) == [0xFF, 0xD8], "\(url)")
            #expect(!F.contains(body, [0x45, 0x78, 0x69, 0x66, 0, 0]), "\(url) carries EXIF")
            #expect(!F.contains(body, "HomepwnerCam"), "\(url) carries the camera make")
            #expect(!F.contains(body, "GPSLatitude"), "\(url) carries GPS")
            #expect(!F.contains(body, "http://ns.adobe.com/xap/1.0/"), "\(url) carries XMP")
        }
    }

    @Test func lostRenditionIsRebuiltOnRequest() throws {
        let bytes = try F.bytes("photo-2.jpg")
        let (app, image) = try Self.appWithPhoto(bytes)
        let hash = try ToolRun.sha256sum(bytes)
        let path = "\(app.imagesFolder)/\(hash.prefix(2))/\(hash)/thumb-80.jpg"
        #expect(FileManager.default.fileExists(atPath: path))
        let first = try app.client.get(try F.url(image, "thumbnailURL"))
        try FileManager.default.removeItem(atPath: path)
        let rebuilt = try app.client.get(try F.url(image, "thumbnailURL"))
        #expect(rebuilt.status == 200)
        #expect(rebuilt.header("ETag") == first.header("ETag"))
        let thumb = try RasterImage.decode(rebuilt.body)
        #expect((thumb.width, thumb.height) == (80, 80))
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(app.hiddenEntries().isEmpty)
    }

    @Test func pathsOutsideTheStoreAreRefused() throws {
        let bytes = try F.bytes("photo-1.jpg")
        let (app, image) = try Self.appWithPhoto(bytes)
        let hash = try ToolRun.sha256sum(bytes)
        // A secret beside the images folder, and the database, are what traversal would reach.
        try Data("root:x:0:0:secret".utf8).write(to: app.folder.url.appendingPathComponent("secret.txt"))
        let probes = [
            "/images/..%2f..%2fetc/passwd",
            "/images/../../etc/passwd",
            "/images/%2e%2e/%2e%2e/etc/passwd",
            "/images/%2e%2e/secret.txt",
            "/images/..%2fsecret.txt/original.jpg",
            "/images/\(hash)/..%2foriginal.jpg",
            "/images/\(hash)/..%2f..%2f..%2fsecret.txt",
            "/images/\(hash)/..%2f..%2f..%2fhomepwner.sqlite",
            "/images/\(hash)/../../../homepwner.sqlite",
            "/images/\(hash)/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt",
            "/images/\(hash)/thumb-80.jpg%2f..%2f..%2f..%2fsecret.txt",
            "/images/\(hash)/..%5c..%5csecret.txt",
            "/images/\(hash)/original.jpg%00.png",
            "/images/\(String(repeating: "z", count: 64))/thumb-80.jpg",
            "/images/\(String(repeating: "z", count: 64))/original.jpg",
            "/images/\(hash.uppercased())/thumb-80.jpg",
            "/images/\(hash.uppercased())/original.jpg",
            "/images/\(hash.dropLast())/thumb-80.jpg",
            "/images/\(hash)0/thumb-80.jpg",
            "/images/\(String(repeating: "0", count: 64))/thumb-80.jpg",
            "/images/\(hash)/original.png",
            "/images/\(hash)/original",
            "/images/\(hash)/original.",
            "/images/\(hash)/thumb-81.jpg",
            "/images/\(hash)/thumb-80.JPG",
            "/images/\(hash)/thumb-80.png",
            "/images/\(hash)/screen.jpg/extra",
            "/images/\(hash)/.tmp-1",
            "/images/\(hash)/.",
            "/images/\(hash.prefix(2))/\(hash)",
            "/images/\(hash)",
            "/images/",
        ]
        for probe in probes {
            let response = try app.client.get(probe)
            #expect([400, 404].contains(response.status), "\(probe) answered \(response.status)")
            #expect(response.header("Content-Type")?.hasPrefix("image/") != true, "\(probe) sent an image")
            #expect(Array(response.body.prefix(2)) != [0xFF, 0xD8], "\(probe) sent a JPEG")
            #expect(!F.contains(response.body, "root:x:0"), "\(probe) sent the secret")
            #expect(!F.contains(response.body, "SQLite format"), "\(probe) sent the database")
        }
        // Nothing was created by the probes, and the real files still work.
        #expect(app.imageFolders() == [hash])
        #expect(try app.client.get(try F.url(image, "originalURL")).body == bytes)
    }
}
