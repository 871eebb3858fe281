@testable import App
import Foundation
import HTTPTestClient
import Testing

/// A finished resumable upload named in the inventory's create calls (`{"uploadId": "…"}`): the
/// same checks and store as a direct upload, once however often it is asked; and who may send to
/// an upload (an account's own, a browser's session with its CSRF token, a token).
@Suite struct UploadHandOffTests {
    typealias U = ResumableUploadTests

    static func uploadID(_ app: TestApp, _ bytes: [UInt8], metadata: String? = nil) throws -> String {
        try U.upload(app.client, bytes, metadata: metadata)
    }

    @Test func aFinishedUploadBecomesAPhotoADocumentAWalkthroughOrADraftOnceHoweverOftenItIsHandedOver() throws {
        let app = try TestApp()
        let item = try app.createItem("Toaster")
        let place = try WalkthroughAPITests.place(app)
        let jpeg = try ItemImageFixtures.picture()

        // A photo, as a serial plate: asked twice, one photo, the same answer.
        let photoUpload = try Self.uploadID(app, jpeg)
        let first = try app.client.json("POST", "/api/v1/items/\(item.id)/photos?kind=serial", ["uploadId": photoUpload])
        #expect(first.status == 201 && (first.json as? [String: Any])?.string("kind") == "serial", "\(first.text)")
        let again = try app.client.json("POST", "/api/v1/items/\(item.id)/photos?kind=serial", ["uploadId": photoUpload])
        #expect(again.status == 201 && again.body == first.body)
        #expect(try app.item(item.id)?.photos.count == 1)
        // Its bytes went once the inventory had its copy; the upload itself is still known (and done).
        #expect(!U.uploadFiles(app).contains(photoUpload))
        #expect(try U.offset(app.client, "/api/v1/uploads/\(photoUpload)") == jpeg.count)
        // Given to another call: refused, nothing stored.
        let elsewhere = try app.client.json("POST", "/api/v1/locations/\(place)/drafts", ["uploadId": photoUpload])
        #expect(elsewhere.status == 409 && U.errorCode(elsewhere) == "upload-handed-off")

        // A document, named by the upload's filename.
        let pdf = try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/public/pillow/trailer_loop.pdf")))
        let documentUpload = try Self.uploadID(app, pdf, metadata: "filename \(U.base64("Receipt.pdf"))")
        let document = try app.client.json("POST", "/api/v1/items/\(item.id)/documents?kind=receipt", ["uploadId": documentUpload])
        #expect(document.status == 201 && (document.json as? [String: Any])?.string("name") == "Receipt.pdf", "\(document.text)")
        #expect(try app.client.json("POST", "/api/v1/items/\(item.id)/documents?kind=receipt", ["uploadId": documentUpload]).body == document.body)

        // A draft in the place, and a walk-through of it.
        let draftUpload = try Self.uploadID(app, jpeg)
        let draft = try app.client.json("POST", "/api/v1/locations/\(place)/drafts", ["uploadId": draftUpload])
        #expect(draft.status == 201, "\(draft.text)")
        #expect(try app.client.json("POST", "/api/v1/locations/\(place)/drafts", ["uploadId": draftUpload]).body == draft.body)
        let video = try WalkthroughAPITests.bytes(WalkthroughAPITests.walk)
        let videoUpload = try Self.uploadID(app, video)
        let walk = try app.client.json("POST", "/api/v1/locations/\(place)/walkthroughs", ["uploadId": videoUpload])
        #expect(walk.status == 201 && walk.header("Location")?.hasPrefix("/api/v1/walkthroughs/") == true, "\(walk.text)")
        let walkAgain = try app.client.json("POST", "/api/v1/locations/\(place)/walkthroughs", ["uploadId": videoUpload])
        #expect(walkAgain.status == 201 && walkAgain.body == walk.body && walkAgain.header("Location") == walk.header("Location"))
        #expect(WalkthroughAPITests.contentFolders(app, "videos").count == 1)
        #expect(U.uploadFiles(app).isEmpty)
    }

