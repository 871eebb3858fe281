import App
import Foundation
import HTTPTestClient
import Imaging
import Localization
import Messages
import PhotoLibrary
import Testing
@testable import App

/// A file in a form this build cannot decode (a 12-bit JPEG, a TIFF with separate colour planes…)
/// is refused, and a library photo in one explained, in the reader's language: each variant's
/// sentences are whole catalogue messages, and US English reads as it always has.
@Suite struct UnsupportedVariantLanguageTests {
    typealias F = ItemImageFixtures

    @Test func aTwelveBitJPEGUploadIsRefusedInGermanWordForWord() throws {
        let app = try ItemImageTestApp()
        let item = try app.createItem("Lamp")
        let bytes = try F.bytes("corpus/monkey12.jpg")
        let german = try app.putImage(item.id, bytes, headers: ["Accept-Language": "de"])
        #expect(german.status == 415, "\(german.text)")
        #expect(german.errorCode == "unsupported-image-variant")
        #expect(german.errorMessage == "Diese Datei ist ein 12-Bit-JPEG – eine Bildart, die Homepwner nicht lesen kann. Speichern Sie sie als "
                + "gewöhnliches 8-Bit-JPEG oder, um jede Abstufung zu behalten, als 16-Bit-PNG oder -TIFF, und laden Sie die neue Datei hoch.",
                "\(german.text)")
        let english = try app.putImage(item.id, bytes)
        #expect(english.errorMessage == "This file is a 12-bit JPEG, a kind of image Homepwner cannot read. "
                + "Save it as an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level, and upload that.")
        #expect(try app.item(item.id)["image"] is NSNull)
    }

    /// A library photo found to be a 12-bit JPEG when scanned: its cell and the API say so in
    /// French; a tiled TIFF with separate planes, found when its thumbnail fails, in the
    /// library's problems in German.
    @Test func aLibraryPhotoInAFormThisBuildCannotReadIsExplainedInFrenchAndGerman() throws {
        let workspace = try LibraryWorkspace()
        try workspace.write("Scans/monkey.jpg", try F.bytes("corpus/monkey12.jpg"))
        try workspace.write("Scans/planes.tiff", try F.bytes("corpus/tiff_tiled_planar_16bit_RGB.tiff"))
        try workspace.photo("Scans/fine.jpg", taken: "2019:05:06 10:00:00", people: [])
        let app = try LibraryTestApp(workspace: workspace, scan: false)
        app.app.library.scan(prefillRenditions: false)

        let french = "Cette photo est un JPEG 12 bits, que Homepwner ne sait pas lire. "
            + "Enregistrez-en une copie en JPEG 8 bits ordinaire, ou en PNG ou TIFF 16 bits pour garder tous les niveaux."
        let monkey = try app.asset(named: "monkey.jpg")
        #expect(monkey.string("problem") == "This photo is a 12-bit JPEG, which Homepwner cannot read. "
                + "Save a copy as an ordinary 8-bit JPEG, or as a 16-bit PNG or TIFF to keep every level.")
        let id = try #require(monkey.string("id"))
        let detail = try app.client.get("/api/v1/library/assets/\(id)", headers: ["Accept-Language": "fr"])
        #expect((detail.json as? [String: Any])?["problem"] as? String == french, "\(detail.text)")
        let album = try #require(try app.group("Scans", kind: "album").string("id"))
        let grid = try app.client.get("/library/groups/\(album)?lang=fr")
        #expect(grid.status == 200)
        #expect(grid.text.contains(#"title="\#(french)""#), "\(grid.text)")

        let planes = try app.asset(named: "planes.tiff")
        let thumbnail = try app.client.get(planes.string("thumbnailURL") ?? "")
        #expect(thumbnail.status != 200 && thumbnail.status < 500, "\(thumbnail.status)")
        let library = try app.client.get("/library", headers: ["Accept-Language": "de"])
        let path = workspace.url("Scans/planes.tiff").path
        #expect(library.text.contains("\(path): Dieses Foto ist ein gekacheltes TIFF, das jede Farbe in einer eigenen Ebene speichert; "
                                      + "Homepwner kann es nicht lesen. Speichern Sie eine Kopie als TIFF mit verzahnten Pixeln (interleaved) oder als PNG oder JPEG. "
                                      + "Bis die Datei ersetzt wird, fehlt es in Alben, Ereignissen und Personen."), "\(library.text)")
        #expect(try app.client.get("/library").text.contains("\(path): This photo is a tiled TIFF that keeps each colour in a separate plane, which Homepwner cannot read. "
                                                             + "Save a copy as a TIFF with interleaved pixels, or as a PNG or JPEG. "
                                                             + "It is left out of albums, events and people until the file is replaced."))
    }

    /// Every variant there is: the template writes the sentences the code writes in US English
    /// (`kind` and `saveAs` in their frames), and every other language its own words for each.
    @Test func everyVariantsSentencesAreCatalogued() throws {
        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let others = try ["de", "fr", "es", "nl", "it", "pt-BR", "ar"].map { DisplayFormat(words: Localization.bundled.localizer(for: try #require(LanguageTag($0)))) }
        #expect(UnsupportedVariant.all.count == 8 + 26 + 10)
        for variant in UnsupportedVariant.all {
            let upload = ImagingError.unsupportedVariant(variant).wording
            #expect(upload.english == "This file is \(variant.kind), a kind of image Homepwner cannot read. Save it as \(variant.saveAs), and upload that.")
            #expect(template.catalogueText(upload) == upload.english, "\(variant.id)")
            let problem = LibraryPhotoProblem.unsupportedVariant(variant)
            #expect(problem.wording.english == problem.english)
            #expect(template.catalogueText(problem.wording) == problem.english, "\(variant.id)")
            for words in others {
                #expect(words.catalogueText(upload) != upload.english, "\(words.language): \(variant.id)")
                #expect(words.catalogueText(problem.wording) != problem.english, "\(words.language): \(variant.id)")
            }
        }
    }
}
