import App
import Foundation
import Glibc
import HTTPTestClient
import Imaging
import Testing
import ToolRunner

/// `/api/v1/library/…` and `/library/files/…` as a client sees them: the exact JSON shapes, paging
/// checks, unknown ids, opaque ids, cached files, and picking a library photo into an item.
@Suite struct LibraryAPITests {
    static let hex = Set("0123456789abcdef")
    static func isOpaqueID(_ id: String?) -> Bool { id.map { $0.count == 32 && $0.allSatisfy { hex.contains($0) } } ?? false }

    @Test func statusSaysReadyWithCounts() throws {
        let app = try LibraryTestApp.standard()
        let status = try #require(try app.getJSON("/api/v1/library/status") as? [String: Any])
        #expect(Set(status.keys).isSuperset(of: ["state", "reason", "scanned", "total"]))
        #expect(status.string("state") == "ready")
        #expect(status["reason"] is NSNull)
        #expect(status.int("scanned") == 7)
        #expect(status.int("total") == 7)
        #expect(status.int("skipped") == 1)
    }

    @Test func groupsListAlbumsEventsAndFacesInTheDocumentedShape() throws {
        let app = try LibraryTestApp.standard()
        let groups = try app.groups()
        for group in groups {
            #expect(Set(group.keys) == ["id", "kind", "name", "count", "posterURL"], "\(group)")
            #expect(["album", "event", "faces"].contains(group.string("kind") ?? ""))
            #expect((group.int("count") ?? 0) > 0, "empty groups are hidden")
            // A group whose photos are all damaged has no poster ("Pets" here); every other has one.
            if group.string("name") != "Pets" {
                #expect(group.string("posterURL")?.hasPrefix("/library/files/") == true)
                #expect(group.string("posterURL")?.hasSuffix("/thumb-256.jpg") == true)
            }
        }
        func listed(_ kind: String) -> [String] {
            groups.filter { $0.string("kind") == kind }.map { "\($0.string("name") ?? "?") \($0.int("count") ?? -1)" }
        }
        #expect(listed("album") == ["Photos 1", "Family 1", "Lisbon 3", "Pets 1"])
        // top.jpg and damaged.jpg have no camera date: their file time (2024-06-01 12:00 UTC) places them.
        #expect(listed("event") == ["Jun 1, 2024 2", "Mar 3, 2020 1", "May 5, 2019 1", "May 4, 2019 2"])
        #expect(listed("faces") == ["Ana 2", "Ben 1"])
        // The kinds come in the order albums, events, faces.
        #expect(groups.map { $0.string("kind") ?? "" } == ["album", "album", "album", "album", "event", "event", "event", "event", "faces", "faces"])
    }

    @Test func everyPosterLoads() throws {
        // Pets holds only a damaged photo; its card should show a placeholder (null), not a broken image.
        let app = try LibraryTestApp.standard()
        for group in try app.client.get("/api/v1/library/groups", as: [LibraryGroupModel].self) {
            guard let poster = group.posterURL else { continue }
            let response = try app.client.get(poster)
            #expect(response.status == 200, "\(group.kind) \(group.name): poster \(poster) answered \(response.status)")
        }
    }

