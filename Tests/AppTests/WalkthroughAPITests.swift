import Foundation
import HTTPTestClient
import Testing
import ToolRunner
import Video

/// `POST /api/v1/locations/{id}/walkthroughs` and `/api/v1/walkthroughs/{id}`: a place's video kept
/// byte for byte, probed before it is stored, its candidate frames made in the background.
@Suite struct WalkthroughAPITests {
    static let videos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/video")
    static let walk = "synthetic-walk-12-objects-360p.mp4"
    static let walkthroughKeys: Set<String> = ["id", "locationId", "recordedAt", "seconds", "width", "height", "codec", "contentType",
                                               "byteSize", "status", "failure", "videoUrl", "posterUrl", "frames"]

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: videos.appendingPathComponent(name)))
    }

    static func place(_ app: TestApp, _ name: String = "Kitchen") throws -> Int {
        let response = try app.client.json("POST", "/api/v1/locations", ["name": name])
        guard response.status == 201, let id = (response.json as? [String: Any])?.int("id") else {
            throw TestAppError("POST /locations answered \(response.status): \(response.text)")
        }
        return id
    }

    static func upload(_ app: TestApp, to place: Int, _ bytes: [UInt8], type: String = "video/mp4") throws -> TestResponse {
        try app.client.send("POST", "/api/v1/locations/\(place)/walkthroughs", headers: ["Content-Type": type], body: bytes)
    }

    /// The walk-through once its frames are made (or failed), asked again until then.
    static func settled(_ app: TestApp, _ id: Int) throws -> [String: Any] {
        for _ in 0..<1200 {
            let json = try #require(try app.client.get("/api/v1/walkthroughs/\(id)").json as? [String: Any])
            if json.string("status") != "processing" { return json }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestAppError("walk-through \(id) was still processing after two minutes")
    }

    /// Content folders (`ab/abcd…`) in one of the data folder's stores.
    static func contentFolders(_ app: TestApp, _ store: String) -> Set<String> {
        let root = app.folder.url.appendingPathComponent(store).path
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return Set(paths.filter { $0.split(separator: "/").count == 2 && !$0.contains("/.") }.map { String($0.split(separator: "/")[1]) })
    }

    @Test func aVideoOfAPlaceIsKeptWholeAndCutIntoFramesInTheBackground() throws {
        let app = try TestApp()
        let place = try Self.place(app)
        let bytes = try Self.bytes(Self.walk)
        let response = try Self.upload(app, to: place, bytes)
        #expect(response.status == 201, "\(response.text)")
        let created = try #require(response.json as? [String: Any])
        #expect(Set(created.keys) == Self.walkthroughKeys)
        #expect(created.string("status") == "processing" && created.int("locationId") == place)
        let id = try #require(created.int("id"))
        #expect(response.header("Location") == "/api/v1/walkthroughs/\(id)")
        #expect(created.int("width") == 640 && created.int("height") == 360 && created.string("codec") == "h264")
        #expect(created.string("contentType") == "video/mp4" && created.int("byteSize") == bytes.count)
        #expect(abs((created["seconds"] as? Double ?? 0) - 60) < 0.1)

        let ready = try Self.settled(app, id)
        #expect(ready.string("status") == "ready", "\(ready)")
        let frames = try #require(ready["frames"] as? [[String: Any]])
        #expect(frames.count >= 12, "every object on screen has a frame")
        let seconds = frames.compactMap { $0["second"] as? Double }
        #expect(seconds.count == frames.count && seconds == seconds.sorted() && seconds.allSatisfy { (0..<60).contains($0) })
        for frame in frames.prefix(3) {
            let image = try app.client.get(try #require(frame.string("imageUrl")))
            #expect(image.status == 200 && image.header("Content-Type") == "image/jpeg")
        }
        let poster = try app.client.get(try #require(ready.string("posterUrl")))
        #expect(poster.status == 200 && poster.header("Content-Type") == "image/jpeg")

        // The original, byte for byte, and in parts as Safari asks for it.
        let videoURL = try #require(ready.string("videoUrl"))
        let video = try app.client.get(videoURL)
        #expect(video.status == 200 && video.body == bytes && video.header("Content-Type") == "video/mp4")
        let part = try app.client.get(videoURL, headers: ["Range": "bytes=0-1"])
        #expect(part.status == 206 && part.body == Array(bytes.prefix(2)))
        let stored = try #require(Self.contentFolders(app, "videos").first)
        #expect(stored == (try ToolRun.sha256sum(bytes)))
    }

    @Test func aPhonesRotatedHEVCMovieIsShownUpright() throws {
        let app = try TestApp()
        let name = "derived-hevc-rotated-bottle-detection.mov"
        let info = try Video.probe(fileAtPath: Self.videos.appendingPathComponent(name).path)
        let response = try Self.upload(app, to: try Self.place(app), try Self.bytes(name), type: "video/quicktime")
        #expect(response.status == 201, "\(response.text)")
        let json = try #require(response.json as? [String: Any])
        #expect(json.string("contentType") == "video/quicktime" && json.string("codec") == "hevc")
        #expect(json.int("width") == info.displayWidth && json.int("height") == info.displayHeight)
        #expect(try Self.settled(app, try #require(json.int("id"))).string("status") == "ready")
    }

    @Test(arguments: ["damaged-truncated.mp4", "wrong-extension-matroska.mp4", "hostile-11-hours-of-samples.mp4",
                      "hostile-16384x16384-header.mp4"])
    func aVideoThatCannotBeReadIsRefusedWithItsReasonAndNothingIsStored(name: String) throws {
        let app = try TestApp()
        let path = Self.videos.appendingPathComponent(name).path
        let reason: String
        do {
            _ = try Video.probe(fileAtPath: path)
            Issue.record("\(name) was read")
            return
        } catch {
            reason = error.description
        }
        let response = try Self.upload(app, to: try Self.place(app), try Self.bytes(name))
        #expect(response.status == 422, "\(response.text)")
        let error = try #require((response.json as? [String: Any])?["error"] as? [String: Any])
        #expect(error.string("code") == "invalid-video" && error.string("message") == reason)
        #expect(Self.contentFolders(app, "videos").isEmpty && Self.contentFolders(app, "images").isEmpty)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: app.folder.url.appendingPathComponent("videos").path)) ?? []
        #expect(leftovers.isEmpty, "no staged copy is left: \(leftovers)")
    }

    @Test func aHeaderThatSaysTenHoursIsShownWithItsSamplesDuration() throws {
        let app = try TestApp()
        let response = try Self.upload(app, to: try Self.place(app), try Self.bytes("lying-header.mp4"))
        #expect(response.status == 201, "\(response.text)")
        let json = try #require(response.json as? [String: Any])
        #expect((json["seconds"] as? Double ?? 0) < 9, "8 s of samples, not the header's 36,000 s")
        #expect(json.int("width") != 7680)
    }

    @Test func aPhotoOrAnUnknownPlaceIsRefused() throws {
        let app = try TestApp()
        let place = try Self.place(app)
        let notVideo = try Self.upload(app, to: place, Array("hello".utf8))
        #expect(notVideo.status == 422 && notVideo.text.contains(VideoError.notAVideo.description.prefix(30)))
        let wrongType = try Self.upload(app, to: place, try Self.bytes(Self.walk), type: "image/jpeg")
        #expect(wrongType.status == 415, "\(wrongType.text)")
        let empty = try Self.upload(app, to: place, [])
        #expect(empty.status == 400, "\(empty.text)")
        let nowhere = try Self.upload(app, to: place + 100, try Self.bytes(Self.walk))
        #expect(nowhere.status == 404 && nowhere.text.contains("location-not-found"))
        #expect(try app.client.get("/api/v1/walkthroughs/99").status == 404)
        #expect(Self.contentFolders(app, "videos").isEmpty)
    }

    @Test func deletingAWalkThroughRemovesItsFilesOnceNothingElseUsesThem() throws {
        let app = try TestApp()
        let bytes = try Self.bytes(Self.walk)
        let first = try #require((try Self.upload(app, to: try Self.place(app, "Kitchen"), bytes).json as? [String: Any])?.int("id"))
        let second = try #require((try Self.upload(app, to: try Self.place(app, "Hall"), bytes).json as? [String: Any])?.int("id"))
        _ = try Self.settled(app, first)
        _ = try Self.settled(app, second)
        #expect(Self.contentFolders(app, "videos").count == 1 && !Self.contentFolders(app, "images").isEmpty)

        #expect(try app.client.send("DELETE", "/api/v1/walkthroughs/\(first)").status == 204)
        #expect(try app.client.get("/api/v1/walkthroughs/\(first)").status == 404)
        #expect(Self.contentFolders(app, "videos").count == 1, "the other walk-through still shows the same video")
        #expect(try app.client.get("/walkthroughs/\(second)/video").body == bytes)

        #expect(try app.client.send("DELETE", "/api/v1/walkthroughs/\(second)").status == 204)
        #expect(Self.contentFolders(app, "videos").isEmpty && Self.contentFolders(app, "images").isEmpty)
    }

    @Test func aTapOnAFrameMakesADraftOfItThatLinksBackToTheVideoAtThatSecond() throws {
        let app = try TestApp()
        let place = try Self.place(app, "Study")
        let id = try #require((try Self.upload(app, to: place, try Self.bytes(Self.walk)).json as? [String: Any])?.int("id"))
        let frames = try #require(try Self.settled(app, id)["frames"] as? [[String: Any]])
        let frame = frames[frames.count / 2]
        let second = try #require(frame["second"] as? Double)

        let made = try app.client.json("POST", "/api/v1/walkthroughs/\(id)/drafts", ["second": second])
        #expect(made.status == 201, "\(made.text)")
        let draft = try #require(made.json as? [String: Any])
        #expect(draft["draft"] as? Bool == true && draft.string("name") == "" && draft.int("locationId") == place)
        let draftID = try #require(draft.int("id"))
        let photo = try #require((draft["image"] as? [String: Any])?.string("screenURL") ?? (draft["photos"] as? [[String: Any]])?.first?.string("screenURL"))
        #expect(photo == frame.string("imageUrl"), "the draft's photo is that frame")
        #expect(try app.client.get("/api/v1/items?draft=1").text.contains("\"id\":\(draftID)"))
        // The API says where the draft came from, as the item page does, and still after it is named.
        let origin = try #require(draft["walkthrough"] as? [String: Any], "\(made.text)")
        #expect(origin.int("id") == id && origin["second"] as? Double == second)
        #expect(origin.string("url") == "/api/v1/walkthroughs/\(id)")
        #expect(origin.string("videoUrl") == "/walkthroughs/\(id)/video#t=\(String(format: "%.1f", second))")
        #expect(try app.client.json("PATCH", "/api/v1/items/\(draftID)", ["name": "Desk lamp"]).status == 200)
        let named = try #require(try app.client.get("/api/v1/items/\(draftID)").json as? [String: Any])
        #expect(named["draft"] as? Bool == false && (named["walkthrough"] as? [String: Any])?.int("id") == id)
        let listed = try #require(try app.client.get("/api/v1/items").json as? [[String: Any]])
        #expect(listed.first { $0.int("id") == draftID }?["walkthrough"] is [String: Any])
        #expect(listed.filter { $0.int("id") != draftID }.allSatisfy { $0["walkthrough"] is NSNull })

        let page = try app.client.get("/items/\(draftID)", headers: ["Accept": "text/html"]).text
        #expect(page.contains("/walkthroughs/\(id)/video#t=\(String(format: "%.1f", second))") && page.contains("From a walk-through of its place"))
        let placePage = try app.client.get("/locations/\(place)", headers: ["Accept": "text/html"]).text
        #expect(placePage.contains("action=\"/walkthroughs/\(id)/drafts\"") && placePage.contains("Make Draft"))

        let nowhere = try app.client.json("POST", "/api/v1/walkthroughs/\(id)/drafts", ["second": 61.5])
        #expect(nowhere.status == 404 && nowhere.text.contains("no frame at 61.5"), "\(nowhere.text)")
        #expect(try app.client.json("POST", "/api/v1/walkthroughs/\(id)/drafts", ["second": "soon"]).status == 422)
        #expect(try app.client.json("POST", "/api/v1/walkthroughs/99/drafts", ["second": second]).status == 404)

        // The draft keeps its photo when the walk-through goes: the frame's image is shared, not owned.
        #expect(try app.client.send("DELETE", "/api/v1/walkthroughs/\(id)").status == 204)
        #expect(try app.client.get(photo).status == 200)
        #expect(!(try app.client.get("/items/\(draftID)", headers: ["Accept": "text/html"]).text.contains("From a walk-through")))
        #expect((try app.client.get("/api/v1/items/\(draftID)").json as? [String: Any])?["walkthrough"] is NSNull)
    }

    @Test func aPlaceWithAWalkThroughIsNotDeleted() throws {
        let app = try TestApp()
        let place = try Self.place(app)
        let id = try #require((try Self.upload(app, to: place, try Self.bytes("lying-header.mp4")).json as? [String: Any])?.int("id"))
        let refused = try app.client.send("DELETE", "/api/v1/locations/\(place)")
        #expect(refused.status == 409 && refused.text.contains("1 walk-through"), "\(refused.text)")
        _ = try Self.settled(app, id)
        #expect(try app.client.send("DELETE", "/api/v1/walkthroughs/\(id)").status == 204)
        #expect(try app.client.send("DELETE", "/api/v1/locations/\(place)").status == 204)
    }

    @Test func framesNotMadeBeforeARestartAreMadeAfterIt() throws {
        let app = try TestApp()
        let place = try Self.place(app)
        // Stored as an upload stores it, but never handed to the frame maker: as if the server had
        // stopped before reading it.
        let path = Self.videos.appendingPathComponent(Self.walk).path
        let info = try Video.probe(fileAtPath: path)
        let staged = try app.app.items.videos.stage(fileAtPath: path)
        let walkthrough = try app.app.items.addWalkthrough(
            to: .init(Int64(place)),
            video: .init(sha256: staged.sha256, contentType: "video/mp4", byteSize: staged.byteSize, recordedAt: nil, seconds: info.seconds,
                         width: info.displayWidth, height: info.displayHeight, codec: "h264"),
            staged: staged)
        #expect(try app.client.get("/api/v1/walkthroughs/\(walkthrough.id)").json.flatMap { ($0 as? [String: Any])?.string("status") } == "processing")
        let restarted = try app.restarted()
        #expect(try Self.settled(restarted, Int(walkthrough.id.rawValue)).string("status") == "ready")
    }
}
