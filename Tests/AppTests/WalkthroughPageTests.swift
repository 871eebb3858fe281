import Foundation
import HTTPTestClient
import Testing

/// "Walk-throughs" on a place's page, without scripts: a video uploaded from the page's form, shown
/// playable with its date, length and strip of frames, each frame a link to the video at its second.
@Suite struct WalkthroughPageTests {
    static let html = ["Accept": "text/html,application/xhtml+xml"]

    private func upload(_ app: TestApp, _ path: String, _ bytes: [UInt8], type: String) throws -> TestResponse {
        let (token, cookie) = try app.client.pageFormToken()
        let boundary = "----homepwner-test-\(UUID().uuidString)"
        let body = ItemImageFixtures.multipart(boundary: boundary, [(name: "csrf", filename: nil, type: nil, body: Array(token.utf8)),
                                                                    (name: "video", filename: "kitchen.mp4", type: type, body: bytes)])
        return try app.client.send("POST", path, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                           "Accept": "text/html"], body: body)
    }

    @Test func aVideoUploadedFromThePlacePageIsPlayableThereWithItsFrames() throws {
        let app = try TestApp()
        let place = try WalkthroughAPITests.place(app)
        let empty = try app.client.get("/locations/\(place)", headers: Self.html)
        #expect(empty.status == 200 && empty.text.contains("Walk-throughs"))
        let input = try #require(HTMLInspection.tags("input", in: empty.text).first { HTMLInspection.attribute("type", of: $0) == "file" })
        #expect(HTMLInspection.attribute("accept", of: input) == "video/*" && HTMLInspection.attribute("capture", of: input) == "environment")
        #expect(empty.text.contains("<label for=\"walkthrough-video\">"))

        let posted = try upload(app, "/locations/\(place)/walkthroughs", try WalkthroughAPITests.bytes(WalkthroughAPITests.walk), type: "video/mp4")
        #expect(posted.status == 303, "\(posted.text)")
        let location = try #require(posted.header("Location"))
        #expect(location.hasPrefix("/locations/\(place)#walkthrough-entry-"))
        let id = try #require(Int(location.split(separator: "-").last ?? ""))
        let processing = try app.client.get("/locations/\(place)", headers: Self.html)
        #expect(processing.text.contains("Processing…") || processing.text.contains("walkthrough-frames"))

        _ = try WalkthroughAPITests.settled(app, id)
        let page = try app.client.get("/locations/\(place)", headers: Self.html)
        let video = try #require(HTMLInspection.tags("video", in: page.text).first)
        #expect(video.contains(" controls") && HTMLInspection.attribute("preload", of: video) == "metadata")
        #expect(HTMLInspection.attribute("poster", of: video)?.hasPrefix("/images/") == true)
        let source = try #require(HTMLInspection.tags("source", in: page.text).first)
        #expect(HTMLInspection.attribute("src", of: source) == "/walkthroughs/\(id)/video" && HTMLInspection.attribute("type", of: source) == "video/mp4")
        #expect(page.text.contains("1:00"), "its length")
        let frames = HTMLInspection.tags("a", in: page.text).filter { HTMLInspection.attribute("class", of: $0) == "walkthrough-frame" }
        #expect(frames.count >= 12)
        #expect(frames.allSatisfy { HTMLInspection.attribute("href", of: $0)?.hasPrefix("/walkthroughs/\(id)/video#t=") == true })
        let alts = HTMLInspection.tags("img", in: page.text).compactMap { HTMLInspection.attribute("alt", of: $0) }.filter { $0.hasPrefix("Frame at ") }
        #expect(alts.count == frames.count)

        let deleted = try app.client.pageForm("/walkthroughs/\(id)/delete", [])
        #expect(deleted.status == 303)
        #expect(try app.client.get("/api/v1/walkthroughs/\(id)").status == 404)
    }

    @Test func aFileThatIsNoVideoIsRefusedFromThePageSayingWhy() throws {
        let app = try TestApp()
        let place = try WalkthroughAPITests.place(app)
        let posted = try upload(app, "/locations/\(place)/walkthroughs", Array("a shopping list".utf8), type: "video/mp4")
        #expect(posted.status == 422 && posted.text.contains("This is not a video file."))
        #expect(WalkthroughAPITests.contentFolders(app, "videos").isEmpty)
    }
}