    @Test func anAssetsPageHasTheDocumentedShape() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try app.group("Lisbon", kind: "album")
        let page = try app.page(lisbon.string("id") ?? "")
        #expect(Set(page.keys) == ["total", "assets"])
        #expect(page.int("total") == 3)
        let assets = try #require(page["assets"] as? [[String: Any]])
        #expect(assets.count == 3)
        for asset in assets {
            #expect(Set(asset.keys) == ["id", "width", "height", "takenAt", "thumbnailURL", "screenURL", "originalURL"], "\(asset)")
            let id = try #require(asset.string("id"))
            #expect(Self.isOpaqueID(id))
            #expect(asset.string("thumbnailURL")?.hasPrefix("/library/files/\(id)/") == true)
            #expect(asset.string("thumbnailURL")?.hasSuffix("/thumb-256.jpg") == true)
            #expect(asset.string("screenURL")?.hasSuffix("/screen.jpg") == true)
            #expect(asset.string("originalURL")?.hasSuffix("/original") == true)
        }
        #expect(assets.map { $0.string("takenAt") ?? "" } == ["2019-05-04T18:30:07", "2019-05-04T19:00:00", "2019-05-05T09:10:10"])
        #expect(assets[0].int("width") == 40 && assets[0].int("height") == 60, "upright size of the orientation-6 photo")
        #expect(assets[1].int("width") == 60 && assets[1].int("height") == 40)
    }

    @Test func anAssetsDetailHasItsMetadata() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try app.group("Lisbon", kind: "album")
        let first = try #require(try app.assets(lisbon.string("id") ?? "").first)
        let detail = try app.detail(first.string("id") ?? "")
        for key in ["id", "width", "height", "takenAt", "thumbnailURL", "screenURL", "originalURL", "camera", "gps", "orientation", "people"] {
            #expect(detail[key] != nil, "detail lacks \(key)")
        }
        #expect(detail.string("id") == first.string("id"))
        #expect(detail.string("camera") == "Canon EOS R6")
        #expect(detail.int("orientation") == 6)
        #expect(detail["people"] as? [String] == ["Ana", "Ben"])
        #expect(detail.int("width") == 40 && detail.int("height") == 60)
        #expect(detail.string("takenAt") == "2019-05-04T18:30:07")
        let gps = try #require(detail["gps"] as? [String: Any])
        #expect(Set(gps.keys) == ["latitude", "longitude"])
        #expect(abs(((gps["latitude"] as? NSNumber)?.doubleValue ?? 0) - 38.71124) < 0.0001)
        #expect(abs(((gps["longitude"] as? NSNumber)?.doubleValue ?? 0) - -9.13956) < 0.0001)
        #expect(detail["problem"] is NSNull)

        let rosa = try app.asset(named: "rosa.jpg")
        #expect(rosa.string("camera") == "Apple iPhone 14 Pro")
        #expect(rosa["gps"] is NSNull)
        #expect(rosa["people"] as? [String] == [])
        #expect(rosa.int("orientation") == 1)

        let undated = try app.asset(named: "top.jpg")
        #expect(undated["camera"] is NSNull)
        #expect(undated.string("takenAt")?.count == 19)

        let damaged = try app.asset(named: "damaged.jpg")
        #expect((damaged.string("problem") ?? "").contains("damaged"))
    }

    @Test func pagingReturnsSlicesWithTheTotal() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let all = try app.assets(lisbon).map { $0.string("id") ?? "" }
        func ids(_ query: String) throws -> (Int, [String]) {
            let page = try app.client.get("/api/v1/library/groups/\(lisbon)/assets\(query)", as: LibraryPageModel.self)
            return (page.total, page.assets.map(\.id))
        }
        #expect(try ids("?offset=0&limit=1") == (3, [all[0]]))
        #expect(try ids("?offset=1&limit=1") == (3, [all[1]]))
        #expect(try ids("?offset=2&limit=2") == (3, [all[2]]))
        #expect(try ids("?offset=3&limit=2") == (3, []))
        #expect(try ids("?offset=1000000&limit=500") == (3, []))
        #expect(try ids("?limit=500") == (3, all))
        #expect(try ids("?offset=&limit=") == (3, all), "empty values mean the defaults")
        #expect(try ids("") == (3, all))
    }

    @Test(arguments: [
        "offset=-1", "offset=abc", "offset=1.5", "offset=1e3", "offset=%20", "offset=99999999999999999999", "offset=0x10",
        "limit=0", "limit=501", "limit=-5", "limit=abc", "limit=10.0", "limit=1000000",
    ])
    func badPagingIsRefusedWithAMessage(query: String) throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let response = try app.client.get("/api/v1/library/groups/\(lisbon)/assets?\(query)")
        #expect(response.status == 400, "\(query) answered \(response.status)")
        let name = String(query.prefix { $0 != "=" })
        #expect(response.errorCode == "invalid-\(name)", "\(response.text)")
        #expect((response.errorMessage ?? "").contains(name))
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test func unknownGroupsAndAssetsAre404() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first?.string("id"))
        let zeros = String(repeating: "0", count: 32)
        for id in ["nope", "a", "e0-0", "e1-2", "f\(zeros)", lisbon.uppercased(), lisbon + "0", String(lisbon.dropLast()), "x\(lisbon.dropFirst())"] {
            let response = try app.client.get("/api/v1/library/groups/\(id)/assets")
            #expect(response.status == 404, "\(id) answered \(response.status)")
            #expect(response.errorCode == "group-not-found")
        }
        for id in ["nope", zeros, asset.uppercased(), asset + "0", String(asset.dropLast()), "a\(asset)", lisbon] {
            let response = try app.client.get("/api/v1/library/assets/\(id)")
            #expect(response.status == 404, "\(id) answered \(response.status)")
            #expect(response.errorCode == "asset-not-found")
        }
    }

    @Test func aWellFormedButUnknownAlbumIdIs404() throws {
        let app = try LibraryTestApp.standard()
        let unknown = "a" + String(repeating: "0", count: 32)
        let response = try app.client.get("/api/v1/library/groups/\(unknown)/assets")
        #expect(response.status == 404, "answered \(response.status): \(response.text)")
        #expect(try app.client.get("/library/groups/\(unknown)").status == 404)
    }

    @Test func idsAndURLsNeverCarryNamesOrPaths() throws {
        let app = try LibraryTestApp.standard()
        let forbidden = ["IMG_04", "rosa", "top.jpg", "damaged", "Lisbon", "Holidays", "Family", "Pets", ".jpg/", app.workspace.root.path, "%2F", ".."]
        var texts = [try app.client.get("/api/v1/library/groups").text]
        var ids: [String] = []
        for group in try app.client.get("/api/v1/library/groups", as: [LibraryGroupModel].self) {
            let page = try app.client.get("/api/v1/library/groups/\(group.id)/assets?limit=500")
            texts.append(page.text)
            ids += try page.decode(LibraryPageModel.self).assets.map(\.id)
        }
        #expect(Set(ids).count == 6, "each photo has one id wherever it appears")
        #expect(ids.allSatisfy(Self.isOpaqueID))
        for text in texts {
            for word in forbidden where word != "Lisbon" && word != "Family" && word != "Pets" {
                #expect(!text.contains(word), "\(word) in \(text.prefix(300))")
            }
        }
        for group in try app.groups() {
            let id = group.string("id") ?? ""
            for word in forbidden { #expect(!id.contains(word), "\(word) in group id \(id)") }
        }
    }

    // MARK: Files

    @Test func renditionsAndOriginalsAreCachedForeverAndRevalidate() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first)
        let original = try [UInt8](Data(contentsOf: app.workspace.url("Holidays/Lisbon/IMG_0412.jpg")))
        for key in ["thumbnailURL", "screenURL", "originalURL"] {
            let url = try #require(asset.string(key))
            let response = try app.client.get(url)
            #expect(response.status == 200, "\(url) answered \(response.status)")
            #expect(response.header("Content-Type") == "image/jpeg")
            #expect(response.header("Cache-Control")?.contains("immutable") == true)
            #expect(response.header("Cache-Control")?.contains("max-age=31536000") == true)
            let etag = try #require(response.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
            #expect(Array(response.body.prefix(2)) == [0xFF, 0xD8])
            if key == "originalURL" {
                #expect(response.body == original, "the original is the file, byte for byte")
            } else {
                let image = try RasterImage.decode(response.body)
                #expect(image.width > 0 && image.height > 0)
            }
            let again = try app.client.get(url, headers: ["If-None-Match": etag])
            #expect(again.status == 304, "\(url) revalidation answered \(again.status)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            let other = try app.client.get(url, headers: ["If-None-Match": "\"something-else\""])
            #expect(other.status == 200)
        }
        // A thumbnail and a screen image of the same photo have different ETags.
        let thumb = try app.client.get(asset.string("thumbnailURL") ?? "").header("ETag")
        let screen = try app.client.get(asset.string("screenURL") ?? "").header("ETag")
        #expect(thumb != screen)
    }

    @Test func staleOrUnknownFileURLsAre404() throws {
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first)
        let id = try #require(asset.string("id"))
        let thumbnail = try #require(asset.string("thumbnailURL"))
        let fingerprint = thumbnail.split(separator: "/")[3]
        for url in [
            "/library/files/\(id)/0-0/thumb-256.jpg", "/library/files/\(id)/0-0/original",
            "/library/files/\(id)/\(fingerprint)/thumb-80.jpg", "/library/files/\(id)/\(fingerprint)/thumb-256.png",
            "/library/files/\(id)/\(fingerprint)/original.jpg", "/library/files/\(id)/\(fingerprint)/IMG_0412.jpg",
            "/library/files/\(String(repeating: "0", count: 32))/\(fingerprint)/original",
            "/library/files/\(id.uppercased())/\(fingerprint)/original",
            "/library/files/\(id)/\(fingerprint)", "/library/files/\(id)",
        ] {
            let response = try app.client.get(url)
            #expect(response.status == 404, "\(url) answered \(response.status)")
            #expect(Array(response.body.prefix(2)) != [0xFF, 0xD8])
        }
    }

    @Test func aDamagedPhotosFilesAreNotServed() throws {
        let app = try LibraryTestApp.standard()
        let damaged = try app.asset(named: "damaged.jpg")
        for key in ["thumbnailURL", "screenURL", "originalURL"] {
            let response = try app.client.get(damaged.string(key) ?? "")
            #expect([404, 422].contains(response.status), "\(key) answered \(response.status)")
        }
    }

    @Test func aTruncatedPhotoIsMarkedAndLeavesItsAlbumOnceItsThumbnailFails() throws {
        let workspace = try LibraryWorkspace()
        let noisy = RasterImage(width: 640, height: 480) { x, y in [UInt8((x * 7 + y * 13) & 0xff), UInt8((x * y) & 0xff), UInt8((x ^ y) & 0xff)] }
        let whole = try noisy.encoded(metadata: SampleMetadata(exif: ["exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07"]))
        try workspace.write("Album/cut.jpg", Array(whole.prefix(whole.count / 3)))
        try workspace.photo("Album/fine.jpg", taken: "2019:05:04 19:00:00")
        // Without the background thumbnail pass, which would find the damage before the test asks.
        let app = try LibraryTestApp(workspace: workspace, scan: false)
        app.app.library.scan(prefillRenditions: false)
        let album = try #require(try app.group("Album", kind: "album").string("id"))
        let cut = try #require(try app.assets(album).first)
        let thumbnail = try app.client.get(cut.string("thumbnailURL") ?? "")
        #expect(thumbnail.status != 200 && thumbnail.status < 500, "a truncated photo's thumbnail answered \(thumbnail.status)")
        let detail = try app.detail(cut.string("id") ?? "")
        #expect((detail.string("problem") ?? "").contains("damaged"))
        #expect(try app.page(album).int("total") == 1, "it leaves its album")
        let grid = try app.client.get("/library/groups/\(album)")
        #expect(grid.status == 200)
        #expect(!grid.text.contains("asset-\(cut.string("id") ?? "")"))
    }

    // MARK: Picking into an item

    @Test func aLibraryPhotoIsCopiedIntoAnItem() throws {
        let app = try LibraryTestApp.standard()
        let item = try app.client.json("POST", "/api/v1/items", ["name": "Camera bag"])
        let itemID = try #require((item.json as? [String: Any])?.id)
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first?.string("id"))
        let response = try app.client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": asset])
        #expect(response.status == 200, "\(response.text)")
        let image = try #require(try response.decode(ItemModel.self).image)
        let originalURL = image.originalURL
        let copied = try app.client.get(originalURL)
        #expect(copied.status == 200)
        #expect(copied.body == (try [UInt8](Data(contentsOf: app.workspace.url("Holidays/Lisbon/IMG_0412.jpg")))))
        #expect(try app.client.get("/api/v1/items/\(itemID)", as: ItemModel.self).image != nil)

        // The copy belongs to the item: the library file can go and the item keeps its photo.
        try FileManager.default.removeItem(at: app.workspace.url("Holidays/Lisbon/IMG_0412.jpg"))
        #expect(try app.client.get(originalURL).status == 200)
    }

    @Test func badPicksAreRefused() throws {
        let app = try LibraryTestApp.standard()
        let item = try app.client.json("POST", "/api/v1/items", ["name": "Camera bag"])
        let itemID = try #require((item.json as? [String: Any])?.id)
        let damaged = try #require(try app.asset(named: "damaged.jpg").string("id"))
        for body: [String: Any] in [["assetId": String(repeating: "0", count: 32)], ["assetId": "../../secret.txt"],
                                    ["assetId": app.workspace.url("Family/rosa.jpg").path]] {
            let response = try app.client.json("PUT", "/api/v1/items/\(itemID)/image", body)
            #expect(response.status == 404, "\(body) answered \(response.status)")
            #expect(response.errorCode == "asset-not-found")
        }
        // A damaged photo is there, and the answer says what is wrong with it.
        let damagedPick = try app.client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": damaged])
        #expect(damagedPick.status == 422 && damagedPick.errorCode == "asset-damaged", "\(damagedPick.text)")
        #expect(damagedPick.errorMessage?.contains("damaged") == true)
        for body: [String: Any] in [["assetId": 42], ["asset": "x"], [:]] {
            let response = try app.client.json("PUT", "/api/v1/items/\(itemID)/image", body)
            #expect(response.status == 422, "\(body) answered \(response.status)")
        }
        #expect(try app.client.json("PUT", "/api/v1/items/999999/image", ["assetId": damaged]).status == 404)
        let after = try #require(try app.client.get("/api/v1/items/\(itemID)").json as? [String: Any])
        #expect(after["image"] is NSNull)
    }

    @Test func idsSurviveARestart() throws {
        let workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        var app: LibraryTestApp? = try LibraryTestApp(workspace: workspace)
        try app?.waitUntilScanned(total: LibraryWorkspace.standardFileCount)
        let lisbon = try #require(try app?.group("Lisbon", kind: "album"))
        let before = try #require(try app?.assets(lisbon.string("id") ?? ""))
        app = nil

        let again = try LibraryTestApp(workspace: workspace)
        try again.waitUntilScanned(total: LibraryWorkspace.standardFileCount)
        #expect(try again.group("Lisbon", kind: "album").string("id") == lisbon.string("id"))
        let after = try again.assets(lisbon.string("id") ?? "")
        #expect(after.map { $0.string("id") ?? "" } == before.map { $0.string("id") ?? "" })
        #expect(after.map { $0.string("thumbnailURL") ?? "" } == before.map { $0.string("thumbnailURL") ?? "" }, "cached URLs stay valid")
        #expect(try again.client.get(before[0].string("originalURL") ?? "").status == 200)
    }

    @Test func aFolderThatCannotBeOpenedIsReported() throws {
        // As root, chmod 000 stops nothing; a folder whose path is longer than PATH_MAX cannot be opened by anyone.
        let workspace = try LibraryWorkspace()
        try workspace.photo("Deep/shallow.jpg", taken: "2019:05:04 10:00:00")
        var folder = open(workspace.url("Deep").path, O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        for _ in 0..<25 {
            let name = String(repeating: "d", count: 200)
            try #require(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            try #require(next >= 0)
            folder = next
        }
        close(folder)
        // `rm -rf` copes with trees deeper than PATH_MAX, which FileManager does not.
        defer { _ = try? ToolRun("/bin/rm", ["-rf", workspace.url("Deep").path]) }
        let app = try LibraryTestApp(workspace: workspace)
        let status = try app.waitUntilScanned(total: 1)
        #expect(status.state == "ready")
        let problems = status.problems
        #expect(problems.count == 1 && problems.first?.contains("too long") == true, "\(problems)")
        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(page.text.contains("Some photos could not be read"))
        #expect(try app.group("Deep", kind: "album").int("count") == 1)
    }

    // MARK: Inaccessible library

    @Test func aMissingRootIsExplainedNotA500() throws {
        let workspace = try LibraryWorkspace()
        let missing = workspace.base.appendingPathComponent("Unplugged Disk/Photos").path
        let app = try LibraryTestApp(workspace: workspace, roots: [missing])
        let status = try app.waitUntilScanned()
        #expect(status.state == "inaccessible")
        #expect(status.reason == "missing")
        #expect(status.scanned == 0 && status.total == 0)

        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(page.isHTML)
        #expect(page.text.contains(missing))
        #expect(page.text.contains("does not exist"))
        #expect(!page.text.contains("access was denied"), "a missing folder is not a permission problem")
        #expect(try app.client.get("/library/groups/anything").status < 500)
        #expect(try app.groups().isEmpty)
    }

    /// The page says "mount the disk, then reload": reloading after mounting it shows the photos,
    /// without restarting Homepwner.
    @Test func aRootThatAppearsIsScannedWhenTheLibraryIsOpenedAgain() throws {
        let workspace = try LibraryWorkspace()
        let unplugged = workspace.root.path + "-unplugged"
        let app = try LibraryTestApp(workspace: workspace, roots: [unplugged])
        #expect(try app.waitUntilScanned().state == "inaccessible")
        #expect(try app.client.get("/library").text.contains("does not exist"))
        try workspace.writeStandardLibrary()
        try FileManager.default.moveItem(atPath: workspace.root.path, toPath: unplugged)
        let reloaded = try app.client.get("/library")
        #expect(reloaded.status == 200)
        #expect(!reloaded.text.contains("does not exist"))
        let status = try app.waitUntilScanned(total: LibraryWorkspace.standardFileCount)
        #expect(status.state == "ready", "\(status)")
        #expect(try !app.groups().isEmpty)
    }

    @Test func aRootThatIsAFileIsExplained() throws {
        let workspace = try LibraryWorkspace()
        let file = workspace.base.appendingPathComponent("photos.zip")
        try Data("PK".utf8).write(to: file)
        let app = try LibraryTestApp(workspace: workspace, roots: [file.path])
        let status = try app.waitUntilScanned()
        #expect(status.state == "inaccessible")
        #expect(status.reason == "not-a-directory")
        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(page.text.contains(file.path))
        #expect(page.text.contains("not a folder"))
    }

    @Test func theUnavailablePageEscapesThePath() throws {
        let workspace = try LibraryWorkspace()
        let missing = workspace.base.appendingPathComponent("<b>bold</b> & \"co\"").path
        let app = try LibraryTestApp(workspace: workspace, roots: [missing])
        try app.waitUntilScanned()
        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(!page.text.contains("<b>bold</b>"))
        #expect(page.text.contains("&lt;b&gt;bold&lt;/b&gt; &amp;"))
    }

    @Test func noLibraryConfiguredSaysSo() throws {
        let workspace = try LibraryWorkspace()
        let app = try LibraryTestApp(workspace: workspace, roots: [])
        let status = try #require(try app.getJSON("/api/v1/library/status") as? [String: Any])
        #expect(status.string("state") == "ready")
        #expect(status["reason"] is NSNull)
        #expect(try app.groups().isEmpty)
        let page = try app.client.get("/library")
        #expect(page.status == 200)
        #expect(page.text.contains("--library"))
    }
}
