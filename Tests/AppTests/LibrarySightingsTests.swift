import Accounts
import Foundation
import HTTPTestClient
import Inventory
import Testing

/// A serial number printed on a plate in one of the household's library photos is read in the
/// background and shown on the item whose serial it is: "S/N … is in a photo of 14 March 2019
/// (Renovation)", with Link as Evidence; only to those who may see that photo.
@Suite struct LibrarySightingsTests {
    struct Sightings: Decodable {
        struct Source: Decodable { let assetId: String?; let takenAt: String?; let album: String? }
        struct Entry: Decodable { let field: String; let value: String; let source: Source }
        let suggestions: [Entry]
    }

    /// The item's suggestions once a library photo's reading shows up (the limit only stops a hung test).
    static func sighting(_ send: (String) throws -> TestResponse, of id: Int64) throws -> Sightings.Entry {
        let deadline = Date().addingTimeInterval(120)
        while true {
            let response = try send("/api/v1/items/\(id)/suggestions")
            guard response.status == 200 else { throw TestAppError("suggestions answered \(response.status): \(response.text)") }
            if let entry = try response.decode(Sightings.self).suggestions.first(where: { $0.source.assetId != nil }) { return entry }
            guard Date() < deadline else { throw TestAppError("no library photo was read after 2 minutes") }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    @Test func aSerialOnALibraryPhotoIsOfferedAsEvidenceToThoseWhoMaySeeIt() throws {
        let workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        let other = workspace.base.appendingPathComponent("Other", isDirectory: true)
        try FileManager.default.createDirectory(at: other.appendingPathComponent("Renovation"), withIntermediateDirectories: true)
        let plate = other.appendingPathComponent("Renovation/plate.jpg")
        try Data(try TextSuggestionsTests.bytes("plates/synthetic-plate-07.jpg")).write(to: plate)
        // Taken (the file's time: the photo says nothing) at noon on 14 March 2019.
        var times = [timespec(tv_sec: 1_552_564_800, tv_nsec: 0), timespec(tv_sec: 1_552_564_800, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, plate.path, &times, 0)
        let library = try LibraryTestApp(workspace: workspace, roots: [workspace.root.path, other.path])
        try library.waitUntilScanned(total: LibraryWorkspace.standardFileCount + 1)
        // Its serial typed with a dash and a space: matched all the same.
        let created = try library.client.json("POST", "/api/v1/items", ["name": "Heat pump", "serialNumber": "828-333 7497"])
        let id = try #require((created.json as? [String: Any])?.id)
        let secured = try SecuredApp(library: library, accounts: [("olivia", .owner, [workspace.root.path, other.path]), ("eddie", .editor, [workspace.root.path])])
        let olivia = try secured.signIn("olivia")
        let seen = try Self.sighting({ try olivia.send("GET", $0, headers: ["Accept": "application/json"]) }, of: id)
        #expect(seen.field == "serialNumber" && seen.value == "8283337497")
        #expect(seen.source.takenAt?.hasPrefix("2019-03-14") == true && seen.source.album == "Renovation")
        let assetID = try #require(seen.source.assetId)
        let page = try olivia.send("GET", "/items/\(id)", headers: ["Accept": "text/html"]).text
        #expect(page.contains(#"S/N <span dir="ltr">8283337497</span> is in a photo of 14 March 2019 (Renovation)"#) && page.contains("Link as Evidence"))
        // Someone who may not see that folder is never shown it.
        let eddie = try secured.signIn("eddie")
        let hidden = try eddie.send("GET", "/api/v1/items/\(id)/suggestions", headers: ["Accept": "application/json"])
        #expect(hidden.status == 200 && !hidden.text.contains(assetID))
        #expect(!(try eddie.send("GET", "/items/\(id)", headers: ["Accept": "text/html"]).text.contains("is in a photo of")))
        // Link as Evidence: the evidence link's own form; then it is evidence, no longer offered.
        let linked = try olivia.form("/items/\(id)/evidence", [("assetId", assetID)])
        #expect(linked.status == 303, "\(linked.text.prefix(200))")
        #expect(try secured.app.items.item(id: Item.ID(id)).evidence.map(\.assetID.rawValue) == [assetID])
        let after = try olivia.send("GET", "/api/v1/items/\(id)/suggestions", headers: ["Accept": "application/json"])
        #expect(!after.text.contains(assetID))
    }

    @Test func aLibraryPhotoChangedSinceItWasReadIsReadAgain() throws {
        let workspace = try LibraryWorkspace()
        _ = try workspace.write("Renovation/plate.jpg", try TextSuggestionsTests.bytes("plates/synthetic-plate-07.jpg"))
        workspace.setModified("Renovation/plate.jpg", seconds: 1_552_564_800)
        var library = try LibraryTestApp(workspace: workspace)
        try library.waitUntilScanned(total: 1)
        let id = try #require((try library.client.json("POST", "/api/v1/items", ["name": "Heat pump", "serialNumber": "8283337497"]).json as? [String: Any])?.id)
        let seen = try Self.sighting({ try library.client.get($0) }, of: id)
        #expect(seen.value == "8283337497")
        // The same file, edited (cropped to something else): its old reading no longer stands.
        try workspace.photo("Renovation/plate.jpg", width: 64, height: 48)
        workspace.setModified("Renovation/plate.jpg", seconds: 1_552_651_200)
        library.app.shutdown()
        library = try LibraryTestApp(workspace: workspace)
        try library.waitUntilScanned(total: 1)
        let deadline = Date().addingTimeInterval(120)
        while try library.client.get("/api/v1/items/\(id)/suggestions").text.contains("8283337497") {
            guard Date() < deadline else { throw TestAppError("the edited library photo was not read again after 2 minutes") }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }
}
