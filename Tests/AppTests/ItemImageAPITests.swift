import App
import Foundation
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// The real app with the photo limits a test wants, on a temporary data folder.
final class ItemImageTestApp: Sendable {
    let folder: TestDataFolder
    let app: HomepwnerApp
    let client: HTTPTestClient

    init(maxUploadBytes: Int? = nil, maxImagePixels: Int? = nil) throws {
        folder = try TestDataFolder()
        var configuration = AppConfiguration(dataDirectory: folder.url)
        configuration.port = 0
        configuration.accessLog = false
        if let maxUploadBytes { configuration.maxUploadBytes = maxUploadBytes }
        if let maxImagePixels { configuration.maxImagePixels = maxImagePixels }
        app = try HomepwnerApp(configuration: configuration)
        client = .inProcess(app)
    }

    deinit { app.shutdown() }

    var imagesFolder: String { folder.url.appendingPathComponent("images").path }

    /// The image folders on disk, by hash.
    func imageFolders() -> [String] {
        let paths = (FileManager.default.enumerator(atPath: imagesFolder)?.allObjects as? [String]) ?? []
        return paths.filter { $0.split(separator: "/").count == 2 }.map { String($0.split(separator: "/")[1]) }.sorted()
    }

    /// Every entry under the images folder whose name starts with ".".
    func hiddenEntries() -> [String] {
        let paths = (FileManager.default.enumerator(atPath: imagesFolder)?.allObjects as? [String]) ?? []
        return paths.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }
    }

    func folderExists(_ hash: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(imagesFolder)/\(hash.prefix(2))/\(hash)")
    }

    @discardableResult
    func createItem(_ name: String) throws -> [String: Any] {
        let response = try client.json("POST", "/api/v1/items", ["name": name])
        guard response.status == 201, let item = response.json as? [String: Any] else {
            throw TestAppError("create \(name) answered \(response.status): \(response.text)")
        }
        return item
    }

    func item(_ id: Int64) throws -> [String: Any] {
        let response = try client.get("/api/v1/items/\(id)")
        guard response.status == 200, let item = response.json as? [String: Any] else {
            throw TestAppError("item \(id) answered \(response.status): \(response.text)")
        }
        return item
    }

    /// PUTs raw bytes as an item's photo.
    func putImage(_ id: Int64, _ bytes: [UInt8], contentType: String? = nil, headers: [String: String] = [:]) throws -> TestResponse {
        var headers = headers
        if let contentType { headers["Content-Type"] = contentType }
        return try client.send("PUT", "/api/v1/items/\(id)/image", headers: headers, body: bytes)
    }

    /// PUTs `bytes` and insists on 200; returns the item's "image".
    @discardableResult
    func attach(_ bytes: [UInt8], to id: Int64) throws -> [String: Any] {
        let response = try putImage(id, bytes)
        guard response.status == 200, let item = response.json as? [String: Any], let image = item["image"] as? [String: Any] else {
            throw TestAppError("PUT image answered \(response.status): \(response.text)")
        }
        return image
    }
}

