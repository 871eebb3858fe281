import Archive
import Foundation
import HTTPTestClient
import Testing
@testable import App

/// The last words that were English in every language: a rates zip that cannot be unpacked, why a
/// walk-through's frames could not be made (kept as a reason, not as words) and a video's length, a
/// claim expense's negative amount. Each in German and another language, word for word, through the
/// real HTTP path; US English as it was.
@Suite struct LeftoverLanguageTests {
    static let html = ["Accept": "text/html"]

    static func zip(_ name: String, _ content: [UInt8]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = try ZipWriter(writingTo: { bytes.append(contentsOf: $0) })
        try writer.add(content, as: name)
        try writer.finish()
        return bytes
    }

    static func importRates(_ app: TestApp, _ zip: [UInt8], language: String? = nil) throws -> TestResponse {
        var headers = ["Content-Type": "application/zip"]
        headers["Accept-Language"] = language
        return try app.client.send("POST", "/api/v1/exchange-rates", headers: headers, body: zip)
    }

    // MARK: A rates zip

    @Test func aRatesZipThatUnpacksFarTooLargeIsRefusedInTheCallersLanguage() throws {
        let app = try TestApp()
        let bomb = try Self.zip("eurofxref-hist.csv", [UInt8](repeating: 0x30, count: 20 << 20))
        let english = try Self.importRates(app, bomb)
        #expect(english.status == 422 && english.errorCode == "invalid-exchange-rates", "\(english.text)")
        #expect(english.errorMessage == "The zip unpacks to more than 16 MB, or to far more than its own size; the ECB’s eurofxref-hist.zip unpacks to about 2 MB. "
                + "Nothing was imported.", "\(english.text)")
        let german = try Self.importRates(app, bomb, language: "de")
        #expect(german.errorMessage == "Entpackt ergibt die ZIP-Datei mehr als 16 MB oder ein Vielfaches ihrer eigenen Größe; die eurofxref-hist.zip der EZB "
                + "ergibt entpackt etwa 2 MB. Es wurde nichts importiert.", "\(german.text)")
        let french = try Self.importRates(app, bomb, language: "fr")
        #expect(french.errorMessage == "Une fois décompressé, le zip dépasse 16 Mo ou fait bien plus que sa propre taille\u{202F}; le eurofxref-hist.zip de la BCE "
                + "décompressé fait environ 2 Mo. Rien n’a été importé.", "\(french.text)")
    }

    /// libarchive's reader's own words stay English, inside a sentence of the caller's language.
    @Test func aRatesZipThatCannotBeOpenedSaysWhyInsideTheCallersSentence() throws {
        let app = try TestApp()
        // A name climbing out of the folder it is unpacked into: "xx/" made "../" in both of its headers.
        var zip = try Self.zip("xx/eurofxref-hist.csv", Array("Date,USD,\n2019-03-14,1.1295,\n".utf8))
        let name = Array("xx/eurofxref-hist.csv".utf8)
        for start in zip.indices.dropLast(name.count - 1) where Array(zip[start..<start + name.count]) == name {
            zip.replaceSubrange(start..<start + 2, with: Array("..".utf8))
        }
        let english = try #require(try Self.importRates(app, zip).errorMessage)
        let prefix = "The rates file could not be opened as a zip: ", suffix = " Nothing was imported."
        #expect(english.hasPrefix(prefix) && english.hasSuffix(suffix) && english.contains("../eurofxref-hist.csv"), "\(english)")
        // The archive's own refusal, worded in the reader's language inside the rates file's sentence.
        #expect(try Self.importRates(app, zip, language: "de").errorMessage
                == "Die Kursdatei konnte nicht als ZIP-Archiv geöffnet werden: Das Archiv enthält „../eurofxref-hist.csv“; dieser Name steigt mit „..“ aus seinem Ordner heraus. Es wurde nicht entpackt. Es wurde nichts importiert.")
        #expect(try Self.importRates(app, zip, language: "nl").errorMessage
                == "Het koersenbestand kon niet als zip worden geopend: Het archief bevat ‘../eurofxref-hist.csv’; die naam klimt met ‘..’ uit zijn map. Het is niet uitgepakt. Er is niets geïmporteerd.")
    }

    // MARK: A walk-through's frames

    /// Its header says 640 × 360, so it is kept; its frames are 4800 × 4800, which the frame maker refuses.
    static let framesTooLarge = "hostile-4800x4800-frames-header-says-640x360.mp4"

    static func failedWalkthrough(_ app: TestApp) throws -> (place: Int, id: Int) {
        let place = try WalkthroughAPITests.place(app)
        let created = try WalkthroughAPITests.upload(app, to: place, try WalkthroughAPITests.bytes(framesTooLarge))
        #expect(created.status == 201, "\(created.text)")
        let id = try #require((created.json as? [String: Any])?.int("id"))
        #expect(try WalkthroughAPITests.settled(app, id).string("status") == "failed")
        return (place, id)
    }

    static func failure(_ app: TestApp, _ id: Int, language: String? = nil) throws -> String? {
        let json = try app.client.get("/api/v1/walkthroughs/\(id)", headers: language.map { ["Accept-Language": $0] } ?? [:]).json as? [String: Any]
        return json?.string("failure")
    }

    static func notice(_ app: TestApp, place: Int, language: String) throws -> String {
        let page = try app.client.get("/locations/\(place)?lang=\(language)", headers: html)
        let start = try #require(page.text.range(of: #"<p class="notice warning">"#), "\(page.text)")
        let end = try #require(page.text[start.upperBound...].range(of: "</p>"))
        return HTMLInspection.unescape(String(page.text[start.upperBound..<end.lowerBound]))
    }

    @Test func aVideoWhoseFramesCannotBeReadSaysWhyInTheReadersLanguage() throws {
        let app = try TestApp()
        let (place, id) = try Self.failedWalkthrough(app)
        let english = "This video's frames are 4800 × 4800 pixels; at most 4096 × 4096 is accepted."
        #expect(try Self.failure(app, id) == english)
        #expect(try Self.notice(app, place: place, language: "en-US") == "Its frames could not be made: \(english)")

        let german = "Die Bilder dieses Videos sind 4.800 × 4.800 Pixel groß; höchstens 4.096 × 4.096 werden angenommen."
        #expect(try Self.failure(app, id, language: "de") == german)
        #expect(try Self.notice(app, place: place, language: "de") == "Die Einzelbilder konnten nicht erstellt werden: \(german)")
        let french = "Les images de cette vidéo font 4\u{202F}800 × 4\u{202F}800 pixels\u{202F}; 4\u{202F}096 × 4\u{202F}096 au plus sont acceptés."
        #expect(try Self.failure(app, id, language: "fr") == french)
        #expect(try Self.notice(app, place: place, language: "fr") == "Ses images n’ont pas pu être préparées\u{202F}: \(french)")
    }

    /// A walk-through failed before reasons were kept holds US English words: shown as they are.
    @Test func aReasonStoredInWordsBeforeIsStillShownAsItIs() throws {
        let app = try TestApp()
        let (place, id) = try Self.failedWalkthrough(app)
        let words = "This video's frames are 4800 × 4800 pixels; at most 4096 × 4096 is accepted."
        try app.app.environment.database.write { try $0.run("UPDATE walkthroughs SET failure = ? WHERE id = ?", words, id) }
        #expect(try Self.failure(app, id, language: "de") == words)
        #expect(try Self.notice(app, place: place, language: "de") == "Die Einzelbilder konnten nicht erstellt werden: \(words)")
        #expect(try Self.notice(app, place: place, language: "en-US") == "Its frames could not be made: \(words)")
    }

    /// A video's length, in a refusal, is written with the language's units and numbers.
    @Test func aVideoTooLongOrCutOffSaysItsLengthTheLanguagesWay() throws {
        let app = try TestApp()
        let place = try WalkthroughAPITests.place(app)
        let long = try WalkthroughAPITests.bytes("hostile-11-hours-of-samples.mp4")
        let english = try WalkthroughAPITests.upload(app, to: place, long)
        #expect(english.errorMessage?.hasPrefix("This video is 11 h 0 min long; at most 15 min 0 s is accepted.") == true, "\(english.text)")
        let german = try app.client.send("POST", "/api/v1/locations/\(place)/walkthroughs", headers: ["Content-Type": "video/mp4", "Accept-Language": "de"], body: long)
        #expect(german.errorMessage?.hasPrefix("Dieses Video ist 11 Std. 0 Min. lang; höchstens 15 Min. 0 Sek. werden angenommen.") == true, "\(german.text)")

        let cut = try WalkthroughAPITests.bytes("damaged-truncated.mp4")
        let cutEnglish = try #require(try WalkthroughAPITests.upload(app, to: place, cut).errorMessage)
        let seconds = try #require(cutEnglish.firstMatch(of: /after (\d+)\.(\d) s although/), "\(cutEnglish)")
        let cutGerman = try app.client.send("POST", "/api/v1/locations/\(place)/walkthroughs", headers: ["Content-Type": "video/mp4", "Accept-Language": "de"], body: cut)
        #expect(cutGerman.errorMessage == "Dieses Video ist abgeschnitten: Seine Bilder enden nach \(seconds.1),\(seconds.2) Sek., obwohl es mehr aufführt. "
                + "Senden Sie die ganze Datei noch einmal.", "\(cutGerman.text)")
    }

    // MARK: A claim's inputs

    @Test func aNegativeExpenseAndAWrongSelectionAreRefusedInTheCallersLanguage() throws {
        let app = try TestApp()
        let claim = try #require(try app.client.json("POST", "/api/v1/claims", ["name": "Kitchen fire", "lossDate": "2026-03-14"]).json as? [String: Any])
        let id = try #require(claim.int("id"))
        let expense = ["category": "meals", "date": "2026-03-16", "description": "Dinner", "amount": "-5"]
        let english = try app.client.json("POST", "/api/v1/claims/\(id)/expenses", expense)
        #expect(english.status == 422 && english.apiError?.fields?["amount"] == "The amount must be above zero (a refund is not an expense).", "\(english.text)")
        let german = try app.client.json("POST", "/api/v1/claims/\(id)/expenses", expense, headers: ["Accept-Language": "de"])
        #expect(german.apiError?.fields?["amount"] == "Der Betrag muss über null liegen (eine Erstattung ist keine Ausgabe).", "\(german.text)")
        let spanish = try app.client.json("POST", "/api/v1/claims/\(id)/expenses", expense, headers: ["Accept-Language": "es"])
        #expect(spanish.apiError?.fields?["amount"] == "El importe debe ser mayor que cero (un reembolso no es un gasto).", "\(spanish.text)")

        let selection = ["locationId": "kitchen"]
        let wrong = try app.client.json("POST", "/api/v1/claims/\(id)/items", selection)
        #expect(wrong.apiError?.fields?["locationId"] == "locationId must be a place's id (a whole number).", "\(wrong.text)")
        let germanSelection = try app.client.json("POST", "/api/v1/claims/\(id)/items", selection, headers: ["Accept-Language": "de"])
        #expect(germanSelection.apiError?.fields?["locationId"] == "locationId muss die Nummer eines Ortes sein (eine ganze Zahl).", "\(germanSelection.text)")
    }
}
