@testable import App
import Archive
import Foundation
import HomeboxBackupFixture
import HTTPTestClient
import Imaging
@testable import Inventory
import Localization
import Messages
import PDFPreview
import Testing

/// Our own export and a Homebox backup refused through the API's import, in the caller's language:
/// word for word in German, in French's own words, in no language in US English, and in US English
/// as it always was; and nothing imported.
@Suite struct ArchiveImportLanguageTests {
    static let zipHeaders = ["Content-Type": "application/zip"]

    /// The import of `zip` refused (422) in `language`: the error's message and each problem's.
    static func refusal(_ client: HTTPTestClient, _ zip: [UInt8], _ language: String?,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> (message: String, problems: [String]) {
        let headers = zipHeaders.merging(language.map { ["Accept-Language": $0] } ?? [:]) { $1 }
        let response = try client.send("POST", "/api/v1/import", headers: headers, body: zip)
        #expect(response.status == 422 && response.errorCode == "invalid-import", "\(language ?? "en"): \(response.text.prefix(400))", sourceLocation: sourceLocation)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], sourceLocation: sourceLocation)
        return (response.errorMessage ?? "", ((object["errors"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String })
    }

    /// A damaged export (its manifest, a file it names), one of a newer Homepwner, and one into an
    /// inventory that is not empty: each problem in US English as before, in German word for word, in
    /// French, and in no other language in English; nothing imported.
    @Test func aRefusedExportIsInTheCallersLanguageAndImportsNothing() throws {
        let source = try ExportTests.ExportApp(demo: true)
        let archive = try source.exportedArchive()
        let scratch = source.folder.url
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(try ExportTests.ExportApp.read(InventoryManifest.fileName, of: archive, in: scratch)))
            as? [String: Any])
        let firstName = try #require((manifest["items"] as? [[String: Any]])?.first?["name"] as? String)
        let version = InventoryManifest.currentFormatVersion, currency = try #require(manifest["currency"] as? String)
        /// French's narrow no-break spaces, before “:” and “;” and inside « ».
        func spaced(_ french: String) -> String {
            french.replacingOccurrences(of: "« ", with: "«\u{202F}").replacingOccurrences(of: " »", with: "\u{202F}»")
                .replacingOccurrences(of: " :", with: "\u{202F}:").replacingOccurrences(of: " ;", with: "\u{202F};")
        }
        func bytes(_ path: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) }
        func editingItems(_ edit: @escaping (inout [[String: Any]]) -> Void) -> (inout [String: Any]) -> Void {
            { manifest in
                var items = manifest["items"] as! [[String: Any]]
                edit(&items)
                manifest["items"] = items
            }
        }
        struct Case {
            let label: String
            let zip: [UInt8]
            let english: String
            let german: String
            let french: String
            /// English words no other language may show.
            let englishWords: String
        }
        let cases = [
            Case(label: "a currency that is none", zip: try bytes(try ExportTests.tampered(archive, in: scratch, edit: { $0["currency"] = "XX" })),
                 english: "The export’s homepwner.json is damaged: “XX” is not a currency code. Nothing was imported.",
                 german: "Die Datei homepwner.json des Exports ist beschädigt: „XX“ ist kein Währungscode. Es wurde nichts importiert.",
                 french: spaced("Le fichier homepwner.json de l’export est endommagé : « XX » n’est pas un code de devise. Rien n’a été importé."),
                 englishWords: "is damaged"),
            Case(label: "an item's id", zip: try bytes(try ExportTests.tampered(archive, in: scratch, edit: editingItems { $0[0]["id"] = 0 })),
                 english: "The export’s homepwner.json is damaged: item 1 (“\(firstName)”) has the id 0, which is not a new positive number. Nothing was imported.",
                 german: "Die Datei homepwner.json des Exports ist beschädigt: Gegenstand 1 („\(firstName)“) hat die ID 0, die keine neue positive Zahl ist. "
                    + "Es wurde nichts importiert.",
                 french: spaced("Le fichier homepwner.json de l’export est endommagé : l’objet 1 (« \(firstName) ») a l’identifiant 0, qui n’est pas un nombre "
                    + "positif nouveau. Rien n’a été importé."),
                 englishWords: "positive number"),
            Case(label: "an amount", zip: try bytes(try ExportTests.tampered(archive, in: scratch, edit: editingItems { $0[0]["purchasePrice"] = "abc" })),
                 english: "The export’s homepwner.json is damaged: item 1 (“\(firstName)”): purchasePrice “abc” is not an amount in \(currency). Nothing was imported.",
                 german: "Die Datei homepwner.json des Exports ist beschädigt: Gegenstand 1 („\(firstName)“): purchasePrice „abc“ ist kein Betrag in \(currency). "
                    + "Es wurde nichts importiert.",
                 french: spaced("Le fichier homepwner.json de l’export est endommagé : l’objet 1 (« \(firstName) ») : purchasePrice « abc » n’est pas un montant "
                    + "en \(currency). Rien n’a été importé."),
                 englishWords: "is not an amount"),
            Case(label: "a photo missing from the zip", zip: try bytes(try ExportTests.tampered(archive, in: scratch, edit: editingItems { items in
                var photos = items[items.count - 1]["photos"] as! [[String: Any]]
                photos[0]["file"] = "photos/missing.jpg"
                items[items.count - 1]["photos"] = photos
            })),
                 english: "The export’s photos/missing.jpg is missing from the zip. Nothing was imported.",
                 german: "Die Datei photos/missing.jpg des Exports fehlt in der ZIP-Datei. Es wurde nichts importiert.",
                 french: "Le fichier photos/missing.jpg de l’export manque dans le zip. Rien n’a été importé.",
                 englishWords: "missing from the zip"),
            Case(label: "a newer format", zip: try bytes(try ExportTests.tampered(archive, in: scratch, edit: { $0["formatVersion"] = 99 })),
                 english: "This export is in format 99, made by a newer Homepwner; this one reads format \(version) and older. Update Homepwner first.",
                 german: "Dieser Export hat das Format 99 und wurde von einem neueren Homepwner erstellt; dieser liest Format \(version) und ältere. "
                    + "Aktualisieren Sie zuerst Homepwner.",
                 french: spaced("Cet export est au format 99, créé par un Homepwner plus récent ; celui-ci lit le format \(version) et les précédents. "
                    + "Mettez d’abord Homepwner à jour."),
                 englishWords: "newer Homepwner"),
        ]
        let target = try ExportTests.ExportApp(demo: false)
        for test in cases {
            for (language, expected) in [(nil, test.english), ("de", test.german), ("fr", test.french)] {
                let refused = try Self.refusal(target.client, test.zip, language)
                #expect(refused.problems == [expected], "\(test.label), \(language ?? "en"): \(refused.problems)")
                #expect(refused.message.hasPrefix(expected), "\(test.label), \(language ?? "en"): \(refused.message)")
            }
            for language in ["es", "nl", "it", "pt-BR", "ar"] {
                let refused = try Self.refusal(target.client, test.zip, language)
                #expect(refused.problems.count == 1 && !refused.problems[0].contains(test.englishWords) && !refused.message.contains("Nothing was imported"),
                        "\(test.label), \(language): \(refused.problems)")
            }
        }
        #expect(try target.client.get("/api/v1/items").text == "[]")
        #expect(try target.client.get("/api/v1/locations").text == "[]")