enum ItemImageFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static let imageKeys: Set<String> = ["width", "height", "contentType", "thumbnailURL", "screenURL", "originalURL"]

    /// A small picture with some detail, encoded by libvips as `suffix` names it.
    static func picture(_ suffix: String = ".jpg[Q=90]", width: Int = 64, height: Int = 48) throws -> [UInt8] {
        try RasterImage(width: width, height: height) { x, y in [UInt8(x * 255 / width), UInt8(y * 255 / height), 140] }
            .encoded(as: suffix)
    }

    /// A 60×40 upright picture in four colours: red, green / blue, white.
    static let quadrants = RasterImage(width: 60, height: 40) { x, y in
        switch (x < 30, y < 20) {
        case (true, true): [230, 30, 30]
        case (false, true): [30, 200, 30]
        case (true, false): [30, 30, 230]
        case (false, false): [240, 240, 240]
        }
    }

    /// The pixels a camera stores so that EXIF orientation 6 (rotate 90° clockwise to view) shows `upright`.
    static func storedForOrientation6(_ upright: RasterImage) -> RasterImage {
        RasterImage(width: upright.height, height: upright.width) { x, y in
            upright.pixel(x: upright.width - 1 - y, y: x)
        }
    }

    static func isClose(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 40) -> Bool {
        a.count >= 3 && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    static func contains(_ haystack: [UInt8], _ text: String) -> Bool {
        contains(haystack, Array(text.utf8))
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// A multipart/form-data body as a browser sends it: `parts` in order, each (name, filename, type, bytes).
    static func multipart(boundary: String, _ parts: [(name: String, filename: String?, type: String?, body: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"" }
            head += "\r\n"
            if let type = part.type { head += "Content-Type: \(type)\r\n" }
            head += "\r\n"
            body += Array(head.utf8) + part.body + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    /// The URL under `key` of an item's "image".
    static func url(_ image: [String: Any], _ key: String) throws -> String {
        guard let url = image[key] as? String else { throw TestAppError("the image has no \(key): \(image)") }
        return url
    }

    /// Whether two JSON values are equal (compared as canonical JSON text).
    static func isSameJSON(_ a: Any?, _ b: Any?) -> Bool {
        func canonical(_ value: Any?) -> String {
            guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
                return "<none>"
            }
            return String(decoding: data, as: UTF8.self)
        }
        return canonical(a) == canonical(b) && canonical(a) != "<none>"
    }
}

/// `PUT` and `DELETE /api/v1/items/{id}/image`: uploads sniffed by content, the item's `"image"`, and
/// every bad upload refused without touching the item's current photo.
@Suite struct ItemImageAPITests {
    typealias F = ItemImageFixtures

    // MARK: Uploads that work

    @Test(arguments: [nil, "text/plain", "application/octet-stream", "image/png"] as [String?])
    func rawJPEGIsStoredWhateverTheContentType(contentType: String?) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Camera")
        let bytes = try F.bytes("photo-1.jpg")
        let response = try app.putImage(item.id, bytes, contentType: contentType)
        #expect(response.status == 200, "\(response.text)")
        let body = try #require(response.json as? [String: Any])
        #expect(body.id == item.id)
        #expect(body.string("name") == "Camera")
        let image = try #require(body["image"] as? [String: Any])
        #expect(Set(image.keys) == F.imageKeys)
        #expect(image.int("width") == 1600)
        #expect(image.int("height") == 1200)
        #expect(image.string("contentType") == "image/jpeg")
        let hash = try ToolRun.sha256sum(bytes)
        #expect(image.string("thumbnailURL") == "/images/\(hash)/thumb-80.jpg")
        #expect(image.string("screenURL") == "/images/\(hash)/screen.jpg")
        #expect(image.string("originalURL") == "/images/\(hash)/original.jpg")
        // The stored item says the same.
        #expect(F.isSameJSON(try app.item(item.id)["image"], image))
        #expect(app.imageFolders() == [hash])
        #expect(app.hiddenEntries().isEmpty)
        // The response carries the item's new ETag.
        let etag = try #require(response.header("ETag"))
        #expect(try app.client.get("/api/v1/items/\(item.id)").header("ETag") == etag)
    }

    @Test func sidewaysPhotoReportsItsUprightSize() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Phone")
        // Stored 40 wide and 60 tall, to be turned a quarter clockwise: upright it is 60 × 40.
        let sideways = try RasterImage(width: 40, height: 60) { x, y in [UInt8(x * 6), UInt8(y * 4), 90] }
            .encoded(metadata: SampleMetadata(orientation: 6))
        let image = try app.attach(sideways, to: item.id)
        #expect(image.int("width") == 60)
        #expect(image.int("height") == 40)
        #expect(image.string("thumbnailURL")?.hasSuffix("/thumb-80.jpg") == true)
    }

    @Test func sidewaysPhotoIsServedUpright() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Phone")
        let file = try F.storedForOrientation6(F.quadrants).encoded(metadata: SampleMetadata(orientation: 6))
        let image = try app.attach(file, to: item.id)
        let response = try app.client.get(try F.url(image, "screenURL"))
        #expect(response.status == 200)
        let screen = try RasterImage.decode(response.body)
        #expect((screen.width, screen.height) == (60, 40))
        #expect(F.isClose(screen.pixel(x: 12, y: 8), [230, 30, 30]), "top left should be red")
        #expect(F.isClose(screen.pixel(x: 48, y: 8), [30, 200, 30]), "top right should be green")
        #expect(F.isClose(screen.pixel(x: 12, y: 32), [30, 30, 230]), "bottom left should be blue")
        #expect(F.isClose(screen.pixel(x: 48, y: 32), [240, 240, 240]), "bottom right should be white")
        // The original is served as uploaded, orientation tag and all.
        #expect(try app.client.get(try F.url(image, "originalURL")).body == file)
    }

    @Test(arguments: ["empty part first", "empty part last", "text field first"])
    func multipartUploadIsStored(layout: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Camera")
        let bytes = try F.bytes("photo-2.jpg")
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        let photo = (name: "file", filename: Optional("IMG_0001.JPG"), type: Optional("image/jpeg"), body: bytes)
        // An unused <input type=file> is sent as an empty part with an empty filename.
        let unused = (name: "camera", filename: Optional(""), type: Optional("application/octet-stream"), body: [UInt8]())
        let field = (name: "note", filename: String?.none, type: String?.none, body: Array("kitchen".utf8))
        let parts: [(name: String, filename: String?, type: String?, body: [UInt8])] = switch layout {
        case "empty part first": [unused, photo]
        case "empty part last": [photo, unused]
        default: [field, unused, photo]
        }
        let response = try app.putImage(
            item.id, F.multipart(boundary: boundary, parts), contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(response.status == 200, "\(response.text)")
        let image = try #require((response.json as? [String: Any])?["image"] as? [String: Any])
        #expect(Set(image.keys) == F.imageKeys)
        #expect(image.string("contentType") == "image/jpeg")
        #expect(image.int("width") == 1600)
        #expect(image.string("originalURL") == "/images/\(try ToolRun.sha256sum(bytes))/original.jpg")
        // Exactly the file's bytes, without the part's framing.
        #expect(try app.client.get(try F.url(image, "originalURL")).body == bytes)
    }

    /// Upload pressed with no file chosen: the form still carries its CSRF token and the unused inputs.
    @Test func aFormWithoutAFileSaysSoAndKeepsThePhoto() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Camera")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
        let body = F.multipart(boundary: boundary, [
            (name: "csrf", filename: nil, type: nil, body: Array("3q2-7wAAAAAAAAAA".utf8)),
            (name: "camera", filename: "", type: "application/octet-stream", body: []),
            (name: "file", filename: "", type: "application/octet-stream", body: []),
        ])
        let response = try app.putImage(item.id, body, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(response.status == 400, "\(response.text)")
        #expect(response.errorMessage?.contains("holds no photo") == true, "\(response.text)")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
    }

    @Test(arguments: [
        (".png", "image/png", "png"),
        (".webp", "image/webp", "webp"),
        (".gif", "image/gif", "gif"),
        (".tif", "image/tiff", "tiff"),
        (".heic", "image/heic", "heic"),
        (".jpg[Q=90]", "image/jpeg", "jpg"),
    ])
    func acceptedFormatsAreStored(suffix: String, contentType: String, fileExtension: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Poster")
        let bytes = try F.picture(suffix)
        let response = try app.putImage(item.id, bytes)
        #expect(response.status == 200, "\(response.text)")
        let image = try #require((response.json as? [String: Any])?["image"] as? [String: Any])
        #expect(image.string("contentType") == contentType)
        #expect(image.int("width") == 64)
        #expect(image.int("height") == 48)
        let originalURL = try F.url(image, "originalURL")
        #expect(originalURL.hasSuffix("/original.\(fileExtension)"))
        let original = try app.client.get(originalURL)
        #expect(original.status == 200)
        #expect(original.header("Content-Type") == contentType)
        #expect(original.body == bytes)
        let thumb = try app.client.get(try F.url(image, "thumbnailURL"))
        #expect(thumb.status == 200)
        #expect(thumb.header("Content-Type") == "image/jpeg")
        #expect(Array(thumb.body.prefix(2)) == [0xFF, 0xD8])
    }

    // MARK: Bad uploads

    static let unacceptable: [(String, [UInt8])] = [
        ("svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>".utf8)),
        ("pdf", Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF".utf8)),
        ("html", Array("<!DOCTYPE html><html><body><img src=x onerror=alert(1)></body></html>".utf8)),
        ("text", Array("just some text, no photo here\n".utf8)),
        // libvips reads PPM, but it is no camera's format.
        ("ppm", Array("P6\n2 2\n255\n".utf8) + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]),
    ]

    @Test(arguments: unacceptable)
    func unacceptedFormatIsRefusedWith415AndThePhotoIsKept(name: String, bytes: [UInt8]) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let itemBefore = try app.item(item.id)
        let foldersBefore = app.imageFolders()
        for contentType in [nil, "image/jpeg"] as [String?] {
            let response = try app.putImage(item.id, bytes, contentType: contentType)
            #expect(response.status == 415, "\(name): \(response.text)")
            let message = try #require(response.errorMessage)
            for format in ["JPEG", "PNG", "WebP", "GIF", "TIFF", "HEIC"] {
                #expect(message.contains(format), "the message should name \(format): \(message)")
            }
        }
        let after = try app.item(item.id)
        #expect(F.isSameJSON(after["image"], before))
        #expect(F.isSameJSON(after, itemBefore))
        #expect(app.imageFolders() == foldersBefore)
        #expect(try app.client.get(try F.url(before, "thumbnailURL")).status == 200)
    }

    @Test func unacceptedFormatInAMultipartFormIsRefusedToo() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let boundary = "XyZ123"
        let body = F.multipart(boundary: boundary, [(name: "file", filename: "drawing.svg", type: "image/svg+xml", body: Self.unacceptable[0].1)])
        let response = try app.putImage(item.id, body, contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(response.status == 415)
        #expect(try app.item(item.id)["image"] is NSNull)
        #expect(app.imageFolders().isEmpty)
    }

    @Test func truncatedJPEGIsRefusedAsDamaged() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-2.jpg"), to: item.id)
        let foldersBefore = app.imageFolders()
        let response = try app.putImage(item.id, try F.bytes("truncated.jpg"))
        #expect(response.status == 422, "\(response.text)")
        #expect(response.errorMessage?.lowercased().contains("damaged") == true, "\(response.errorMessage ?? "")")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        #expect(app.imageFolders() == foldersBefore)
        #expect(app.hiddenEntries().isEmpty)
    }

    @Test(arguments: [".png", ".webp", ".gif", ".tif", ".heic", ".jpg[Q=90]"])
    func truncatedFileOfAnAcceptedFormatIsDamaged(suffix: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let noisy = try RasterImage(width: 300, height: 200) { x, y in
            [UInt8((x * 7 + y * 13) % 256), UInt8((x * y) % 256), UInt8((x ^ y) % 256)]
        }.encoded(as: suffix)
        let truncated = Array(noisy.prefix(noisy.count * 6 / 10))
        let response = try app.putImage(item.id, truncated)
        #expect(response.status == 422, "a truncated \(suffix) answered \(response.status): \(response.errorMessage ?? response.text)")
        #expect(response.errorMessage?.lowercased().contains("damaged") == true, "\(response.errorMessage ?? "")")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        #expect(app.imageFolders().count == 1)
    }

    /// Formats libvips can read that are not on the accepted list are refused, or at least not
    /// passed off as one that is: an AVIF file is not a HEIC photo.
    @Test(arguments: [".avif", ".jp2"])
    func otherFormatsAreNotMislabelled(suffix: String) throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let bytes: [UInt8]
        do { bytes = try F.picture(suffix) } catch {
            // This libvips cannot write the format: nothing to check.
            return
        }
        let response = try app.putImage(item.id, bytes)
        if response.status == 200 {
            let image = try #require((response.json as? [String: Any])?["image"] as? [String: Any])
            let expected = suffix == ".avif" ? ("image/avif", ".avif") : ("image/jp2", ".jp2")
            #expect(image.string("contentType") == expected.0, "a \(suffix) file was stored as \(image.string("contentType") ?? "?")")
            let originalURL = try F.url(image, "originalURL")
            #expect(originalURL.hasSuffix("/original\(expected.1)"), "\(originalURL)")
        } else {
            #expect(response.status == 415, "\(response.text)")
        }
    }

    @Test func pixelBombIsRefusedFromItsHeaderWithTheLimit() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let bomb = try F.bytes("bomb-30000x30000.png")
        // Refused by its size from the header (the message names both), before any pixel is decoded
        // (ImagingTests' PixelLimitTests refuse the header alone).
        let response = try app.putImage(item.id, bomb)
        #expect(response.status == 422, "\(response.text)")
        let message = response.errorMessage ?? ""
        #expect(message.contains("100 megapixels"), "\(message)")
        #expect(message.contains("30000"), "\(message)")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        #expect(app.imageFolders().count == 1)
    }

    @Test func pixelLimitIsConfigurable() throws {
        let app = try ItemImageTestApp(maxImagePixels: 1_000_000)
        let item = try app.createItem("Lamp")
        let response = try app.putImage(item.id, try F.bytes("photo-1.jpg"))
        #expect(response.status == 422)
        #expect(response.errorMessage?.contains("1 megapixels") == true, "\(response.errorMessage ?? "")")
        #expect(try app.item(item.id)["image"] is NSNull)
        // Under the limit is fine.
        #expect(try app.putImage(item.id, try F.picture(width: 1000, height: 1000)).status == 200)
    }

    @Test func declaredBodyOverTheLimitIsRefusedBeforeItIsSent() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let head = "PUT /api/v1/items/\(item.id)/image HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\n"
            + "Content-Length: 60000000\r\n\r\n"
        // Only the head is sent, and the connection stays open: an answer at all is one given
        // without the body (a server waiting for it would cut the connection at its deadline instead).
        let response = try app.client.sendRaw(Array(head.utf8), timeout: 30)
        #expect(response.status == 413, "\(response.text)")
        #expect(response.errorMessage?.isEmpty == false)
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
    }

    @Test func uploadLimitIsConfigurableAndAppliesToRealBodies() throws {
        let app = try ItemImageTestApp(maxUploadBytes: 60_000)
        let item = try app.createItem("Lamp")
        let small = try F.bytes("photo-1.jpg") // 57,265 bytes
        #expect(small.count < 60_000)
        let before = try app.attach(small, to: item.id)
        let large = try F.bytes("photo-2.jpg") // 63,245 bytes
        #expect(large.count > 60_000)

        let declared = try app.putImage(item.id, large)
        #expect(declared.status == 413, "\(declared.text)")

        // Chunked, with no declared length: refused once the body passes the limit.
        var chunked = Array("PUT /api/v1/items/\(item.id)/image HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        var offset = 0
        while offset < large.count {
            let end = min(offset + 16_384, large.count)
            chunked += Array("\(String(end - offset, radix: 16))\r\n".utf8) + large[offset..<end] + Array("\r\n".utf8)
            offset = end
        }
        chunked += Array("0\r\n\r\n".utf8)
        let streamed = try app.client.sendRaw(chunked, timeout: 5)
        #expect(streamed.status == 413, "\(streamed.text)")

        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        #expect(app.imageFolders() == [try ToolRun.sha256sum(small)])
    }

    @Test func emptyBodyIsRefused() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let response = try app.putImage(item.id, [])
        #expect(response.status == 400)
        #expect(try app.item(item.id)["image"] is NSNull)
    }

    @Test func unknownItemIs404AndStoresNothing() throws {
        let app = try ItemImageTestApp()
        try app.createItem("Lamp")
        let bytes = try F.bytes("photo-1.jpg")
        for path in ["/api/v1/items/424242/image", "/api/v1/items/abc/image", "/api/v1/items/0/image"] {
            let put = try app.client.send("PUT", path, body: bytes)
            #expect(put.status == 404, "PUT \(path): \(put.text)")
            let delete = try app.client.send("DELETE", path)
            #expect(delete.status == 404, "DELETE \(path): \(delete.text)")
        }
        let hash = try ToolRun.sha256sum(bytes)
        #expect(app.imageFolders().isEmpty, "the photo for a missing item was left on disk")
        #expect(try app.client.get("/images/\(hash)/thumb-80.jpg").status == 404, "the refused photo is served")
    }

    @Test func staleIfMatchIs412AndStoresNothing() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let before = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let bytes = try F.bytes("photo-2.jpg")
        let response = try app.putImage(item.id, bytes, headers: ["If-Match": "\"\(item.id)-0\""])
        #expect(response.status == 412, "\(response.text)")
        #expect(F.isSameJSON(try app.item(item.id)["image"], before))
        let hash = try ToolRun.sha256sum(bytes)
        #expect(!app.folderExists(hash), "the refused photo was left on disk")
        #expect(try app.client.get("/images/\(hash)/thumb-80.jpg").status == 404, "the refused photo is served")
    }

    // MARK: Removing and replacing

    @Test func deleteRemovesThePhotoAndItsFiles() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let image = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let hash = try ToolRun.sha256sum(try F.bytes("photo-1.jpg"))
        #expect(app.folderExists(hash))
        let response = try app.client.send("DELETE", "/api/v1/items/\(item.id)/image")
        #expect(response.status == 200, "\(response.text)")
        let body = try #require(response.json as? [String: Any])
        #expect(body.keys.contains("image"))
        #expect(body["image"] is NSNull)
        #expect(body.string("name") == "Lamp")
        #expect(try app.item(item.id)["image"] is NSNull)
        #expect(!app.folderExists(hash))
        #expect(app.imageFolders().isEmpty)
        for key in ["thumbnailURL", "screenURL", "originalURL"] {
            #expect(try app.client.get(try F.url(image, key)).status == 404, "\(key) still served")
        }
        // Removing again is harmless.
        let again = try app.client.send("DELETE", "/api/v1/items/\(item.id)/image")
        #expect(again.status == 200)
        #expect((again.json as? [String: Any])?["image"] is NSNull)
    }

    @Test func sharedPhotoStaysUntilTheLastItemLetsGo() throws {
        let app = try ItemImageTestApp()
        let a = try app.createItem("Left shoe")
        let b = try app.createItem("Right shoe")
        let bytes = try F.bytes("photo-1.jpg")
        let imageA = try app.attach(bytes, to: a.id)
        let imageB = try app.attach(bytes, to: b.id)
        #expect(F.isSameJSON(imageA, imageB))
        #expect(app.imageFolders().count == 1)
        #expect(try app.client.send("DELETE", "/api/v1/items/\(a.id)/image").status == 200)
        #expect(app.imageFolders().count == 1)
        #expect(try app.client.get(try F.url(imageB, "thumbnailURL")).status == 200)
        // Deleting the item that still uses it removes it.
        #expect(try app.client.send("DELETE", "/api/v1/items/\(b.id)").status < 300)
        #expect(app.imageFolders().isEmpty)
        #expect(try app.client.get(try F.url(imageB, "thumbnailURL")).status == 404)
    }

    @Test func replacingThePhotoRemovesTheOldFiles() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let old = try app.attach(try F.bytes("photo-1.jpg"), to: item.id)
        let new = try app.attach(try F.bytes("photo-2.jpg"), to: item.id)
        #expect(old.string("originalURL") != new.string("originalURL"))
        #expect(app.imageFolders() == [try ToolRun.sha256sum(try F.bytes("photo-2.jpg"))])
        #expect(try app.client.get(try F.url(old, "screenURL")).status == 404)
        #expect(try app.client.get(try F.url(new, "screenURL")).status == 200)
        #expect(app.hiddenEntries().isEmpty)
    }
}
