@testable import App
import Foundation
import HTTPServer
import HTTPTestClient
@testable import Inventory
import Localization
import Messages
import Testing
import Uploads

/// The capture pages — the Drafts page, Walk This Room and the room it walks, the Import page with
/// what an import did, the import's preview — and the import's and uploads' refusals, in the asked
/// language: `lang` and `dir` right, no English left, the scripts' words in the page; and US English
/// as it always was.
@Suite struct CapturePageLanguageTests {
    typealias F = ItemImageFixtures
    static let html = ["Accept": "text/html"]
    static let prefixes = ["drafts.", "walk.", "import.", "files.import-page.", "error.import.", "item.list.title", "item.list.walk-a-room", "common."]

    /// A home whose own words are Greek (rooms, item names, the file's name), so that none is taken for the page's.
    static func capturePages(language: String) throws -> [String: String] {
        let app = try ItemImageTestApp()
        let study = try DraftsAPITests.room(app, "Γραφείο")
        for width in [61, 62, 63] { _ = try DraftsAPITests.draft(app, in: study, try F.picture(width: width)) }
        let empty = try DraftsAPITests.room(app, "Αποθήκη")
        func get(_ path: String, status: Int = 200) throws -> String {
            let answer = try app.client.get(path + (path.contains("?") ? "&" : "?") + "lang=\(language)", headers: html)
            #expect(answer.status == status, "\(path): \(answer.status)")
            return answer.text
        }
        return [
            "drafts": try get("/drafts?location=\(study)"),
            "all-drafts": try get("/drafts"),
            "no-drafts": try get("/drafts?location=\(empty)"),
            "walk": try get("/locations/\(study)/walk"),
            "walk-choice": try get("/walk"),
            "imported": try get("/import?added=3&updated=1&locations=2&tags=1&photos=4&documents=1&videos=1"),
            "imported-few": try get("/import?added=1&updated=0&locations=0&tags=0"),
        ]
    }

