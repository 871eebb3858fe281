@testable import App
import Clocks
import Foundation
import HTTPTestClient
import Testing
import Uploads

/// `/api/v1/uploads`: tus 1.0 resumable uploads (creation, HEAD, PATCH, termination, checksum,
/// expiration), and a finished upload handed to the inventory's create calls by its id.
@Suite struct ResumableUploadTests {
    static let tus = ["Tus-Resumable": "1.0.0"]
    static let octets = ["Tus-Resumable": "1.0.0", "Content-Type": "application/offset+octet-stream"]

    static func create(_ client: HTTPTestClient, length: Int, metadata: String? = nil) throws -> TestResponse {
        var headers = tus
        headers["Upload-Length"] = String(length)
        if let metadata { headers["Upload-Metadata"] = metadata }
        return try client.send("POST", "/api/v1/uploads", headers: headers)
    }

    /// A new upload's path (its Location).
    static func created(_ client: HTTPTestClient, length: Int, metadata: String? = nil) throws -> String {
        let response = try create(client, length: length, metadata: metadata)
        guard response.status == 201, let location = response.header("Location") else {
            throw TestAppError("creation answered \(response.status): \(response.text)")
        }
        return location
    }

    static func patch(_ client: HTTPTestClient, _ location: String, offset: Int, _ bytes: [UInt8],
                      headers extra: [String: String] = [:]) throws -> TestResponse {
        var headers = octets
        headers["Upload-Offset"] = String(offset)
        for (name, value) in extra { headers[name] = value }
        return try client.send("PATCH", location, headers: headers, body: bytes)
    }

    static func offset(_ client: HTTPTestClient, _ location: String) throws -> Int? {
        let response = try client.send("HEAD", location, headers: tus)
        return response.status == 200 ? response.header("Upload-Offset").flatMap { Int($0) } : nil
    }

    /// Uploads `bytes` whole in `pieces` PATCHes; answers the upload's id.
    static func upload(_ client: HTTPTestClient, _ bytes: [UInt8], pieces: Int = 2, metadata: String? = nil) throws -> String {
        let location = try created(client, length: bytes.count, metadata: metadata)
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        var offset = 0
        while offset < bytes.count {
            let chunk = Array(bytes[offset..<min(bytes.count, offset + size)])
            let response = try patch(client, location, offset: offset, chunk)
            guard response.status == 204 else { throw TestAppError("PATCH answered \(response.status): \(response.text)") }
            offset += chunk.count
        }
        return String(location.split(separator: "/").last!)
    }

