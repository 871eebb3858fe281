import Database
import Foundation
import HomeboxBackupFixture
import HTTPTestClient
import Imaging
import Inventory
import Localization
import Messages
import Testing
@testable import App

/// The inventory's refusals (an item, a place, a photo, a document or a walk-through that is not there,
/// a place that still holds things, a draft merged wrongly, the item list's query…) in the caller's
/// language, as JSON and as a page, and in US English as they always were.
@Suite struct InventoryErrorLanguageTests {
    static let others = CataloguedWording.others

    /// A place's id, made through the API.
    static func place(_ app: TestApp, _ name: String) throws -> Int64 {
        let response = try app.client.json("POST", "/api/v1/locations", ["name": name])
        guard response.status == 201, let id = (response.json as? [String: Any])?["id"] as? Int else {
            throw TestAppError("POST locations answered \(response.status): \(response.text)")
        }
        return Int64(id)
    }

    static func put(_ app: TestApp, _ name: String, in place: Int64) throws {
        let item = try app.createItem(name)
        let placed = try app.client.json("PATCH", "/api/v1/items/\(item.id)", ["locationId": place])
        guard placed.status == 200 else { throw TestAppError("PATCH answered \(placed.status): \(placed.text)") }
    }

    static func delete(_ app: TestApp, _ place: Int64, _ language: String? = nil) throws -> String {
        let refused = try app.client.send("DELETE", "/api/v1/locations/\(place)", headers: language.map { ["Accept-Language": $0] } ?? [:])
        guard refused.status == 409, refused.apiError?.code == "location-not-empty" else { throw TestAppError("DELETE answered \(refused.status): \(refused.text)") }
        return refused.errorMessage ?? ""
    }

    /// A place that still holds one thing says “it”, three “them”; each language counts as it counts.
    @Test func aPlaceThatStillHoldsThingsCountsThemInEachLanguage() throws {
        let app = try TestApp()
        let attic = try Self.place(app, "Dachboden")
        try Self.put(app, "Lampe", in: attic)
        #expect(try Self.delete(app, attic) == "“Dachboden” still holds 1 item; move or delete it first, so nothing loses its place.")
        #expect(try Self.delete(app, attic, "de") == "„Dachboden“ enthält noch 1 Gegenstand; verschieben oder löschen Sie ihn zuerst, damit nichts seinen Platz verliert.")
        let arabicOne = try Self.delete(app, attic, "ar")
        #expect(arabicOne.contains("غرضًا واحدًا") && arabicOne.contains("انقله أو احذفه"), "\(arabicOne)")

        try Self.put(app, "Koffer", in: attic)
        let arabicTwo = try Self.delete(app, attic, "ar")
        #expect(arabicTwo.contains("غرضين") && arabicTwo.contains("انقلهما أو احذفهما"), "\(arabicTwo)")

        try Self.put(app, "Kiste", in: attic)
        #expect(try Self.delete(app, attic) == "“Dachboden” still holds 3 items; move or delete them first, so nothing loses its place.")
        #expect(try Self.delete(app, attic, "de") == "„Dachboden“ enthält noch 3 Gegenstände; verschieben oder löschen Sie sie zuerst, damit nichts seinen Platz verliert.")
        let arabicThree = try Self.delete(app, attic, "ar")
        #expect(arabicThree.contains("أغراض") && arabicThree.contains("انقلها أو احذفها") && !arabicThree.contains("غرضًا واحدًا"), "\(arabicThree)")

        let corner = try Self.place(app, "Ecke")
        let inside = try app.client.json("POST", "/api/v1/locations", ["name": "Regal", "parentId": corner])
        #expect(inside.status == 201)
        try Self.put(app, "Buch", in: corner)
        #expect(try Self.delete(app, corner) == "“Ecke” still holds 1 item and 1 location; move or delete them first, so nothing loses its place.")
        #expect(try Self.delete(app, corner, "de") == "„Ecke“ enthält noch 1 Gegenstand und 1 Ort; verschieben oder löschen Sie sie zuerst, damit nichts seinen Platz verliert.")
        for language in Self.others {
            let message = try Self.delete(app, corner, language)
            #expect(!message.contains("still holds") && !message.contains("location") && !message.contains(" and ") && message.contains("Ecke"), "\(language): \(message)")
        }
    }