    @Test func aHandOffIsCheckedAsADirectUploadAndAnUnfinishedOrUnknownUploadIsRefused() throws {
        let app = try TestApp { $0.maxUploadBytes = 100_000 }
        let item = try app.createItem("Lamp")
        let place = try WalkthroughAPITests.place(app)
        // Not a photo: refused as a direct upload is, and the upload stays for another try.
        let text = try Self.uploadID(app, Array("not a photo at all".utf8))
        let refused = try app.client.json("POST", "/api/v1/items/\(item.id)/photos", ["uploadId": text])
        #expect(refused.status == 415 && U.errorCode(refused) == "unsupported-image-format", "\(refused.text)")
        let notVideo = try app.client.json("POST", "/api/v1/locations/\(place)/walkthroughs", ["uploadId": text])
        #expect(notVideo.status == 422 && U.errorCode(notVideo) == "invalid-video", "\(notVideo.text)")
        #expect(U.uploadFiles(app).contains(text))
        // Over the photo limit of that call.
        let big = try Self.uploadID(app, [UInt8](repeating: 0xff, count: 100_001))
        let tooBig = try app.client.json("POST", "/api/v1/items/\(item.id)/photos", ["uploadId": big])
        #expect(tooBig.status == 413, "\(tooBig.text)")
        // Unfinished: how many bytes are missing.
        let location = try U.created(app.client, length: 10)
        #expect(try U.patch(app.client, location, offset: 0, [1, 2, 3]).status == 204)
        let unfinished = try app.client.json("POST", "/api/v1/items/\(item.id)/photos", ["uploadId": String(location.split(separator: "/").last!)])
        #expect(unfinished.status == 409 && U.errorCode(unfinished) == "upload-unfinished" && unfinished.text.contains("7 bytes"))
        // Unknown, malformed, and not text.
        let unknown = try app.client.json("POST", "/api/v1/items/\(item.id)/documents", ["uploadId": String(repeating: "0", count: 32)])
        #expect(unknown.status == 404 && U.errorCode(unknown) == "upload-not-found")
        #expect(try app.client.json("POST", "/api/v1/locations/\(place)/drafts", ["uploadId": "../../etc/passwd"]).status == 404)
        #expect(try app.client.json("POST", "/api/v1/locations/\(place)/drafts", ["uploadId": 7]).status == 400)
        #expect(try app.item(item.id)?.photos.isEmpty == true)
    }

    @Test func anUploadIsItsAccountsAloneAndABrowserSendsItsCSRFToken() throws {
        let secured = try SecuredApp()
        let eddie = try secured.token(for: "eddie"), olivia = try secured.token(for: "olivia")
        var headers = U.tus
        headers["Upload-Length"] = "4"
        let created = try eddie.send("POST", "/api/v1/uploads", headers: headers)
        #expect(created.status == 201)
        let location = try #require(created.header("Location"))
        var patch = U.octets
        patch["Upload-Offset"] = "0"
        // Another account's upload is not found, whatever it does; a viewer may not write.
        #expect(try olivia.send("HEAD", location, headers: U.tus).status == 404)
        #expect(try olivia.send("PATCH", location, headers: patch, body: [1, 2]).status == 404)
        #expect(try olivia.send("DELETE", location, headers: U.tus).status == 404)
        #expect(try secured.token(for: "vera").send("PATCH", location, headers: patch, body: [1, 2]).status == 403)
        #expect(try secured.client.send("PATCH", location, headers: patch, body: [1, 2]).status == 401)
        // A browser's session: without its CSRF token nothing is written; with it, the bytes count.
        let session = try secured.signIn("eddie")
        let forged = try session.send("PATCH", location, headers: patch, body: [1, 2], csrf: false)
        #expect(forged.status == 403)
        let crossSite = try session.send("PATCH", location, headers: patch.merging(["Sec-Fetch-Site": "cross-site"]) { $1 }, body: [1, 2])
        #expect(crossSite.status == 403)
        #expect(try eddie.send("HEAD", location, headers: U.tus).header("Upload-Offset") == "0")
        #expect(try session.send("PATCH", location, headers: patch, body: [1, 2]).status == 204)
        #expect(try eddie.send("HEAD", location, headers: U.tus).header("Upload-Offset") == "2")
    }
}