    static func digest(_ algorithm: ChunkDigest.Algorithm, _ bytes: [UInt8]) -> String {
        let digest = ChunkDigest(algorithm)
        bytes.withUnsafeBytes { digest.update($0) }
        return Data(digest.finish()).base64EncodedString()
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    static func uploadFiles(_ app: TestApp) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.folder.url.appendingPathComponent("uploads").path)) ?? []
    }

    static func errorCode(_ response: TestResponse) -> String? {
        ((response.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
    }

    // MARK: Protocol

    @Test func optionsSaysWhatIsSpokenToAnyone() throws {
        let app = try TestApp()
        let response = try app.client.send("OPTIONS", "/api/v1/uploads")
        #expect(response.status == 204)
        #expect(response.header("Tus-Version") == "1.0.0")
        #expect(response.header("Tus-Extension") == "creation,termination,checksum,expiration")
        #expect(response.header("Tus-Checksum-Algorithm") == "sha1,sha256")
        #expect(response.header("Tus-Max-Size").flatMap { Int($0) } ?? 0 > 100_000_000)
    }

    @Test func anUploadSentInPiecesIsWholeAndItsStateAnsweredByHead() throws {
        let app = try TestApp()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let creation = try Self.create(app.client, length: bytes.count, metadata: "filename \(Self.base64("walk.mp4")),filetype \(Self.base64("video/mp4"))")
        #expect(creation.status == 201 && creation.header("Tus-Resumable") == "1.0.0")
        #expect(creation.header("Upload-Offset") == "0" && creation.header("Upload-Expires")?.hasSuffix(" GMT") == true)
        let location = try #require(creation.header("Location"))
        #expect(location.wholeMatch(of: /\/api\/v1\/uploads\/[0-9a-f]{32}/) != nil)
        // The first piece with a SHA-256, the second with a SHA-1: both counted.
        let first = Array(bytes[..<60_000]), second = Array(bytes[60_000...])
        let sha256 = Self.digest(.sha256, first)
        var response = try Self.patch(app.client, location, offset: 0, first, headers: ["Upload-Checksum": "sha256 \(sha256)"])
        #expect(response.status == 204 && response.header("Upload-Offset") == "60000" && response.header("Tus-Resumable") == "1.0.0")
        let head = try app.client.send("HEAD", location, headers: Self.tus)
        #expect(head.status == 200 && head.header("Upload-Offset") == "60000" && head.header("Upload-Length") == "100000")
        #expect(head.header("Cache-Control") == "no-store")
        let sha1 = Self.digest(.sha1, second)
        response = try Self.patch(app.client, location, offset: 60_000, second, headers: ["Upload-Checksum": "sha1 \(sha1)"])
        #expect(response.status == 204 && response.header("Upload-Offset") == "100000")
        let id = String(location.split(separator: "/").last!)
        #expect(try [UInt8](Data(contentsOf: app.folder.url.appendingPathComponent("uploads/\(id)"))) == bytes)
        // Termination removes it and its bytes.
        #expect(try app.client.send("DELETE", location, headers: Self.tus).status == 204)
        #expect(try Self.offset(app.client, location) == nil)
        #expect(Self.uploadFiles(app).isEmpty)
    }

    @Test func hostileRequestsGetAClearStatusAndNothingOfThemIsKept() throws {
        let app = try TestApp()
        let location = try Self.created(app.client, length: 1_000)
        #expect(try Self.patch(app.client, location, offset: 0, [UInt8](repeating: 1, count: 400)).status == 204)
        func expect(_ response: TestResponse, _ status: Int, _ code: String?, _ note: Comment) throws {
            #expect(response.status == status, "\(note): \(response.text)")
            if let code { #expect(Self.errorCode(response) == code, note) }
            #expect(try Self.offset(app.client, location) == 400, note)
        }
        // No or another tus version: 412 with the one spoken.
        var response = try app.client.send("PATCH", location, headers: ["Content-Type": "application/offset+octet-stream", "Upload-Offset": "400"], body: [1])
        try expect(response, 412, "unsupported-tus-version", "no Tus-Resumable")
        #expect(response.header("Tus-Version") == "1.0.0")
        response = try app.client.send("HEAD", location, headers: ["Tus-Resumable": "0.2.2"])
        #expect(response.status == 412)
        // A lying offset, behind or ahead.
        try expect(try Self.patch(app.client, location, offset: 0, [2, 2]), 409, "upload-offset-mismatch", "offset behind")
        try expect(try Self.patch(app.client, location, offset: 900, [2, 2]), 409, "upload-offset-mismatch", "offset ahead")
        try expect(try Self.patch(app.client, location, offset: -1, [2]), 400, "invalid-upload", "negative offset")
        // Bytes past the length: none of them.
        try expect(try Self.patch(app.client, location, offset: 400, [UInt8](repeating: 3, count: 601)), 400, "invalid-upload", "past the length")
        // A wrong type, a checksum that does not match, an algorithm not spoken, a malformed one.
        try expect(try app.client.send("PATCH", location, headers: ["Tus-Resumable": "1.0.0", "Content-Type": "application/octet-stream", "Upload-Offset": "400"], body: [4]),
               415, "unsupported-media-type", "wrong type")
        let wrong = Self.digest(.sha256, [5, 5])
        try expect(try Self.patch(app.client, location, offset: 400, [4, 4], headers: ["Upload-Checksum": "sha256 \(wrong)"]), 460, "checksum-mismatch", "mismatch")
        try expect(try Self.patch(app.client, location, offset: 400, [4], headers: ["Upload-Checksum": "md5 AAAA"]), 400, "invalid-upload", "md5")
        try expect(try Self.patch(app.client, location, offset: 400, [4], headers: ["Upload-Checksum": "sha1 !!"]), 400, "invalid-upload", "not base64")
        // Unknown and malformed ids are alike.
        #expect(try Self.patch(app.client, "/api/v1/uploads/\(String(repeating: "a", count: 32))", offset: 0, [1]).status == 404)
        #expect(try app.client.send("HEAD", "/api/v1/uploads/ZZZ", headers: Self.tus).status == 404)
        // Creation: a lying or missing length, a deferred one, metadata that is not base64, too large.
        for length in ["", "-1", "1e3", " 12", "99999999999999999999"] {
            response = try app.client.send("POST", "/api/v1/uploads", headers: ["Tus-Resumable": "1.0.0", "Upload-Length": length])
            #expect(response.status == 400 && Self.errorCode(response) == "invalid-upload", "Upload-Length “\(length)”")
        }
        response = try app.client.send("POST", "/api/v1/uploads", headers: ["Tus-Resumable": "1.0.0", "Upload-Defer-Length": "1"])
        #expect(response.status == 400)
        #expect(try Self.create(app.client, length: 5, metadata: "filename ***").status == 400)
        #expect(try Self.create(app.client, length: 5, metadata: "filename \(Self.base64("a")),filename \(Self.base64("b"))").status == 400)
        #expect(try Self.create(app.client, length: 5, metadata: "captureId \(Self.base64("no spaces allowed"))").status == 400)
        response = try Self.create(app.client, length: 100_000_000_000)
        #expect(response.status == 413 && Self.errorCode(response) == "upload-too-large" && response.header("Tus-Max-Size") != nil)
        #expect(Self.uploadFiles(app).count == 1)
    }

    @Test func theSameCaptureIdGivesTheSameUploadNeverASecond() throws {
        let app = try TestApp()
        let metadata = "captureId \(Self.base64("phone-1.capture_7"))"
        let first = try Self.created(app.client, length: 10, metadata: metadata)
        #expect(try Self.patch(app.client, first, offset: 0, [1, 2, 3]).status == 204)
        let again = try Self.create(app.client, length: 10, metadata: metadata)
        #expect(again.status == 201 && again.header("Location") == first && again.header("Upload-Offset") == "3")
        #expect(Self.uploadFiles(app).count == 1)
    }

    @Test func anAccountsUnfinishedUploadsAreBoundedAndTheRefusalSaysWhatToDo() throws {
        let app = try TestApp()
        var locations: [String] = []
        for _ in 0..<100 { locations.append(try Self.created(app.client, length: 10)) }
        let refused = try Self.create(app.client, length: 10)
        #expect(refused.status == 413 && Self.errorCode(refused) == "upload-quota")
        #expect(((refused.json as? [String: Any])?["error"] as? [String: Any])?["message"].map { "\($0)" }?.contains("DELETE") == true)
        #expect(Self.uploadFiles(app).count == 100)
        // A finished one no longer counts; nor does a deleted one.
        #expect(try Self.patch(app.client, locations[0], offset: 0, [UInt8](repeating: 0, count: 10)).status == 204)
        #expect(try Self.create(app.client, length: 10).status == 201)
        #expect(try app.client.send("DELETE", locations[1], headers: Self.tus).status == 204)
        #expect(try Self.create(app.client, length: 10).status == 201)
        #expect(try Self.create(app.client, length: 10).status == 413)
    }

    @Test func anUploadExpiresADayAfterItsLastBytesAndItsBytesAreRemoved() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
        let app = try TestApp { $0.clock = clock }
        let location = try Self.created(app.client, length: 10)
        clock.advance(by: 23 * 3_600)
        #expect(try Self.patch(app.client, location, offset: 0, [1, 2]).status == 204)
        clock.advance(by: 23 * 3_600)
        #expect(try Self.offset(app.client, location) == 2)
        app.app.uploadSweep.sweep()
        #expect(Self.uploadFiles(app).count == 1)
        clock.advance(by: 2 * 3_600)
        #expect(try Self.offset(app.client, location) == nil)
        app.app.uploadSweep.sweep()
        #expect(Self.uploadFiles(app).isEmpty)
    }

    // MARK: Over a connection, and across a restart

    @Test func aDroppedConnectionKeepsTheBytesThatArrivedAndTheUploadOutlivesARestart() throws {
        var app = try TestApp()
        let location = try Self.created(app.client, length: 300_000)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        // One PATCH promising everything, cut after 120,000 bytes.
        let socket = try app.client.overSocket.connect()
        let head = "PATCH \(location) HTTP/1.1\r\nHost: 127.0.0.1:\(app.app.server.port)\r\nTus-Resumable: 1.0.0\r\n"
            + "Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: 300000\r\n\r\n"
        let sent = Array(head.utf8) + bytes[..<120_000]
        var done = 0
        while done < sent.count {
            let count = sent[done...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            done += count
        }
        // Every byte reached the server before the connection goes.
        var offset: Int?
        for _ in 0..<200 {
            if (try? Data(contentsOf: app.folder.url.appendingPathComponent("uploads/\(location.split(separator: "/").last!)")))?.count == 120_000 { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        close(socket)
        for _ in 0..<500 {
            offset = try Self.offset(app.client, location)
            if offset == 120_000 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(offset == 120_000)
        app = try app.restarted()
        #expect(try Self.offset(app.client, location) == 120_000)
        #expect(try Self.patch(app.client, location, offset: 120_000, Array(bytes[120_000...])).status == 204)
        let id = String(location.split(separator: "/").last!)
        #expect(try [UInt8](Data(contentsOf: app.folder.url.appendingPathComponent("uploads/\(id)"))) == bytes)
    }

    @Test func aSecondPatchWhileOneIsArrivingIsRefused() throws {
        let app = try TestApp()
        let location = try Self.created(app.client, length: 1_000)
        let socket = try app.client.overSocket.connect()
        defer { close(socket) }
        let head = "PATCH \(location) HTTP/1.1\r\nHost: 127.0.0.1:\(app.app.server.port)\r\nTus-Resumable: 1.0.0\r\n"
            + "Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: 1000\r\n\r\n"
        let sent = Array(head.utf8) + [UInt8](repeating: 9, count: 10)
        _ = sent.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // Once its first bytes are in the file, the upload is that request's until it ends.
        let file = app.folder.url.appendingPathComponent("uploads/\(location.split(separator: "/").last!)")
        for _ in 0..<500 where (try? Data(contentsOf: file))?.count != 10 { Thread.sleep(forTimeInterval: 0.01) }
        let response = try Self.patch(app.client, location, offset: 0, [1])
        #expect(response.status == 409 && Self.errorCode(response) == "upload-busy", "\(response.text)")
        #expect(try app.client.send("DELETE", location, headers: Self.tus).status == 409)
    }
}