    /// The import's pages in `language`: a file it can import (previewed), one it cannot (previewed,
    /// then refused), the form sent without a file, and an empty place list's Walk a Room.
    static func importPages(language: String) throws -> [String: String] {
        let app = try TestApp()
        func upload(_ file: [UInt8]?, name: String = "εξαγωγή.csv") throws -> TestResponse {
            let (token, cookie) = try app.client.pageFormToken()
            let boundary = "----homepwner-import-\(UUID().uuidString)"
            let parts: [(name: String, filename: String?, type: String?, body: [UInt8])] = [("csrf", nil, nil, Array(token.utf8)),
                                                                                            ("file", file == nil ? "" : name, "text/csv", file ?? [])]
            return try app.client.send("POST", "/import?lang=\(language)", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": cookie,
                                                                                    "Accept": "text/html"], body: F.multipart(boundary: boundary, parts))
        }
        let good = try #require(try upload(Array("HB.name,HB.location,HB.labels,HB.quantity\nΛάμπα,Σπίτι / Σαλόνι,Φως,1.123456\nΧαλί,Σπίτι,,2\n".utf8)).header("Location"))
        let bad = try #require(try upload(Array("HB.name,HB.location\n,Σπίτι\nΛάμπα\n".utf8)).header("Location"))
        let noFile = try upload(nil)
        #expect(noFile.status == 400, "\(noFile.status)")
        let refused = try app.client.pageForm(bad + "?lang=\(language)", [], headers: html)
        #expect(refused.status == 422)
        return [
            "preview": try app.client.get(good + "?lang=\(language)", headers: html).text,
            "bad-preview": try app.client.get(bad + "?lang=\(language)", headers: html).text,
            "refused": refused.text,
            "no-file": noFile.text,
            "walk-nowhere": try app.client.get("/walk?lang=\(language)", headers: html).text,
        ]
    }

    @Test func inThePseudoLocaleEveryWordOnTheCapturePagesIsFromTheCatalogue() throws {
        // Not words of the page: the file's column names, the currency's code, the brand, a size's unit, an &amp; in the text.
        let notWords: Set = ["amp", "GB", "Homepwner", "HB", "name", "location", "labels", "quantity", "USD", "csv"]
        let pages = try Self.capturePages(language: "en-XA").merging(try Self.importPages(language: "en-XA")) { first, _ in first }
        #expect(pages.count == 12)
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#), "\(name)")
            let unaccented = LibraryPageLanguageTests.shownText(of: page).flatMap { text in
                text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
            }
            #expect(unaccented == [], "\(name)")
        }
    }

    /// Each page says its language and direction, and none of this part's template English is left in its own content.
    static func expectNoEnglishLeft(in pages: [String: String], language: String, direction: String) throws {
        for (name, page) in pages {
            #expect(page.contains(#"<html lang="\#(language)" dir="\#(direction)">"#), "\(name)")
            let leftOver = try DetailPageLanguageTests.englishLeftOver(inContent: LibraryPageLanguageTests.ownContent(of: page), in: LanguageTag(language)!,
                                                                     prefixes: prefixes)
            #expect(leftOver == [], "\(name)")
        }
    }

    @Test func inGermanTheCapturePagesHaveNoEnglishLeftAndTheirCountsInGerman() throws {
        let pages = try Self.capturePages(language: "de").merging(try Self.importPages(language: "de")) { first, _ in first }
        try Self.expectNoEnglishLeft(in: pages, language: "de", direction: "ltr")
        let drafts = try #require(pages["drafts"])
        #expect(drafts.contains("<title>Entwürfe in Γραφείο — Homepwner</title>") && drafts.contains("3 Entwürfe zu benennen. Geben Sie ein, was jedes Foto zeigt"))
        #expect(drafts.contains(">Name von Entwurf 1<") && drafts.contains(">Entwurf 2 verwerfen<") && drafts.contains(">Zusammenführen<"))
        #expect(try #require(pages["no-drafts"]).contains(">Keine Entwürfe zu benennen<"))
        let walk = try #require(pages["walk"])
        #expect(walk.contains(">Foto aufnehmen<") && walk.contains(">3</span> Entwürfe in Γραφείο") && walk.contains(">Video von Γραφείο aufnehmen<"))
        #expect(try #require(pages["walk-choice"]).contains(">In welchem Raum sind Sie?<"))
        #expect(try #require(pages["walk-nowhere"]).contains(">Noch keine Orte<"))
        #expect(try #require(pages["imported"]).contains(
            "3 Gegenstände hinzugefügt und 1 Gegenstand aktualisiert, mit 4 Fotos, 1 Dokument und 1 Rundgang-Video; 2 Orte und 1 Schlagwort angelegt."))
        #expect(try #require(pages["imported-few"]).contains(">1 Gegenstand hinzugefügt.<"))
        let preview = try #require(pages["preview"])
        #expect(preview.contains(">2 Gegenstände importieren<") && preview.contains(">Neue Orte (2)<") && preview.contains("Beträge werden in USD gelesen"))
        #expect(preview.contains(">1 Wert geändert<") && preview.contains("„1.123456“ wird auf 1.1235 gerundet"))
        let bad = try #require(pages["bad-preview"])
        #expect(bad.contains(">Zeile 2 · HB.name<") && bad.contains("Der Name darf nicht leer sein."))
        #expect(bad.contains(">Zeile 3<") && bad.contains("Diese Zeile hat 1 Zelle; die erste Zeile hat 2 Spalten. Ein Komma fehlt"))
        #expect(try #require(pages["refused"]).contains("2 Zeilen der Datei können nicht importiert werden, daher wurde nichts importiert"))
        #expect(try #require(pages["no-file"]).contains("Wählen Sie die zu importierende Datei"))
    }

    @Test func inArabicTheCapturePagesAreRightToLeft() throws {
        let pages = try Self.capturePages(language: "ar").merging(try Self.importPages(language: "ar")) { first, _ in first }
        try Self.expectNoEnglishLeft(in: pages, language: "ar", direction: "rtl")
        #expect(try #require(pages["drafts"]).contains("<title>المسودات في Γραφείο — Homepwner</title>"))
        #expect(try #require(pages["walk"]).contains(">التقط صورة<"))
        #expect(try #require(pages["preview"]).contains(">أماكن جديدة ("))
    }

    /// The scripts' words come in their pages, translated, with their placeholders left for the script.
    @Test func theDraftsAndWalkScriptsWordsAreInThePagesLanguage() throws {
        let pages = try Self.capturePages(language: "fr")
        func words(_ page: String) throws -> [String: String] {
            let attribute = try #require(page.firstMatch(of: /id="page-words" hidden data-words="([^"]*)"/)?.output.1)
            let json = attribute.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        }
        let drafts = try words(try #require(pages["drafts"]))
        #expect(drafts["drafts.script.left"] == "Brouillons à nommer\u{202F}: {left}. Tapez ce que montre chaque photo et appuyez sur Entrée pour passer à la suivante.")
        let walk = try words(try #require(pages["walk"]))
        #expect(walk["walk.script.photo"] == "Photo {number}" && walk["walk.script.not-found"]?.hasPrefix("L’appareil photo ne peut pas s’ouvrir") == true)
        // The upload script's, in the site's words of every translated page.
        let site = try SiteWordsTests.siteWords(try #require(pages["walk"]))
        #expect(site["upload.script.send-answered"] == "L’envoi du fichier a reçu la réponse {status}.")
    }

    /// The API says an import's problems, and an upload's refusal, in the caller's language; the same
    /// in US English as before.
    @Test func theAPIsImportProblemsAndUploadRefusalsAreInTheCallersLanguage() throws {
        let app = try TestApp()
        let file = Array("HB.name,HB.location\nΛάμπα\n".utf8)
        let german = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "text/csv", "Accept-Language": "de"], body: file)
        let english = try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "text/csv"], body: file)
        func messages(_ response: TestResponse) throws -> [String] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            return ((object["errors"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
        }
        #expect(try messages(german) == ["Diese Zeile hat 1 Zelle; die erste Zeile hat 2 Spalten. Ein Komma fehlt oder ist zu viel, oder eine Zelle, die eines enthält, braucht Anführungszeichen."])
        #expect(try messages(english) == ["This row has 1 cell; the first line has 2 columns. A comma is missing or extra, or a cell that holds one needs quotes."])
        let refused = try app.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv", "Accept-Language": "es"], body: file)
        #expect(refused.status == 422 && refused.apiError?.code == "invalid-import")
        #expect(refused.errorMessage?.hasPrefix("1 fila del archivo no se puede importar, así que no se importó nada") == true, "\(refused.text)")

        // A row's own problems: refs and values Homebox writes.
        let refs = Array("HB.name,HB.import_ref,HB.parent_import_ref,HB.insured\nA,r1,,true\nB,r1,zz,false\nC,r3,r3,false\nD,r4,,maybe\n".utf8)
        let germanRefs = try messages(try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "text/csv", "Accept-Language": "de"], body: refs))
        let englishRefs = try messages(try app.client.send("POST", "/api/v1/import?dryRun=1", headers: ["Content-Type": "text/csv"], body: refs))
        #expect(Set(englishRefs) == ["“maybe” is not true or false. Write true or false (yes/no and 1/0 also work).",
                                     "Line 2 has this import ref (“r1”) too; each item’s ref appears once. Remove the repeated row, or give it its own ref.",
                                     "No row of the file and no item has the import ref “zz”. Check the ref, or leave the cell empty.",
                                     "An item can’t be inside itself: this is the row’s own import ref."], "\(englishRefs)")
        #expect(Set(germanRefs) == ["„maybe“ ist weder true noch false. Schreiben Sie true oder false (yes/no und 1/0 gehen auch).",
                                    "Zeile 2 hat diese Import-Referenz („r1“) auch; die Referenz jedes Gegenstands kommt nur einmal vor. Entfernen Sie die doppelte Zeile oder geben Sie ihr eine eigene Referenz.",
                                    "Keine Zeile der Datei und kein Gegenstand hat die Import-Referenz „zz“. Prüfen Sie die Referenz oder lassen Sie die Zelle leer.",
                                    "Ein Gegenstand kann nicht in sich selbst sein: Das ist die eigene Import-Referenz der Zeile."], "\(germanRefs)")

        let gone = try app.client.send("HEAD", "/api/v1/uploads/0123456789abcdef0123456789abcdef", headers: ["Tus-Resumable": "1.0.0", "Accept-Language": "fr"])
        #expect(gone.status == 404)
        let patch = try app.client.send("PATCH", "/api/v1/uploads/0123456789abcdef0123456789abcdef",
                                        headers: ["Tus-Resumable": "1.0.0", "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0", "Accept-Language": "fr"],
                                        body: [1])
        #expect(patch.status == 404 && patch.errorMessage?.hasPrefix("Cet envoi n’existe pas") == true, "\(patch.text)")
    }

    /// US English is byte for byte what the code wrote before: the template, given each message's
    /// arguments, writes the code's English.
    @Test func theTemplateWritesTheEnglishTheCodeWrites() throws {
        var messages: [Message] = []
        for counts in [(3, 0, 5, 3, 0, 0, 0), (1, 0, 2, 1, 1, 1, 0), (3, 1, 2, 1, 4, 1, 1), (0, 6, 0, 0, 0, 0, 0), (1_234, 1, 0, 1, 2, 0, 3), (1, 1, 1, 0, 1, 1, 0)] {
            messages.append(ImportOutcome(added: counts.0, updated: counts.1, locationsCreated: counts.2, tagsCreated: counts.3, photos: counts.4,
                                          documents: counts.5, videos: counts.6).wording)
        }
        #expect(messages[0].english == "Added 3 items; made 5 places and 3 tags.")
        #expect(messages[2].english == "Added 3 items and updated 1 item, with 4 photos, 1 document and 1 walk-through video; made 2 places and 1 tag.")
        var limits = DelimitedText.Limits()
        limits.maxColumns = 3
        limits.maxRecords = 2
        limits.maxCellBytes = 10
        let broken: [[UInt8]] = [Array("a,\"b\nc".utf8), Array("a,b\n1,\0".utf8), [0x61, 0x0A, 0xE9], [0xFF, 0xFE, 0x61], [], Array("a,\"b\"c".utf8),
                                 Array("a,b,c,d".utf8), Array("a\n1\n2\n3".utf8), Array("a,bbbbbbbbbbbbbbbb".utf8)]
        for bytes in broken {
            do { _ = try DelimitedText.read(bytes, limits: limits) } catch { messages.append(error.wording) }
        }
        limits.maxBytes = 4
        do { _ = try DelimitedText.read(Array("a,b,c".utf8), limits: limits) } catch { messages.append(error.wording) }
        #expect(messages.count == 16)
        for sheet in ["HB.name,HB.location\nLamp\nRug,Home,x\n", "HB.name\n", "Thing,Other\nA,B\n", "HB.name,HB.name,HB.field.Size,HB.field.size\nA,B,1,2\n",
                      "HB.name\tHB.quantity\nLamp\t1.123456\n", "HB.name,HB.insured,HB.purchase_date,HB.asset_id\nA,maybe,2021-02-30,x\nB,true,13/01/2021,1\n"] {
            let read = HomeboxSheet.read(Array(sheet.utf8), currency: .usd)
            messages += read.problems.map(\.wording) + read.notices.map(\.wording)
        }
        messages.append(ImportFormat.expectedWording)
        // A backup's own: no manifest.json, and one that is not Homebox's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        messages += HomeboxBackup(folder: folder.path, limits: ImportLimits(), maxPixels: 1_000_000).problems.map(\.wording)
        try Data("{\"name\": \"not a backup\"}".utf8).write(to: folder.appendingPathComponent(HomeboxBackup.manifestFile))
        messages += HomeboxBackup(folder: folder.path, limits: ImportLimits(), maxPixels: 1_000_000).problems.map(\.wording)
        for error in [UploadError.notFound, .tooLarge(limit: 1_000_000_000), .quota(uploads: 20, bytes: 2_000_000, maxUploads: 20, maxBytes: 4_000_000_000),
                      .offsetMismatch(sent: 4, server: 400), .busy, .pastLength(length: 1_000), .unfinished(missing: 1), .unfinished(missing: 1_500),
                      .handedOff(target: "POST /api/v1/items/3/photos"), .storage(errno: EIO)] {
            let answer = error.answer
            if let app = answer as? AppError { messages.append(app.wording) } else if let http = answer as? HTTPError { messages.append(http.wording) }
        }
        for header in [nil, "12a"] {
            do { _ = try TusHeaders.count(header, header: "Upload-Length") } catch { messages.append(error.wording) }
        }
        for metadata in ["filename", "filename YQ==,filename YQ==", "filename !!!", "captureId Pz8/"] {
            do { _ = try TusHeaders.metadata(metadata) } catch { messages.append(error.wording) }
        }
        for checksum in ["md5 abc", "sha1 YQ=="] {
            do { _ = try TusHeaders.checksum(checksum) } catch { messages.append(error.wording) }
        }
        #expect(messages.count >= 40, "\(messages.count)")
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let template = Localization.bundled.template
        for message in messages {
            #expect(message.key != nil, "\(message.english)")
            if let key = message.key { #expect(template.sources[key] != nil, "\(key)") }
            #expect(english.catalogueText(message) == message.english)
        }
    }
}
