import Foundation
import HTTPTestClient
import SmallFileSystem
import Testing

/// The data folder on a small file system filled to its last few KB (a real ENOSPC, not a
/// simulation): every write a user makes is refused with `507 disk-full` — a page for a browser —
/// leaving nothing half-written, reads go on, and once space is freed the same writes succeed
/// without a restart. (`reliability/full_disk.py` does the same to the release build.)
@Suite(.serialized)
struct DiskFullTests {
    typealias F = ItemImageFixtures
    static let longText = String(repeating: "Long enough to make the database grow.", count: 250)

    /// Every kind of write, as a client sends it.
    static func writes(_ app: TestApp, item: Int64, claim: Int64, screen: String, round: String) throws -> [(String, TestResponse)] {
        let client = app.client
        let jpeg = ["Content-Type": "image/jpeg", "Accept": "application/json"]
        // The rendition and the report first: the photo PUT replaces the photo they show.
        return [
            ("rendition", try client.get(screen, headers: ["Accept": "text/html"])),
            ("claim report", try client.get("/api/v1/claims/\(claim)/report.pdf", headers: ["Accept": "application/json"])),
            ("photo PUT", try client.send("PUT", "/api/v1/items/\(item)/image", headers: jpeg, body: try F.bytes("photo-2.jpg"))),
            ("photos POST", try client.send("POST", "/api/v1/items/\(item)/photos", headers: jpeg, body: try F.bytes("portrait.jpg"))),
            ("document POST", try client.send("POST", "/api/v1/items/\(item)/documents?name=receipt-\(round).jpg", headers: jpeg, body: try F.bytes("photo-1.jpg"))),
            ("item POST", try client.json("POST", "/api/v1/items", ["name": "New \(round)", "description": longText, "notes": longText, "warrantyDetails": longText])),
            ("item PATCH", try client.json("PATCH", "/api/v1/items/\(item)", ["notes": "\(round) \(longText)", "description": "\(round) \(longText)"])),
            ("import", try client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv", "Accept": "application/json"],
                                       body: try ImportTests.homebox("sysadminsmedia-v0.26.2/fields.csv"))),
            ("New Item page", try client.pageForm("/items", [("name", "Form \(round)"), ("notes", longText), ("description", longText)])),
            ("Import page", try importPage(client, file: try ImportTests.homebox("hay-kot-v0.10.3/types.csv"))),
        ]
    }

    /// The Import page's form, as a browser sends it: the file and the page's token.
    static func importPage(_ client: HTTPTestClient, file: [UInt8]) throws -> TestResponse {
        let (token, cookie) = try client.pageFormToken()
        let boundary = "disk-full-\(UUID().uuidString)"
        let body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n--\(boundary)\r\n".utf8)
            + Array("Content-Disposition: form-data; name=\"file\"; filename=\"types.csv\"\r\nContent-Type: text/csv\r\n\r\n".utf8)
            + file + Array("\r\n--\(boundary)--\r\n".utf8)
        return try client.send("POST", "/import", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Accept": "text/html", "Cookie": cookie],
                               body: body)
    }

    @Test func writesOnAFullDiskAnswer507AndSucceedOnceSpaceIsFreedWithoutARestart() throws {
        let disk = try SmallFileSystem(megabytes: 32)
        defer { disk.remove() }
        let app = try TestApp(folder: TestDataFolder(at: URL(fileURLWithPath: "\(disk.path)/data")))
        defer { app.shutdown() }
        let item = try app.createItem("Seed")
        let attached = try app.client.send("PUT", "/api/v1/items/\(item.id)/image", headers: ["Content-Type": "image/jpeg"], body: try F.bytes("photo-1.jpg"))
        #expect(attached.status == 200)
        let claim = try app.client.json("POST", "/api/v1/claims", ["name": "Flood", "items": [["itemId": item.id]]])
        #expect(claim.status == 201)
        let claimID = Int64(try #require((claim.json as? [String: Any])?.int("id")))
        let image = try #require((attached.json as? [String: Any])?["image"] as? [String: Any])
        let screen = try #require((image["screenURL"] as? String)?.split(separator: "?").first.map(String.init))
        // The cache lost a rendition: it is remade from the original on the next request.
        let screenFile = try #require(FileManager.default.enumerator(atPath: "\(disk.path)/data/images")?
            .compactMap { $0 as? String }.first { $0.hasSuffix("screen.jpg") })
        try FileManager.default.removeItem(atPath: "\(disk.path)/data/images/\(screenFile)")

        disk.fill()
        for (what, response) in try Self.writes(app, item: item.id, claim: claimID, screen: screen, round: "full") {
            #expect(response.status == 507, "\(what): \(response.status) \(response.text.prefix(300))")
            if response.isHTML {
                #expect(response.text.contains("Disk Full") && response.text.contains("disk is full"), "\(what)")
            } else {
                #expect(response.errorCode == "disk-full", "\(what)")
                #expect(response.errorMessage?.contains("Free some space") == true, "\(what)")
            }
        }
        #expect(try app.client.get("/api/v1/items").status == 200)
        #expect(try app.client.get("/items/\(item.id)", headers: ["Accept": "text/html"]).status == 200)
        #expect(try app.names() == ["Seed"])
        #expect(try app.item(item.id)?.notes == "")
        #expect(disk.halfWrittenFiles() == [])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: "\(disk.path)/data/tmp"))?.filter { !$0.hasPrefix("imports") } ?? [] == [])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: "\(disk.path)/data/tmp/imports")) ?? [] == [], "no upload kept half")

        disk.free()
        for (what, response) in try Self.writes(app, item: item.id, claim: claimID, screen: screen, round: "freed") {
            #expect((200..<400).contains(response.status), "\(what): \(response.status) \(response.text.prefix(300))")
        }
        #expect(try app.item(item.id)?.notes == "freed \(Self.longText)")
        #expect(try Set(app.names()).isSuperset(of: ["Seed", "New freed", "Form freed"]))
        #expect(disk.halfWrittenFiles() == [])
    }
}
