import Foundation
import HTTPTestClient
@testable import Inventory
import Testing
@testable import App

/// A place's walk-through video travels in our own export: byte for byte, with when it was recorded
/// and the drafts made from its frames; the frames are made again from the video once imported.
@Suite struct ExportWalkthroughTests {
    typealias ExportApp = ExportTests.ExportApp

    static func settled(_ client: HTTPTestClient, _ id: Int) throws -> [String: Any] {
        for _ in 0..<1200 {
            let json = try #require(try client.get("/api/v1/walkthroughs/\(id)").json as? [String: Any])
            if json.string("status") != "processing" { return json }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestAppError("walk-through \(id) was still processing after two minutes")
    }

    /// The demo with a walk-through of its first place and a draft made from one of its frames.
    static func sourceWithAWalkthrough() throws -> (app: ExportApp, walkthrough: [String: Any], draftID: Int) {
        let source = try ExportApp(demo: true)
        let uploaded = try source.client.send("POST", "/api/v1/locations/1/walkthroughs", headers: ["Content-Type": "video/mp4"],
                                              body: try WalkthroughAPITests.bytes(WalkthroughAPITests.walk))
        guard uploaded.status == 201, let id = (uploaded.json as? [String: Any])?.int("id") else {
            throw TestAppError("POST walkthroughs answered \(uploaded.status): \(uploaded.text)")
        }
        let ready = try settled(source.client, id)
        let second = try #require((ready["frames"] as? [[String: Any]])?[2]["second"] as? Double)
        let made = try source.client.json("POST", "/api/v1/walkthroughs/\(id)/drafts", ["second": second])
        guard made.status == 201, let draftID = (made.json as? [String: Any])?.int("id") else {
            throw TestAppError("POST drafts answered \(made.status): \(made.text)")
        }
        return (source, ready, draftID)
    }

    @Test func aWalkthroughReadsBackWithItsVideoItsDateItsDraftAndFramesMadeAgain() throws {
        let (source, walkthrough, draftID) = try Self.sourceWithAWalkthrough()
        let id = try #require(walkthrough.int("id"))
        let archive = try source.exportedArchive()

        let target = try TestDataFolder()
        _ = try Importer(folder: DataFolder(target.url)).apply(fileAt: archive)
        let copy = try ExportApp(demo: false, folder: target)

        let restored = try Self.settled(copy.client, id)
        #expect(restored.string("status") == "ready")
        for key in ["locationId", "recordedAt", "seconds", "width", "height", "codec", "contentType", "byteSize"] {
            #expect("\(restored[key] ?? "none")" == "\(walkthrough[key] ?? "none")", "\(key)")
        }
        #expect((restored["frames"] as? [[String: Any]])?.map { $0["second"] as? Double } == (walkthrough["frames"] as? [[String: Any]])?.map { $0["second"] as? Double })
        #expect(try copy.get("/walkthroughs/\(id)/video").body == (try source.get("/walkthroughs/\(id)/video").body))
        // The draft still links back to the video at the second it shows.
        let page = try copy.client.get("/items/\(draftID)", headers: ["Accept": "text/html"]).text
        #expect(page.contains("From a walk-through") && page.contains("/walkthroughs/\(id)/video#t="))
    }

    @Test func aWalkthroughImportedIntoARunningServerHasItsFramesMadeWithoutARestart() throws {
        let (source, walkthrough, _) = try Self.sourceWithAWalkthrough()
        let id = try #require(walkthrough.int("id"))
        let zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try source.exportedArchive())))
        let running = try ExportApp(demo: false)

        // The preview counts the video as it counts photos and documents.
        let preview = try running.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "application/zip"], body: zip)
        #expect(preview.status == 200 && (preview.json as? [String: Any])?.int("videos") == 1, "\(preview.text)")
        let imported = try running.client.send("POST", "/api/v1/import", headers: ["Content-Type": "application/zip"], body: zip)

        #expect(imported.status == 200, "\(imported.text)")
        #expect((imported.json as? [String: Any])?.int("videos") == 1, "\(imported.text)")
        let restored = try Self.settled(running.client, id)
        #expect(restored.string("status") == "ready" && (restored["frames"] as? [Any])?.count == (walkthrough["frames"] as? [Any])?.count)
    }

    @Test func theImportPagesCountTheWalkthroughVideo() throws {
        let (source, _, _) = try Self.sourceWithAWalkthrough()
        let zip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try source.exportedArchive())))
        let running = try ExportApp(demo: false)
        let (token, cookie) = try running.client.pageFormToken()
        let boundary = "----homepwner-import-\(UUID().uuidString)"
        let body = ItemImageFixtures.multipart(boundary: boundary, [("csrf", nil, nil, Array(token.utf8)), ("file", "export.zip", "application/zip", zip)])
        let uploaded = try running.client.send("POST", "/import", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                                            "Accept": "text/html"], body: body)
        let previewURL = try #require(uploaded.header("Location"), "\(uploaded.status) \(uploaded.text)")
        let preview = try running.client.get(previewURL, headers: ["Accept": "text/html"]).text
        let count = try #require(preview.range(of: "data-count=\"videos\""), "no count of videos")
        #expect(preview[count.lowerBound...].prefix(200).contains("Walk-through videos to add") && preview[count.lowerBound...].prefix(200).contains("<dd>1</dd>"))
        // The draft made from a frame has no name yet: listed as such, not as an empty line.
        #expect(preview.contains("<li>Unnamed draft</li>") && !preview.contains("<li></li>"))
        let imported = try running.client.pageForm(previewURL, [], headers: ["Accept": "text/html"])
        let done = try #require(imported.header("Location"), "\(imported.status) \(imported.text)")
        #expect(done.hasSuffix("&videos=1"), "\(done)")
        #expect(try running.client.get(done, headers: ["Accept": "text/html"]).text.contains("and 1 walk-through video"))
    }

    @Test func aWalkthroughWhoseVideoIsNotOneOrNotItsBytesImportsNothing() throws {
        let (source, walkthrough, _) = try Self.sourceWithAWalkthrough()
        let archive = try source.exportedArchive()
        let scratch = source.folder.url
        let manifest = try JSONSerialization.jsonObject(with: Data(try ExportApp.read(InventoryManifest.fileName, of: archive, in: scratch))) as! [String: Any]
        let entry = try #require((manifest["walkthroughs"] as? [[String: Any]])?.first)
        let file = try #require(entry["file"] as? String)
        #expect(entry["sha256"] as? String != nil && file.hasPrefix("videos/") && file.hasSuffix(".mp4"))
        #expect(entry["id"] as? Int == walkthrough.int("id"))

        // Bytes that are no video (named by their own SHA-256, so only the probe can tell).
        let text = Array("not a video at all".utf8)
        try ExportTests.expectNothingImported(try ExportTests.tampered(archive, in: scratch, edit: { manifest in
            var walkthroughs = manifest["walkthroughs"] as! [[String: Any]]
            walkthroughs[0]["sha256"] = SHA256.hex(text)
            manifest["walkthroughs"] = walkthroughs
        }, replacing: (file, text))) { $0.column == file && $0.message.contains("not a video Homepwner keeps") && !$0.message.contains("..") }
        // A real video that is not the one its SHA-256 names.
        try ExportTests.expectNothingImported(try ExportTests.tampered(archive, in: scratch, replacing: (file, try WalkthroughAPITests.bytes("synthetic-cuts-8-shots-360p.mp4")))) {
            $0.column == file && $0.message.contains("SHA-256")
        }
        // Of a place the export does not hold.
        try ExportTests.expectNothingImported(try ExportTests.tampered(archive, in: scratch, edit: { manifest in
            var walkthroughs = manifest["walkthroughs"] as! [[String: Any]]
            walkthroughs[0]["locationId"] = 999
            manifest["walkthroughs"] = walkthroughs
        })) { $0.column == "homepwner.json" && $0.message.contains("place 999") }
    }
}
