@testable import App
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Testing

/// The photo readers never delay a page or an upload: they read only once no request has been in
/// flight for a moment, and with requests that never end they still read, after their longest wait.
/// A request is held in flight by an upload whose body has not all arrived (what a phone's upload on
/// a slow network is), so what the readers do meanwhile is a fact, not a matter of timing.
@Suite struct ReadersGiveWayTests {
    /// An upload of `photo` to `item` over a socket, its head and half its body sent: in flight until `finish()`.
    struct HeldUpload {
        let socket: Int32
        let rest: [UInt8]
        let client: HTTPTestClient

        init(_ app: TestApp, item: Int64, photo: [UInt8]) throws {
            client = app.client.overSocket
            socket = try client.connect()
            let head = "POST /api/v1/items/\(item)/photos HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Content-Type: image/jpeg\r\nContent-Length: \(photo.count)\r\n\r\n"
            let sent = Array(head.utf8) + photo[..<(photo.count / 2)]
            rest = Array(photo[(photo.count / 2)...])
            _ = sent.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        func finish() throws -> TestResponse {
            defer { close(socket) }
            _ = rest.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return try client.readResponse(from: socket)
        }
    }

    static func codeReading(_ app: TestApp) throws -> PhotoCodeReading {
        try #require(app.app.backgroundServices.services.lazy.compactMap { $0 as? PhotoCodeReading }.first)
    }

    /// Waits (a minute at most) until `condition` holds.
    static func wait(_ what: String, until condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw TestAppError("waited a minute for \(what)") }
            usleep(2_000)
        }
    }

    /// An app whose readers wait as told, with an item (a blender) to give photos to and another's
    /// photo upload held in flight, half sent.
    static func appWithAHeldUpload(quietPeriod: Duration, longestWait: Duration) throws -> (TestApp, blender: Int64, upload: HeldUpload) {
        let app = try TestApp {
            $0.readersQuietPeriod = quietPeriod
            $0.readersLongestWait = longestWait
        }
        let blender = try app.createItem("Blender").id, kettle = try app.createItem("Kettle").id
        let upload = try HeldUpload(app, item: kettle, photo: try ItemImageFixtures.picture(width: 640, height: 480))
        try wait("the held upload to begin") { app.app.server.activity.requestsInFlight == 1 }
        return (app, blender, upload)
    }

    @Test(.timeLimit(.minutes(3))) func aPhotoIsReadOnlyOnceNoRequestIsInFlight() throws {
        // Longer than the test: only the upload's end lets reading go on.
        let (app, blender, upload) = try Self.appWithAHeldUpload(quietPeriod: .milliseconds(5), longestWait: .seconds(600))

        // A photo with a code comes in while the other upload is still arriving.
        _ = try SuggestionsTests.addPhoto(app, to: blender, try SuggestionsTests.bytes(SuggestionsTests.upcPhoto))
        let reading = try Self.codeReading(app)
        try Self.wait("the code reader to wait for the upload, or read the photo") {
            let pending = try app.client.get("/api/v1/items/\(blender)/suggestions").decode(SuggestionsTests.Suggestions.self).pending
            return reading.worker.isWaitingForRequests || !pending
        }
        #expect(reading.worker.isWaitingForRequests, "the photo was read while an upload was still arriving")
        #expect(try app.client.get("/api/v1/items/\(blender)/suggestions").decode(SuggestionsTests.Suggestions.self).pending)

        // The upload ends: it is stored, and then the photo is read.
        #expect(try upload.finish().status == 201)
        let read = try SuggestionsTests.suggestions(app, of: blender)
        #expect(read.suggestions.map(\.value) == [SuggestionsTests.upc])
    }

    @Test(.timeLimit(.minutes(3))) func withARequestThatNeverEndsPhotosAreStillReadAfterTheLongestWait() throws {
        let (app, blender, upload) = try Self.appWithAHeldUpload(quietPeriod: .seconds(600), longestWait: .milliseconds(50))

        _ = try SuggestionsTests.addPhoto(app, to: blender, try SuggestionsTests.bytes(SuggestionsTests.upcPhoto))
        let read = try SuggestionsTests.suggestions(app, of: blender)
        #expect(read.suggestions.map(\.value) == [SuggestionsTests.upc])
        #expect(app.app.server.activity.requestsInFlight >= 1, "the upload was still arriving")
        #expect(try upload.finish().status == 201)
    }
}
