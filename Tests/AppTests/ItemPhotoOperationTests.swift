import Foundation
import HTTPTestClient
import Testing

/// Every way of giving an item a photo goes through one operation: a missing item is the first
/// thing said, before a sent photo is decoded or a library photo is read.
@Suite struct ItemPhotoOperationTests {
    typealias F = ItemImageFixtures

    @Test func aDamagedUploadFromTheFormToAMissingItemIsNotFoundNotDamaged() throws {
        let app = try TestApp()
        let boundary = "----homepwner-test"
        let damaged = try F.bytes("truncated.jpg")
        let response = try app.client.pageFormUpload(
            "/items/999/image", body: F.multipart(boundary: boundary, [("image", "broken.jpg", "image/jpeg", damaged)]),
            contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(response.status == 404, "\(response.status) \(response.text.prefix(300))")
        #expect(response.text.contains("There is no item 999"))
    }

    @Test func aDamagedUploadToAMissingItemIsNotFoundFromTheAPITooAndNothingIsStored() throws {
        let app = try TestApp()
        let response = try app.client.send("PUT", "/api/v1/items/999/image", headers: ["Content-Type": "image/jpeg"],
                                           body: try F.bytes("truncated.jpg"))
        #expect(response.status == 404)
        #expect(response.text.contains("item-not-found"))
        let images = app.folder.url.appendingPathComponent("images")
        let stored = (try? FileManager.default.subpathsOfDirectory(atPath: images.path)) ?? []
        #expect(stored.filter { $0.hasSuffix(".jpg") }.isEmpty, "\(stored)")
    }
}

extension HTTPTestClient {
    /// Posts a multipart form as an item page does: with the page's token (as a field) and its cookie.
    func pageFormUpload(_ path: String, body: [UInt8], contentType: String) throws -> TestResponse {
        let (token, cookie) = try pageFormToken()
        let boundary = contentType.components(separatedBy: "boundary=").last ?? ""
        let tokenPart = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n".utf8)
        return try send("POST", path, headers: ["Content-Type": contentType, "Cookie": cookie, "Accept": "text/html"],
                        body: tokenPart + body)
    }
}
