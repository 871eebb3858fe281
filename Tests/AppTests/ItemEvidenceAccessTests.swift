import Accounts
import App
import Archive
import Foundation
import HTTPTestClient
import Testing

/// Evidence is described to a caller only as far as their library access reaches: a photo in a
/// folder someone has not been granted is, for them, only a linked photo (its id, whether it is still
/// there), never its path, capture time or camera — in the item's JSON, the list, the item's page
/// and the export alike. Those granted the folder (and owners, for a folder this server no longer
/// has) see everything.
@Suite struct ItemEvidenceAccessTests {
    /// What must not reach someone without the grant for Maria's folder.
    static let secrets = ["Marias-Photos", "beach", "2010-01-01", "January 1, 2010", "Leica"]

    /// The standard library and Maria's folder beside it: one photo linked there and one linked and
    /// then deleted, and one of the shared library (Family/rosa.jpg). Olivia (owner) and Maria
    /// (viewer) hold both folders; Eddie (editor) and Vera (viewer) only the shared one.
    struct Household {
        let library: LibraryTestApp
        let secured: SecuredApp
        let item: Int64
        let rosa: String, beach: String, gone: String

        init() throws {
            let workspace = try LibraryWorkspace()
            try workspace.writeStandardLibrary()
            let maria = workspace.base.appendingPathComponent("Marias-Photos", isDirectory: true)
            try FileManager.default.createDirectory(at: maria, withIntermediateDirectories: true)
            for name in ["beach.jpg", "beach-gone.jpg"] {
                try workspace.photo(name, taken: "2010:01:01 10:00:00", camera: ("Leica", "Leica Q2"))
                try FileManager.default.moveItem(at: workspace.url(name), to: maria.appendingPathComponent(name))
            }
            library = try LibraryTestApp(workspace: workspace, roots: [workspace.root.path, maria.path])
            try library.waitUntilScanned(total: LibraryWorkspace.standardFileCount + 2)
            item = try ItemEvidenceAPITests.item(library, "Camera")
            rosa = try ItemEvidenceAPITests.assetID(library, "rosa.jpg")
            beach = try ItemEvidenceAPITests.assetID(library, "beach.jpg")
            gone = try ItemEvidenceAPITests.assetID(library, "beach-gone.jpg")
            for asset in [rosa, beach, gone] {
                let linked = try library.client.json("POST", "/api/v1/items/\(item)/evidence", ["assetId": asset])
                guard linked.status == 201 else { throw TestAppError("linking answered \(linked.status): \(linked.text)") }
            }
            try FileManager.default.removeItem(at: maria.appendingPathComponent("beach-gone.jpg"))
            library.app.library.scan(prefillRenditions: false)
            secured = try SecuredApp(library: library, accounts: [
                ("olivia", .owner, [workspace.root.path, maria.path]), ("maria", .viewer, [maria.path]),
                ("eddie", .editor, [workspace.root.path]), ("vera", .viewer, [workspace.root.path]),
            ])
        }

        /// Every way the item's evidence reaches `session`: the item's JSON, the list's (plain and a
        /// search's window), the item's page and the export's homepwner.json.
        func views(for session: SecuritySession) throws -> (item: TestResponse, texts: [(String, String)]) {
            let json = try session.get("/api/v1/items/\(item)", accept: "application/json")
            let list = try session.get("/api/v1/items", accept: "application/json")
            let search = try session.get("/api/v1/items?q=camera&limit=5", accept: "application/json")
            let page = try session.get("/items/\(item)")
            let export = try session.get("/api/v1/export?format=homepwner", accept: "application/zip")
            for (label, response) in [("item", json), ("list", list), ("search", search), ("page", page), ("export", export)] {
                guard response.status == 200 else { throw TestAppError("\(session.name)'s \(label) answered \(response.status): \(response.text.prefix(300))") }
            }
            let archive = library.workspace.base.appendingPathComponent("export-\(UUID().uuidString).zip")
            try Data(export.body).write(to: archive)
            let manifest = try ExportTests.ExportApp.read("homepwner.json", of: archive.path, in: library.workspace.base)
            return (json, [("item", json.text), ("list", list.text), ("search", search.text), ("page", page.text),
                                                      ("export", String(decoding: manifest, as: UTF8.self))])
        }
    }

