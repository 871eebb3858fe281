import App
import Foundation
import HTTPTestClient
import Imaging
import Localization
import PhotoLibrary
import Testing
@testable import App

/// A library photo whose header reads but whose pixels are damaged, through the API and the library
/// page: listed until its thumbnail fails, then in no album, event or person and named, with what is
/// wrong, in the status and on the page; back once the file is replaced.
@Suite struct LibraryDamagedPhotoTests {
    /// `Album/cut.jpg`: a JPEG cut to a third, dated 2019-05-04 (a day of its own), of Ana.
    /// `Album/fine.jpg`: whole, 2019-05-06, of Ben.
    static func app() throws -> LibraryTestApp {
        let workspace = try LibraryWorkspace()
        let noisy = RasterImage(width: 640, height: 480) { x, y in [UInt8((x * 7 + y * 13) & 0xff), UInt8((x * y) & 0xff), UInt8((x ^ y) & 0xff)] }
        let whole = try noisy.encoded(metadata: SampleMetadata(exif: ["exif-ifd2-DateTimeOriginal": "2019:05:04 18:30:07"],
                                                               xmp: SampleMetadata.faceRegionsXMP(["Ana"])))
        try workspace.write("Album/cut.jpg", Array(whole.prefix(whole.count / 3)))
        try workspace.photo("Album/fine.jpg", taken: "2019:05:06 10:00:00", people: ["Ben"])
        // Scanned without the background thumbnail pass, so the test says when the damage is found.
        let app = try LibraryTestApp(workspace: workspace, scan: false)
        app.app.library.scan(prefillRenditions: false)
        return app
    }

    /// Each group as "kind name count", with "no poster" when it has none.
    static func groups(_ app: LibraryTestApp) throws -> [String] {
        try app.groups().map { group in
            "\(group.string("kind") ?? "?") \(group.string("name") ?? "?") \(group.int("count") ?? -1)" + (group["posterURL"] is NSNull ? " no poster" : "")
        }
    }

    static func problems(_ app: LibraryTestApp) throws -> [String] {
        (try app.getJSON("/api/v1/library/status") as? [String: Any])?["problems"] as? [String] ?? []
    }

    @Test func onceItsThumbnailFailsItLeavesEveryGroupAndIsNamedInTheStatusAndOnThePage() throws {
        let app = try Self.app()
        let path = app.workspace.url("Album/cut.jpg").path
        let listed = ["album Album 2", "event May 6, 2019 1", "event May 4, 2019 1", "faces Ana 1", "faces Ben 1"]
        #expect(try Self.groups(app) == listed)
        let album = try app.group("Album", kind: "album").string("id") ?? ""
        let cut = try #require(try app.assets(album).first)
        #expect(cut.string("takenAt") == "2019-05-04T18:30:07")

        let thumbnail = try app.client.get(cut.string("thumbnailURL") ?? "")
        #expect(thumbnail.status != 200 && thumbnail.status < 500, "a truncated photo's thumbnail answered \(thumbnail.status)")

        #expect(try Self.groups(app) == ["album Album 1", "event May 6, 2019 1", "faces Ben 1"])
        #expect(try app.page(album).int("total") == 1)
        #expect(try app.assets(album).map { $0.string("id") ?? "" } != [cut.string("id") ?? ""])
        let problems = try Self.problems(app)
        #expect(problems.count == 1 && problems.first?.contains(path) == true && problems.first?.contains("damaged") == true, "\(problems)")
        let page = try app.client.get("/library")
        #expect(page.text.contains("Some photos could not be read"))
        #expect(page.text.contains(path))
        #expect(!(try app.client.get("/library/groups/\(album)").text.contains(cut.string("id") ?? "-")))
        // A link to it kept from before still says what is wrong.
        #expect((try app.detail(cut.string("id") ?? "").string("problem") ?? "").contains("damaged"))

        // A rescan of the unchanged file leaves it out; the whole file put in its place brings it back.
        app.app.library.scan(prefillRenditions: false)
        #expect(try Self.groups(app) == ["album Album 1", "event May 6, 2019 1", "faces Ben 1"])
        try app.workspace.photo("Album/cut.jpg", taken: "2019:05:04 18:30:07", people: ["Ana"])
        app.app.library.scan(prefillRenditions: false)
        #expect(try Self.groups(app) == listed)
        #expect(try Self.problems(app).isEmpty)
        #expect(!(try app.client.get("/library").text.contains(path)))
        let repaired = try #require(try app.assets(album).first { $0.string("id") == cut.string("id") })
        #expect(try app.client.get(repaired.string("thumbnailURL") ?? "").status == 200)
    }

    /// A file whose header cannot be read is known to be damaged from the scan on: it keeps its
    /// cell in its album, which says so.
    @Test func aPhotoWhoseHeaderIsDamagedKeepsADamagedCellInItsAlbum() throws {
        let app = try LibraryTestApp.standard()
        let pets = try app.group("Pets", kind: "album")
        #expect(pets.int("count") == 1)
        let grid = try app.client.get("/library/groups/\(pets.string("id") ?? "")")
        #expect(grid.status == 200)
        #expect(grid.text.contains("grid-cell damaged"))
    }

    /// A damaged photo is explained in the reader's language, the decoder's own words in brackets.
    @Test func aDamagedPhotoIsExplainedInGerman() throws {
        let app = try Self.app()
        let path = app.workspace.url("Album/cut.jpg").path
        let album = try app.group("Album", kind: "album").string("id") ?? ""
        let cut = try #require(try app.assets(album).first)
        _ = try app.client.get(cut.string("thumbnailURL") ?? "")

        let german = "Diese Datei ist beschädigt und kann nicht gelesen werden ("
        let detail = try app.client.get("/api/v1/library/assets/\(cut.string("id") ?? "")", headers: ["Accept-Language": "de"])
        #expect(((detail.json as? [String: Any])?["problem"] as? String)?.hasPrefix(german) == true, "\(detail.text)")
        let page = try app.client.get("/library?lang=de").text
        #expect(page.contains("\(path): \(german)"), "\(page)")
        #expect(page.contains("Bis die Datei ersetzt wird, fehlt es in Alben, Ereignissen und Personen."))
        #expect(try app.client.get("/library").text.contains("\(path): This file is damaged and cannot be read ("))
    }

    /// Each kind of problem the library keeps reads in the template as the library writes it, and
    /// in every other language in its own words.
    @Test func everyKindOfProblemIsCatalogued() throws {
        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let problems: [LibraryPhotoProblem] = [.damaged(detail: "VipsJpeg: premature end of JPEG file"),
                                               .tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000),
                                               .unsupportedVariant(.jpegPrecision(bits: 12))]
        for problem in problems {
            #expect(problem.wording.key != nil, "\(problem)")
            #expect(template.catalogueText(problem.wording) == problem.english)
            for language in ServerErrorLanguageTests.others + ["de"] {
                let words = DisplayFormat(words: Localization.bundled.localizer(for: try #require(LanguageTag(language))))
                #expect(words.catalogueText(problem.wording) != problem.english, "\(language): \(problem)")
            }
        }
    }
}