        // An inventory that already holds an item: counted in each language, and kept as it was.
        try target.client.json("POST", "/api/v1/items", ["name": "Mine"]).expect(201)
        let whole = try bytes(archive)
        let refused = try Self.refusal(target.client, whole, nil)
        #expect(refused.problems == ["A Homepwner export is imported only into an empty inventory, so nothing is mixed or overwritten, and this one already holds "
                                     + "1 item and 0 places. Import it into a new data folder: homepwner import FILE --data NEW-FOLDER, then serve NEW-FOLDER."])
        let german = try Self.refusal(target.client, whole, "de")
        #expect(german.problems == ["Ein Homepwner-Export wird nur in ein leeres Inventar importiert, damit nichts vermischt oder überschrieben wird, und dieses "
                                    + "enthält schon 1 Gegenstand und 0 Orte. Importieren Sie ihn in einen neuen Datenordner: homepwner import FILE --data NEW-FOLDER, "
                                    + "dann serve NEW-FOLDER."], "\(german.problems)")
        #expect(german.message.hasSuffix("Es wurde nichts importiert."), "\(german.message)")
        let french = try Self.refusal(target.client, whole, "fr")
        #expect(french.problems.first?.contains("contient déjà 1 objet et 0 emplacement.") == true, "\(french.problems)")
        #expect(french.message.hasSuffix("Rien n’a été importé."), "\(french.message)")
        #expect(try target.client.get("/api/v1/items").decode([ItemModel].self).map(\.name) == ["Mine"])
    }

    /// A Homebox backup whose photo is not an image, and a zip whose entry climbs out of its folder:
    /// refused in German and French, in US English as before, and nothing imported.
    @Test func aRefusedBackupOrZipIsInTheCallersLanguageAndImportsNothing() throws {
        let app = try TestApp()
        var backup = HomeboxBackupFixture()
        let drill = backup.item("Cordless Drill", in: backup.location("Garage"))
        backup.attachment("photo", title: "scan.jpg", mimeType: "image/jpeg", SamplePDF.receipt(lines: ["Hardware Store"]), on: drill)
        let zip = try backup.bytes(in: app.folder.url)
        let english = try Self.refusal(app.client, zip, nil)
        #expect(english.problems == ["The photo “scan.jpg” of “Cordless Drill” is not a photo Homepwner can use: it is not a JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF "
                                     + "and AVIF image. Nothing was imported; replace or remove it in Homebox, then back up again."], "\(english.problems)")
        let german = try Self.refusal(app.client, zip, "de")
        #expect(german.problems == ["Das Foto „scan.jpg“ von „Cordless Drill“ ist kein Foto, das Homepwner verwenden kann: es ist kein Bild im Format JPEG, PNG, "
                                    + "WebP, GIF, TIFF, HEIC/HEIF oder AVIF. Es wurde nichts importiert; ersetzen oder entfernen Sie es in Homebox und sichern Sie "
                                    + "dann erneut."], "\(german.problems)")
        let french = try Self.refusal(app.client, zip, "fr")
        #expect(french.problems == ["La photo «\u{202F}scan.jpg\u{202F}» de «\u{202F}Cordless Drill\u{202F}» n’est pas une photo que Homepwner peut utiliser\u{202F}: "
                                    + "ce n’est pas une image JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF ou AVIF. Rien n’a été importé\u{202F}; remplacez-la ou "
                                    + "supprimez-la dans Homebox, puis sauvegardez de nouveau."], "\(french.problems)")
        for language in ["es", "nl", "it", "pt-BR", "ar"] {
            let written = try Self.refusal(app.client, zip, language)
            #expect(written.problems.count == 1 && !written.problems[0].contains("is not a photo") && !written.problems[0].contains("back up again"),
                    "\(language): \(written.problems)")
        }

        let climbing = try [UInt8](Data(contentsOf: HomeboxBackupImportAPITests.archiveFixtures.appendingPathComponent("dotdot.zip")))
        let englishZip = try Self.refusal(app.client, climbing, nil)
        #expect(englishZip.problems.count == 1 && englishZip.problems[0].hasSuffix("”, which climbs out of its folder with “..”; it was not unpacked."),
                "\(englishZip.problems)")
        let germanZip = try Self.refusal(app.client, climbing, "de")
        #expect(germanZip.problems.count == 1 && germanZip.problems[0].hasPrefix("Das Archiv enthält „")
                && germanZip.problems[0].hasSuffix("“; dieser Name steigt mit „..“ aus seinem Ordner heraus. Es wurde nicht entpackt."), "\(germanZip.problems)")
        let frenchZip = try Self.refusal(app.client, climbing, "fr")
        #expect(frenchZip.problems.count == 1 && frenchZip.problems[0].hasPrefix("L’archive contient «\u{202F}")
                && frenchZip.problems[0].contains("dont le nom sort de son dossier avec «\u{202F}..\u{202F}»"), "\(frenchZip.problems)")
        try HomeboxBackupImportAPITests.expectNothingWritten(app, "the refused imports")
    }

    /// Every refusal of an export, a backup's attachment and a zip made by the code — plurals and
    /// selects too, which the generic check skips — is written by the template as the code writes
    /// it, and by German in words of its own.
    @Test func theTemplateWritesTheEnglishTheCodeWrites() throws {
        var messages: [Message] = [
            InventoryArchiveError.newerFormat(version: 7).wording,
            InventoryArchiveError.inventoryNotEmpty(items: 1, locations: 0).wording,
            InventoryArchiveError.inventoryNotEmpty(items: 1_234, locations: 2).wording,
            InventoryArchiveError.invalidManifest(Message("error.archive.manifest.not-json", "it is not JSON that can be read.")).wording,
            HomeboxBackup.attachment(kind: "photo", title: "", of: "Drill"),
            HomeboxBackup.attachment(kind: "receipt", title: "Bill", of: "Drill"),
            HomeboxBackup.attachment(kind: "maintenance", title: "", of: "Drill"),
        ]
        let imaging: [ImagingError] = [.unsupportedFormat, .damaged(detail: "cut short"), .tooManyPixels(width: 12_000, height: 9_000, limit: 100_000_000), .processingFailed(detail: "vips said no")]
        messages += imaging.map(ImportAttachment.wording)
        for error in imaging { #expect(ImportAttachment.wording(error).english == ImportAttachment.reason(error)) }
        #expect(ImportAttachment.wording(.unsupportedFormat).english.contains(ImageFormat.acceptedList))
        for key in ["error.archive.file.document-kind", "import.backup.document-kind"] {
            #expect(Localization.bundled.template.sources[key]?.contains("(\(DocumentType.acceptedList))") == true, "\(key)")
        }
        let zips: [ArchiveError] = [.unreadable("truncated"), .unsupportedEntry(path: "link", kind: .symbolicLink), .unsupportedEntry(path: "disk", kind: .special),
                                    .unsupportedEntry(path: "hard", kind: .hardLink), .encrypted(path: "a.jpg"), .duplicateEntry(path: "a.jpg"),
                                    .tooManyEntries(limit: 20_000), .entryTooLarge(path: "a.jpg", limit: 64 << 20), .tooLargeInTotal(limit: 1 << 30),
                                    .compressionRatioTooHigh(limit: 100), .targetExists(path: "/tmp/x"), .io("Cannot open /tmp/x: No such file or directory."),
                                    .diskFull(folder: "/tmp/x")]
        let names: [UnsafeName] = [.notUTF8, .empty, .tooLong, .absolute, .backslash, .controlCharacters, .driveLetter, .tooDeep, .climbsOut, .emptyPart, .partTooLong]
        messages += zips.map(\.wording) + names.map { ArchiveError.unsafePath(path: "x", reason: $0).wording }
        for error in zips + names.map({ ArchiveError.unsafePath(path: "x", reason: $0) }) { #expect(error.wording.english == error.description) }

        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        let german = DisplayFormat(words: Localization.bundled.localizer(for: try #require(Localization.bundled.language(named: "de"))))
        /// The template's words, sentence by sentence.
        func template(_ message: Message) -> String {
            message.sentences.isEmpty ? english.catalogueText(message) : message.sentences.map(template).joined(separator: " ")
        }
        for message in messages {
            #expect(template(message) == message.english, "\(message.key ?? message.english)")
            #expect(message.key == nil || german.text(message) != message.english, "\(message.key ?? message.english)")
        }
        #expect(german.text(HomeboxBackup.attachment(kind: "receipt", title: "Bill", of: "Drill")) == "Der Beleg „Bill“ von „Drill“")
    }
}