    /// Refusals the JSON API gives, in German word for word, and in no other language in English.
    @Test func theAPIsRefusalsReadInTheCallersLanguage() throws {
        let app = try TestApp()
        let lamp = try app.createItem("Lampe")
        let draftless = try app.createItem("Tisch")
        let requests: [(method: String, path: String, body: Any?, status: Int, code: String, german: String, english: String)] = [
            ("GET", "/api/v1/items/424242", nil, 404, "item-not-found",
             "Es gibt keinen Gegenstand 424242. Er wurde vielleicht gelöscht; gehen Sie zurück zur Liste.",
             "There is no item 424242. It may have been deleted; go back to the list."),
            ("GET", "/api/v1/locations/424242", nil, 404, "location-not-found",
             "Es gibt keinen Ort 424242. Er wurde vielleicht gelöscht; gehen Sie zurück zu den Orten.",
             "There is no location 424242. It may have been deleted; go back to the locations."),
            ("POST", "/api/v1/items/\(lamp.id)/merge", ["into": draftless.id], 422, "invalid-merge",
             "Gegenstand \(lamp.id) ist kein Entwurf; nur ein Entwurf wird in einen anderen Gegenstand übernommen. Übernehmen Sie stattdessen den Entwurf in ihn.",
             "Item \(lamp.id) is not a draft; only a draft is merged into another item. Merge the draft into it instead."),
            ("GET", "/api/v1/items?condition=mint", nil, 400, "invalid-item-query",
             "condition ist eines von new, good, fair, poor oder broken, nicht „mint“.",
             "condition is one of new, good, fair, poor or broken, not “mint”."),
            ("GET", "/api/v1/items?limit=abc", nil, 400, "invalid-limit",
             "limit muss eine ganze Zahl von 1 bis 500 sein, nicht „abc“.",
             "limit must be a whole number from 1 to 500, not “abc”."),
            ("GET", "/api/v1/export?format=xls", nil, 400, "invalid-export-format",
             "„xls“ ist kein Exportformat. Verwenden Sie format=homebox-csv oder format=homepwner.",
             "“xls” is not an export format. Use format=homebox-csv or format=homepwner."),
            ("GET", "/api/v1/items?location=424242", nil, 400, "invalid-item-query",
             "Es gibt keinen Ort 424242; wählen Sie einen der Orte.",
             "There is no location 424242; choose one of the locations."),
        ]
        for request in requests {
            let body = request.body.map { try! JSONSerialization.data(withJSONObject: $0) }.map { [UInt8]($0) } ?? []
            func send(_ language: String?) throws -> TestResponse {
                var headers = ["Accept": "application/json"]
                if !body.isEmpty { headers["Content-Type"] = "application/json" }
                if let language { headers["Accept-Language"] = language }
                return try app.client.send(request.method, request.path, headers: headers, body: body)
            }
            let english = try send(nil), german = try send("de")
            #expect(english.status == request.status && english.apiError?.code == request.code, "\(request.path): \(english.text)")
            #expect(english.errorMessage == request.english, "\(request.path)")
            #expect(german.status == request.status && german.apiError?.code == request.code, "\(request.path): \(german.text)")
            #expect(german.errorMessage == request.german, "\(request.path)")
            let englishWords = request.english.split(separator: " ").prefix(4).joined(separator: " ")
            for language in Self.others {
                let message = try send(language).errorMessage ?? ""
                #expect(!message.isEmpty && !message.contains(englishWords) && !message.contains("It may have been") && !message.contains("whole number"),
                        "\(language) \(request.path): \(message)")
            }
        }
        // A file that is no image, and a Capture-Id that is no id.
        let notAPhoto = Array("just some text, not a photo".utf8)
        let german = try app.client.send("POST", "/api/v1/items/\(lamp.id)/photos", headers: ["Content-Type": "image/jpeg", "Accept-Language": "de"], body: notAPhoto)
        #expect(german.apiError?.code == "unsupported-image-format", "\(german.text)")
        #expect(german.errorMessage == "Diese Datei ist kein Foto, das Homepwner verwenden kann. Wählen Sie ein Bild im Format JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF oder AVIF.")
        let english = try app.client.send("POST", "/api/v1/items/\(lamp.id)/photos", headers: ["Content-Type": "image/jpeg"], body: notAPhoto)
        #expect(english.errorMessage == "This file is not a photo Homepwner can use. Choose a \(ImageFormat.acceptedList) image.")
        let capture = try app.client.send("POST", "/api/v1/items/\(lamp.id)/photos",
                                          headers: ["Content-Type": "image/jpeg", "Capture-Id": "not an id!", "Accept-Language": "de"], body: notAPhoto)
        #expect(capture.apiError?.code == "invalid-capture-id" && capture.errorMessage?.hasPrefix("Capture-Id muss aus 1 bis 64 Buchstaben") == true, "\(capture.text)")
        for language in Self.others {
            let refused = try app.client.send("POST", "/api/v1/items/\(lamp.id)/photos", headers: ["Content-Type": "image/jpeg", "Accept-Language": language], body: notAPhoto)
            #expect(refused.errorMessage?.contains("not a photo") == false && refused.errorMessage?.contains("AVIF") == true, "\(language): \(refused.text)")
        }
        // An address the server cannot read, refused before any handler.
        let address = try app.client.get("/api/v1/items/%ZZ", headers: ["Accept-Language": "de"])
        #expect(address.status == 400 && address.errorMessage
                == "Die Adresse ist ungültig: Ihr Pfad enthält ein fehlerhaftes %-Escape, Text, der kein UTF-8 ist, oder ein Segment „.“, „..“ oder „\\“.", "\(address.text)")
        // A query's refusal names its parameter, in the caller's language there too.
        let field = try app.client.send("GET", "/api/v1/items?location=424242", headers: ["Accept-Language": "fr"])
        #expect(field.apiError?.fields?["location"] == "Il n’y a pas de lieu 424242\u{202F}; choisissez un des lieux.", "\(field.text)")
    }

    /// An error page says the refusal in the page's language (`?lang=`), the browser's language aside.
    @Test func anErrorPageSaysTheRefusalInThePagesLanguage() throws {
        let app = try TestApp()
        let page = try app.client.get("/locations/424242?lang=de", headers: ["Accept": "text/html", "Accept-Language": "en-US"])
        #expect(page.status == 404)
        #expect(page.text.contains(#"<html lang="de" dir="ltr">"#))
        #expect(page.text.contains("Es gibt keinen Ort 424242. Er wurde vielleicht gelöscht; gehen Sie zurück zu den Orten."), "\(page.text)")
        let attic = try Self.place(app, "Speicher")
        try Self.put(app, "Lampe", in: attic)
        for language in Self.others {
            let page = try app.client.get("/locations/424242?lang=\(language)", headers: ["Accept": "text/html"])
            #expect(page.status == 404 && !page.text.contains("There is no location") && !page.text.contains("It may have been deleted"), "\(language)")
        }
        let english = try app.client.get("/locations/424242", headers: ["Accept": "text/html"])
        #expect(english.text.contains("There is no location 424242. It may have been deleted; go back to the locations."), "\(english.text)")
    }

    /// A Homebox file's row: its quantity, its purchase date and its place path, said in the caller's language.
    @Test func anImportedRowsProblemsAreInTheCallersLanguage() throws {
        let app = try TestApp()
        let path = (1...21).map { "P\($0)" }.joined(separator: " / ")
        let file = Array("HB.name,HB.quantity,HB.purchase_price,HB.location\nLampe,1.5.0,abc,\(path)\n".utf8)
        func messages(_ language: String?) throws -> [String] {
            let response = try app.client.send("POST", "/api/v1/import?dryRun=1",
                                               headers: ["Content-Type": "text/csv"].merging(language.map { ["Accept-Language": $0] } ?? [:]) { $1 }, body: file)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(response.text)")
            return ((object["errors"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
        }
        let english = try messages(nil)
        #expect(english.contains { $0.hasPrefix("The quantity “1.5.0” isn’t a number.") }, "\(english)")
        #expect(english.contains { $0.hasPrefix("The amount “abc”") }, "\(english)")
        #expect(english.contains { $0.hasPrefix("This path is 21 places deep (“") && $0.contains("Homepwner keeps places at most 20 deep.") }, "\(english)")
        let german = try messages("de")
        #expect(german.count == english.count)
        #expect(german.contains { $0.hasPrefix("Die Menge „1.5.0“") }, "\(german)")
        #expect(german.contains { $0.hasPrefix("Der Betrag „abc“") }, "\(german)")
        #expect(german.contains { $0.hasPrefix("Dieser Pfad liegt 21 Ebenen tief („") && $0.contains("höchstens 20 Ebenen tief") }, "\(german)")
        for language in Self.others {
            let written = try messages(language)
            #expect(written.count == english.count && !written.contains { $0.contains("The quantity") || $0.contains("The amount") || $0.contains("places deep") },
                    "\(language): \(written)")
        }
    }

    /// A damaged Homebox backup, a backup's place with no name and a CSV in another currency: refused in
    /// the caller's language, word for word in German, and in no language in English.
    @Test func aRefusedHomeboxFileIsInTheCallersLanguage() throws {
        let app = try TestApp()
        var damaged = HomeboxBackupFixture()
        damaged.item("Lamp", in: damaged.location("Attic"))
        damaged.replacedTables["entities"] = Array("{\"not\": \"rows\"".utf8)
        var unnamed = HomeboxBackupFixture()
        unnamed.item("Lamp", in: unnamed.location(""))
        let files: [(type: String, bytes: [UInt8])] = [
            ("application/zip", try damaged.bytes(in: app.folder.url)),
            ("application/zip", try unnamed.bytes(in: app.folder.url)),
            ("text/csv", Array("HB.name,HB.purchase_price,HB.field.Currency\nLamp,20,EUR\n".utf8)),
        ]
        func messages(_ file: (type: String, bytes: [UInt8]), _ language: String?) throws -> [String] {
            let response = try app.client.send("POST", "/api/v1/import?dryRun=1",
                                               headers: ["Content-Type": file.type].merging(language.map { ["Accept-Language": $0] } ?? [:]) { $1 }, body: file.bytes)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(response.text)")
            return ((object["errors"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
        }
        let english = try files.map { try messages($0, nil) }
        #expect(english == [
            ["entities.json is not the JSON Homebox writes (an array of rows was expected): the zip is damaged. Download the backup from Homebox again."],
            ["A place is named “”; a place’s name is 1 to 200 characters on one line. Rename it in Homebox and back up again."],
            ["The amounts in this file are in EUR, but this inventory counts in USD. Set the inventory’s currency to EUR first, or import into another inventory."],
        ])
        #expect(try files.map { try messages($0, "de") } == [
            ["entities.json ist nicht das JSON, das Homebox schreibt (eine Liste von Zeilen wurde erwartet): Die ZIP-Datei ist beschädigt. "
                + "Laden Sie die Sicherung erneut aus Homebox herunter."],
            ["Ein Ort heißt „“; der Name eines Ortes hat 1 bis 200 Zeichen in einer Zeile. Benennen Sie ihn in Homebox um und sichern Sie erneut."],
            ["Die Beträge in dieser Datei sind in EUR, dieses Inventar rechnet aber in USD. Stellen Sie zuerst die Währung des Inventars auf EUR um, "
                + "oder importieren Sie in ein anderes Inventar."],
        ])
        for language in Self.others {
            let written = try files.map { try messages($0, language) }
            #expect(written.map(\.count) == [1, 1, 1] && !written.joined().contains { $0.contains("the zip is damaged") || $0.contains("place’s name") || $0.contains("counts in") },
                    "\(language): \(written)")
        }

        // A CSV row's import ref and a place of its path too long: each said with the rule's words.
        let long = ("text/csv", Array("HB.name,HB.import_ref,HB.location\nLamp,\(String(repeating: "r", count: 101)),Attic / \(String(repeating: "a", count: 201))\n".utf8))
        let longEnglish = try messages(long, nil)
        #expect(longEnglish.count == 2 && longEnglish.first == "An import ref is 1 to 100 characters on one line; this one is not."
                && longEnglish.last?.hasPrefix("Each place in a path is 1 to 200 characters on one line; “aaa") == true, "\(longEnglish)")
        let longGerman = try messages(long, "de")
        #expect(longGerman.count == 2 && longGerman.first == "Eine Import-Referenz (import ref) hat 1 bis 100 Zeichen in einer Zeile; diese nicht."
                && longGerman.last?.hasPrefix("Jeder Ort in einem Pfad hat 1 bis 200 Zeichen in einer Zeile; „aaa") == true, "\(longGerman)")
        for language in Self.others {
            let written = try messages(long, language)
            #expect(written.count == 2 && !written.contains { $0.contains("characters on one line") }, "\(language): \(written)")
        }
    }

    /// Every refusal (each case, counts of one and many): the template writes the code's US English to
    /// the byte, and every other language writes words of its own.
    @Test func everyRefusalIsInEveryCatalogue() throws {
        let asset = try #require(LibraryPhotoID("0123456789abcdef0123456789abcdef"))
        let errors: [InventoryError] = [
            .itemNotFound(id: 7), .positionOutOfRange(position: 3, count: 0), .positionOutOfRange(position: 9, count: 4), .locationNotFound(id: 8),
            .locationNotEmpty(name: "Attic", items: 1, locations: 0), .locationNotEmpty(name: "Attic", items: 1_234, locations: 2, walkthroughs: 1),
            .locationNotEmpty(name: "Attic", items: 0, locations: 1, walkthroughs: 2),
            .photoNotFound(itemID: 7, photoID: 3), .tooManyPhotos(limit: ItemStore.maxPhotosPerItem),
            .photoOrderMismatch(missing: [5], unknown: [], repeated: []), .photoOrderMismatch(missing: [4, 5, 6], unknown: [9], repeated: [1, 2]),
            .photoOrderMismatch(missing: [], unknown: [9, 10], repeated: [1]),
            .documentNotFound(itemID: 7, documentID: 2), .unsupportedDocumentType, .tooManyDocuments(limit: ItemStore.maxDocumentsPerItem),
            .evidenceNotFound(itemID: 7, assetID: asset), .tooManyEvidencePhotos(limit: ItemStore.maxEvidencePerItem),
            .invalidMerge(.notADraft(7)), .invalidMerge(.sameItem(7)), .walkthroughNotFound(id: 4),
            .alreadyCaptured(.photo(12, of: 3)), .alreadyCaptured(.document(2, of: 3)), .alreadyCaptured(.walkthrough(5, of: 1)), .alreadyCaptured(.draft(9, in: 1)),
        ]
        var messages = errors.map(\.wording)
        do { _ = try FullTextQuery("lamp\u{7}") } catch { messages.append(error.wording) }
        #expect(messages.count == errors.count + 1)
        #expect(InventoryError.unsupportedDocumentType.message.contains(DocumentType.acceptedList))
        #expect(InventoryError.locationNotEmpty(name: "Attic", items: 1_234, locations: 2, walkthroughs: 1).message
                == "“Attic” still holds 1,234 items and 2 locations and 1 walk-through; move or delete them first, so nothing loses its place.")
        #expect(InventoryError.photoOrderMismatch(missing: [4, 5, 6], unknown: [9], repeated: [1, 2]).message
                == "Send every one of the item's photo ids once, the first being the primary: 4, 5 and 6 are missing; 9 is not one of its photos; 1 and 2 are listed more than once.")

        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        for message in messages {
            #expect(message.key?.hasPrefix("error.inventory.") == true, "\(message.english)")
            #expect(template.catalogueText(message) == message.english)
        }
        for language in ["de"] + Self.others {
            let words = DisplayFormat(words: Localization.bundled.localizer(for: try #require(LanguageTag(language))))
            for message in messages {
                let written = words.catalogueText(message)
                let opening = message.english.split(separator: " ").prefix(3).joined(separator: " ")
                #expect(written != message.english && !written.contains(opening), "\(language): \(written)")
            }
        }
    }
}