    @Test func withoutTheGrantAPhotoIsOnlySaidToBeThere() throws {
        let household = try Household()
        for name in ["eddie", "vera"] {
            let session = try household.secured.signIn(name)
            let (json, texts) = try household.views(for: session)
            for (label, text) in texts {
                for secret in Self.secrets {
                    #expect(!text.contains(secret), "\(name)'s \(label) shows “\(secret)”")
                }
            }
            let item = try json.decode(ItemModel.self)
            #expect(item.evidence.count == 3, "\(name) is told the photos are there")
            let shown = try #require(item.evidence.first { $0.assetId == household.rosa })
            #expect(!shown.withheld && shown.camera == "Apple iPhone 14 Pro" && shown.path?.hasSuffix("Family/rosa.jpg") == true && shown.thumbnailURL != nil)
            for asset in [household.beach, household.gone] {
                let withheld = try #require(item.evidence.first { $0.assetId == asset })
                #expect(withheld.withheld && withheld.path == nil && withheld.takenAt == nil && withheld.camera == nil, "\(name): \(withheld)")
                #expect(withheld.thumbnailURL == nil && withheld.viewerURL == nil)
            }
            #expect(item.documentedSince == "2020-03-03", "dated by the photo \(name) may see, not by Maria's of 2010")
            #expect(!item.readiness.gaps.contains("no-photo"), "readiness is the item's, whoever reads it")
            #expect(texts[3].1.contains("not been granted"), "the page says why a photo is not shown")
            let page = try session.get("/library/assets/\(household.beach)")
            #expect(page.status == 404, "and the photo itself stays out of reach")
        }
    }

    @Test func thoseGrantedTheFolderSeeEverything() throws {
        let household = try Household()
        var etags: Set<String> = []
        for name in ["olivia", "maria"] {
            let session = try household.secured.signIn(name)
            let (json, texts) = try household.views(for: session)
            let item = try json.decode(ItemModel.self)
            for (label, text) in texts where label != "page" {
                for secret in ["Marias-Photos", "beach", "2010-01-01", "Leica Q2"] {
                    #expect(text.contains(secret), "\(name)'s \(label) lacks “\(secret)”")
                }
            }
            #expect(texts[3].1.contains("January 1, 2010") && texts[3].1.contains("Leica Q2") && texts[3].1.contains("beach-gone.jpg"),
                    "\(name)'s page: the dates, the camera, where the gone photo was")
            let beach = try #require(item.evidence.first { $0.assetId == household.beach })
            #expect(!beach.withheld && beach.takenAt == "2010-01-01T10:00:00" && beach.camera == "Leica Q2")
            #expect(beach.path?.hasSuffix("Marias-Photos/beach.jpg") == true && beach.thumbnailURL != nil && !beach.missing)
            let gone = try #require(item.evidence.first { $0.assetId == household.gone })
            #expect(!gone.withheld && gone.missing && gone.path?.hasSuffix("Marias-Photos/beach-gone.jpg") == true)
            #expect(item.documentedSince == "2010-01-01")
            etags.insert(try session.get("/api/v1/items/\(household.item)", accept: "application/json").header("ETag") ?? "")
        }
        let eddie = try household.secured.signIn("eddie")
        let withheld = try eddie.get("/api/v1/items/\(household.item)", accept: "application/json").header("ETag") ?? ""
        #expect(!etags.contains(withheld), "another answer, another ETag: a cached copy never crosses accounts")
        let revalidated = try eddie.send("GET", "/api/v1/items/\(household.item)", headers: ["Accept": "application/json", "If-None-Match": etags.first ?? ""])
        #expect(revalidated.status == 200 && !revalidated.text.contains("Leica"))
    }

    @Test func aFolderTheServerNoLongerHasIsDescribedToOwnersOnly() throws {
        let household = try Household()
        let workspace = household.library.workspace
        household.library.app.shutdown()
        // The server restarts without Maria's folder: her photos leave the library, and no one can be granted it.
        let restarted = try LibraryTestApp(workspace: workspace, roots: [workspace.root.path], scan: false)
        restarted.app.library.scan(prefillRenditions: false)
        let secured = try SecuredApp(library: restarted, accounts: [])
        let owner = try secured.signIn("olivia")
        let ownerItem = try owner.get("/api/v1/items/\(household.item)", accept: "application/json").decode(ItemModel.self)
        let beach = try #require(ownerItem.evidence.first { $0.assetId == household.beach })
        #expect(!beach.withheld && beach.missing && beach.path?.hasSuffix("Marias-Photos/beach.jpg") == true && beach.camera == "Leica Q2")
        for name in ["maria", "eddie"] {
            let text = try secured.signIn(name).get("/api/v1/items/\(household.item)", accept: "application/json").text
            #expect(!text.contains("Marias-Photos") && !text.contains("Leica"), "\(name): \(text)")
        }
    }
}
