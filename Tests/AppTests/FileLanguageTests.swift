import Archive
import Clocks
import Foundation
import HTTPTestClient
import Inventory
import Localization
import Backup
import Reminders
import MailTestServer
import Testing
@testable import App

/// Files in the reader's language: the inventory's Homebox CSV in the page's (and read back whatever
/// language it was written in), the claim's schedule CSV and XLSX in the claim's.
@Suite struct FileLanguageTests {
    // MARK: The inventory's Homebox CSV

    @Test func aGermanHomeboxCSVSpeaksGermanAndComesBackWithEveryValue() throws {
        let source = try ExportTests.ExportApp(demo: true)
        let extra = try source.client.json("POST", "/api/v1/items", [
            "name": "Lautsprecher", "barcode": "0123456789012", "purchaseDate": "about 5 years ago", "quantity": 2.5, "quantityUnit": "gal",
            "businessUse": true, "condition": "fair", "scheduled": true, "riderAmount": "250", "replacementCost": "1499.99",
            "replacementCostSource": "https://example.com/speaker", "customFields": ["Zustand": "eigenes Feld", "Condition": "own", "Farbe": "Rot"],
            "disposed": ["kind": "givenAway", "date": "2024-05-01", "notes": "an Ana"],
        ] as [String: Any])
        #expect(extra.status == 201, "\(extra.text)")
        try source.client.json("POST", "/api/v1/items", ["name": "Lose Schrauben", "condition": "broken"] as [String: Any]).expect(201)
        let csv = try source.get("/api/v1/export?format=homebox-csv&lang=de").body

        let table = CSV.parse(String(decoding: csv, as: UTF8.self))
        let header = try #require(table.first)
        #expect(header.contains("HB.name") && header.contains("HB.location"), "Homebox's own columns are its file format, in every language")
        for german in ["HB.field.Neuwert", "HB.field.Zustand", "HB.field.Einzeln versichert", "HB.field.Gesonderte Versicherungssumme",
                       "HB.field.Währung", "HB.field.Nicht mehr im Besitz", "HB.field.Zustand (eigenes)", "HB.field.Condition (eigenes)"] {
            #expect(header.contains(german), "\(german) in \(header)")
        }
        #expect(!header.contains("HB.field.Replacement cost"))
        func row(_ name: String) throws -> [String: String] {
            let cells = try #require(table.dropFirst().first { $0[5] == name }, "no row for \(name)")
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
        let speaker = try row("Lautsprecher"), screws = try row("Lose Schrauben")
        #expect(speaker["HB.field.Zustand"] == "Gebraucht" && speaker["HB.field.Einzeln versichert"] == "Ja" && speaker["HB.field.Beruflich genutzt"] == "Ja")
        #expect(speaker["HB.field.Nicht mehr im Besitz"] == "Verschenkt" && speaker["HB.field.Zustand (eigenes)"] == "eigenes Feld")
        #expect(screws["HB.location"] == "Ohne Ort" && screws["HB.field.Zustand"] == "Defekt")
        // Amounts and quantities stay as Homebox (and every spreadsheet's import) reads them.
        #expect(speaker["HB.field.Neuwert"] == "1499.99" && speaker["HB.quantity"] == "2.5" && speaker["HB.archived"] == "true")

        let before = try HomeboxRoundTripTests.items(source)
        let target = try ExportTests.ExportApp(demo: false)
        // Imported by someone reading French: the file's German is known all the same.
        let imported = try target.client.send("POST", "/api/v1/import", headers: ["Content-Type": "text/csv", "Accept-Language": "fr"], body: csv)
        #expect(imported.status == 200, "\(imported.text.prefix(600))")
        let after = try HomeboxRoundTripTests.items(target)
        #expect(Set(after.keys) == Set(before.keys))
        for (name, fields) in before {
            for (key, value) in fields where after[name]?[key] != value {
                Issue.record("\(name): \(key) was \(value), came back \(after[name]?[key] ?? "missing")")
            }
        }
    }

    @Test func everyLanguagesCSVWordsNameOneThingEach() {
        let vocabulary = HomeboxCSVVocabulary.shipped
        #expect(vocabulary.languages.count == Localization.bundled.languages.count)
        var fields: [String: HomepwnerField] = [:], conditions: [String: ItemCondition] = [:], disposals: [String: DisposalKind] = [:]
        for words in vocabulary.languages {
            for (field, name) in words.fieldNames {
                let known = fields.updateValue(field, forKey: name.lowercased())
                #expect(known == nil || known == field, "“\(name)” names \(field) and \(known!)")
            }
            for (condition, name) in words.conditions {
                let known = conditions.updateValue(condition, forKey: name.lowercased())
                #expect(known == nil || known == condition, "“\(name)” is \(condition) and \(known!)")
            }
            for (kind, name) in words.disposals {
                let known = disposals.updateValue(kind, forKey: name.lowercased())
                #expect(known == nil || known == kind, "“\(name)” is \(kind) and \(known!)")
            }
            #expect(words.customSuffix.hasPrefix(" ("), "the suffix keeps its space: \(words.customSuffix)")
        }
        let german = HomeboxCSVWords(Localization.bundled.localizer(for: LanguageTag("de")!))
        #expect(german.fieldNames[.replacementCost] == "Neuwert" && german.noLocation == "Ohne Ort")
    }

    // MARK: The claim's schedule

    @Test func aFrenchClaimsScheduleCSVAndWorkbookAreInFrench() throws {
        let app = try TestApp()
        let client = app.client
        func id(_ response: TestResponse) throws -> Int { try #require((response.json as? [String: Any])?["id"] as? Int, "\(response.text)") }
        let kitchen = try id(try client.json("POST", "/api/v1/locations", ["name": "Cuisine"]))
        let knife = try id(try client.json("POST", "/api/v1/items", [
            "name": "Couteau de chef", "locationId": kitchen, "condition": "good", "purchaseDate": "2019-09-14", "purchasePrice": "139.00",
            "replacementCost": "169.95",
        ] as [String: Any]))
        let lamp = try id(try client.json("POST", "/api/v1/items", ["name": "Lampe", "replacementCost": "80.00"] as [String: Any]))
        let claim = try id(try client.json("POST", "/api/v1/claims", [
            "name": "Incendie", "lossDate": "2026-03-14", "salesTaxRate": "20", "language": "fr", "items": [["itemId": knife], ["itemId": lamp]],
        ] as [String: Any]))

        let csv = try client.get("/api/v1/claims/\(claim)/schedule.csv")
        #expect(csv.status == 200)
        let rows = ClaimScheduleExportTests.rows(String(decoding: csv.body.dropFirst(3), as: UTF8.self))
        let header = try #require(rows.first)
        for french in ["Ligne", "Pièce", "État", "Valeur à neuf unitaire hors taxe (USD)", "Taxe à 20 % (USD)", "Vétusté %",
                       "Valeur d’usage de la ligne (USD)", "Usage professionnel"] {
            #expect(header.contains(french), "\(french) in \(header)")
        }
        #expect(!header.contains("Room") && !header.contains("Condition"))
        let knifeRow = Dictionary(uniqueKeysWithValues: zip(header, try #require(rows.first { $0.contains("Couteau de chef") })))
        #expect(knifeRow["État"] == "Bon" && knifeRow["Usage professionnel"] == "Non")
        #expect(knifeRow["Valeur à neuf unitaire hors taxe (USD)"] == "169.95", "a figure stays a plain decimal, as any spreadsheet imports it")
        // A carrier's layout is the English its software reads.
        let carrier = ClaimScheduleExportTests.rows(String(decoding: try client.get("/api/v1/claims/\(claim)/schedule.csv?profile=claimxperience").body.dropFirst(3), as: UTF8.self))
        #expect(carrier.first?.first == "Item description")
        // ?lang= asks for another language for this download only.
        let german = ClaimScheduleExportTests.rows(String(decoding: try client.get("/api/v1/claims/\(claim)/schedule.csv?lang=de").body.dropFirst(3), as: UTF8.self))
        #expect(german.first?.contains("Zeitwert der Position (USD)") == true)

        let workbook = try client.get("/api/v1/claims/\(claim)/schedule.xlsx")
        #expect(workbook.status == 200)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-fr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(workbook.body).write(to: folder.appendingPathComponent("schedule.xlsx"))
        let unpacked = folder.appendingPathComponent("unpacked").path
        _ = try ZipReader.extract(zipAt: folder.appendingPathComponent("schedule.xlsx").path, into: unpacked, limits: .inventory)
        let book = try String(contentsOfFile: unpacked + "/xl/workbook.xml", encoding: .utf8)
        #expect(book.contains("name=\"État des pertes\"") && book.contains("name=\"Totaux\""), "\(book)")
        let schedule = try ClaimScheduleExportTests.cells(unpacked + "/xl/worksheets/sheet1.xml")
        #expect(schedule.rows[0] == header, "the workbook's header is the CSV's")
        let totals = try ClaimScheduleExportTests.cells(unpacked + "/xl/worksheets/sheet2.xml")
        #expect(totals.rows[0].first == "Pièce" && totals.rows[0].contains("Valeur d’usage (USD)"))
        #expect(totals.rows.last?.first == "Sinistre entier" && totals.rows.contains { $0.first == "Sans pièce" })
    }
}

/// The backup's `index.html` in the household's language: the first owner's choice (an editor's is
/// that reader's own), US English while no owner has chosen one.
@Suite struct BackupIndexLanguageTests {
    private static func index(of app: SecuredApp) throws -> String {
        let folder = DataFolder(app.folder)
        let backups = try TestDataFolder()
        let database = try folder.openDatabase()
        let outcome = try BackupJob(source: folder.backupSource(database), store: BackupStore(path: backups.url.path),
                                    indexWords: folder.backupIndexWords(database)).run()
        let backup = try #require(outcome.report?.backup.path, "\(outcome.problem ?? "")")
        return try String(contentsOfFile: "\(backup)/index.html", encoding: .utf8)
    }

    @Test func theBackupsIndexIsInTheOwnersLanguage() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("noah", .editor)])
        let olivia = try app.signIn("olivia"), noah = try app.signIn("noah")
        let added = try olivia.json("POST", "/api/v1/items", [
            "name": "Espressomaschine", "condition": "good", "replacementCost": "1299.00", "brand": "Gaggia", "scheduled": true,
        ] as [String: Any])
        #expect(added.status == 201, "\(added.text)")
        #expect(try noah.json("PATCH", "/api/v1/account", ["language": "fr"]).status == 200)
        let english = try Self.index(of: app)
        #expect(english.contains(#"<html lang="en-US" dir="ltr">"#) && english.contains("<h1>Home inventory</h1>"), "an editor's language is not the household's")

        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "de"]).status == 200)
        // ICU keeps an amount and its currency together with a no-break space.
        let german = try Self.index(of: app).replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        for words in ["<h1>Hausratsinventar</h1>", "Eine Sicherung, die Homepwner am", "<dt>Neuwert</dt>", "<dd>Gut</dd>", "<dt>Zustand</dt>",
                      "1 Gegenstand in 1 Ort", "In keinem Raum", "1.299,00 $ insgesamt", "<dt>Einzeln versichert</dt>", "Kopie der Datenbank</a> (SQLite)"] {
            #expect(german.contains(words), "\(words)")
        }
        for english in ["Home inventory", "Replacement cost", "Not in a room", "in all", "Condition"] {
            #expect(!german.contains(english), "“\(english)” is left in English")
        }

        #expect(try olivia.json("PATCH", "/api/v1/account", ["language": "ar"]).status == 200)
        let arabic = try Self.index(of: app)
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#) && arabic.contains("جرد المنزل"))
    }

    /// In the pseudo-locale every word of the page comes from the catalogue: none of the US English is left.
    @Test func everyWordOfTheIndexIsFromTheCatalogue() throws {
        let words = BackupIndexWords(Localization.bundled.localizer(for: .pseudo))
        for (key, english) in BackupIndexWords.english where !english.hasPrefix("{") {
            #expect(words[key] != english, "\(key) is not from the catalogue")
        }
        for noun in BackupIndexWords.countedNouns.keys {
            #expect(words.count(noun, 2) != BackupIndexWords.englishCount(noun, 2), "\(noun)")
        }
    }
}

/// Reminder e-mails in the recipient account's language: subject, body, plurals, `lang`; US English
/// for an account that chose none.
@Suite struct ReminderMailLanguageTests {
    @Test func anAccountSetToFrenchGetsItsRemindersInFrench() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(ReminderMailTests.start)
        let app = try ReminderMailTests.app(folder: folder, clock: clock, server: server.url)
        defer { app.shutdown() }
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        try app.accounts.setLanguage("fr", of: olivia.id)
        let ends = clock.today.adding(days: 100)
        let tv = try ReminderMailTests.item("Télévision", warrantyEnds: ends, in: app, clock: clock)
        _ = try ReminderMailTests.item("Canapé", in: app, clock: clock)
        let mailer = try #require(app.reminderMailer)
        for _ in 0..<80 {
            mailer.pass()
            clock.advance(by: 86_400)
        }
        let mails = try server.messages()
        let warranty = try #require(mails.first { $0.headers["Message-ID"]?.contains("warranty-ending") == true })
        #expect(warranty.headers["Subject"] == "La garantie de Télévision se termine le 11 avr. 2027")
        let text = try #require(warranty.text), html = try #require(warranty.html)
        #expect(text.contains("Tout défaut est encore couvert jusque-là : vérifiez-le maintenant."))
        #expect(text.contains("Régler ça : https://home.example/items/\(tv.id.rawValue)#item-warrantyExpires"))
        #expect(text.contains("Homepwner envoie chaque rappel une seule fois. Plus d’e-mails sur les garanties qui se terminent : https://home.example/unsubscribe/"))
        #expect(html.contains(#"<html lang="fr" dir="ltr">"#) && html.contains(">Régler ça</a>") && html.contains(">votre page de compte</a>."))
        for english in ["Put it right", "The warranty", "Homepwner e-mails", "account page"] {
            #expect(!text.contains(english) && !html.contains(english), "“\(english)” is left in English")
        }
        let photos = try #require(mails.first { $0.headers["Message-ID"]?.contains("photo-missing") == true })
        #expect(photos.headers["Subject"] == "Objets sans photo : 2 rappels")
        #expect(photos.text?.contains("- Canapé n’a pas encore de photo") == true, "\(photos.text ?? "")")
    }

    @Test func everyReminderAndKindHasItsWordsInTheCatalogue() throws {
        let template = Localization.bundled.template
        for family in ReminderFamily.all {
            #expect(template.patterns["mail.family.\(family.id)"] != nil && template.patterns["mail.family.\(family.id).about"] != nil, "\(family.id)")
        }
        let english = Localization.bundled.localizer(for: .template)
        let mail = ReminderMail(reminders: [Reminder(kind: .paymentExpected, subject: .claim(7), due: CalendarDate(iso: "2027-01-01")!, until: nil,
                                                     title: "Fire: 2 lines are not fully paid", detail: "Still expected: $5.00. Record each payment on its line when it comes, or ask the insurer when it will.",
                                                     fix: .claim(7, part: "lines"),
                                                     wording: ReminderWording("payment-expected", ["claim": .text("Fire"), "amount": .text("$5.00"), "lines": .count(2)]))],
                                to: "a@example.com", from: "b@example.com", siteURL: "https://home.example", unsubscribeKey: "k")
        #expect(mail.subject == "Fire: 2 lines are not fully paid" && english.language == .template, "the catalogue's US English is the reminder's own")
    }

    /// Every reminder the schedule can make, worded from the catalogue in US English, says exactly what
    /// the reminder itself says: a wording whose key or arguments the catalogue does not have would
    /// give its key instead (a valued replacement cost once came out as its key).
    @Test func everyReminderWordedInUSEnglishIsTheRemindersOwnText() throws {
        let day = CalendarDate(iso: "2026-03-14")!
        let facts = ReminderFacts(
            items: [ReminderFacts.ItemFacts(id: 1, name: "Radio", added: day, hasPhoto: false, warrantyExpires: day.adding(days: 30), replacementCostDate: day),
                    ReminderFacts.ItemFacts(id: 2, name: "Painting", added: day, replacementCostDate: day, value: 90_000, valueText: "$900.00"),
                    ReminderFacts.ItemFacts(id: 3, name: "Drill", added: day, lifetimeWarranty: true)],
            places: [ReminderFacts.PlaceFacts(id: 4, name: "Hall", lastWalkedThrough: day)],
            backup: ReminderFacts.BackupFacts(failedAt: Date(timeIntervalSince1970: 1_773_500_000), problem: "The disk is full."),
            policyPeriodEnd: day.adding(days: 60),
            claims: [ReminderFacts.ClaimFacts(id: 5, name: "Fire", opened: day, proofOfLossDue: day.adding(days: 60), unpaidLines: 2, unpaidText: "$5.00",
                                              replacedUnpaidLines: 1, lastReplaced: day, replacedUnpaidText: "$7.00")])
        let reminders = ReminderSchedule(facts).occasions(dueFrom: CalendarDate(iso: "2000-01-01")!, through: CalendarDate(iso: "2100-01-01")!)
        #expect(Set(reminders.map(\.kind)).count >= 8, "\(Set(reminders.map(\.kind)))")
        let mail = ReminderMail(reminders: Array(reminders), to: "a@example.com", from: "b@example.com", siteURL: "https://home.example", unsubscribeKey: "k")
        for reminder in reminders where reminder.wording != nil {
            #expect(mail.wordedTitle(reminder) == reminder.title, "\(reminder.kind)")
            #expect(mail.wordedDetail(reminder) == reminder.detail, "\(reminder.kind)")
        }
    }
}

/// The Export page in the page's language; in the pseudo-locale, no word on it is left out of the catalogue.
@Suite struct ExportPageLanguageTests {
    @Test func theExportPageIsInThePagesLanguage() throws {
        let app = try ExportTests.ExportApp(demo: true)
        let german = try app.client.get("/export?lang=de", headers: ["Accept": "text/html"]).text
        #expect(german.contains(#"<html lang="de" dir="ltr">"#))
        #expect(german.contains("\(DemoContent.items.count) Gegenstände zum Exportieren.") && german.contains("Homebox-CSV herunterladen"))
        let pseudo = try app.client.get("/export?lang=en-XA", headers: ["Accept": "text/html"]).text
        #expect(pseudo.contains(#"<html lang="en-XA" dir="ltr">"#))
        let notWords: Set = ["Homepwner", "Homebox", "CSV", "zip", "v0"]
        let unaccented = DetailPageLanguageTests.shownText(of: pseudo).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
        }
        #expect(unaccented == [])
    }
}

/// The Import page in the page's language, until an outcome or an error (still US English) is on it.
@Suite struct ImportPageLanguageTests {
    @Test func theImportPageIsInThePagesLanguage() throws {
        let app = try TestApp()
        let french = try app.client.get("/import?lang=fr", headers: ["Accept": "text/html"]).text
        #expect(french.contains(#"<html lang="fr" dir="ltr">"#) && french.contains("Importer depuis Homebox") && french.contains("Aperçu"))
        let pseudo = try app.client.get("/import?lang=en-XA", headers: ["Accept": "text/html"]).text
        let notWords: Set = ["Homepwner", "Homebox", "CSV", "TSV", "zip", "GB", "MB", "v0", "Tools", "Backup", "Restore", "Start", "Download", "Items",
                             "Import", "Export", "Insured", "archived", "asset", "id", "amp"]
        let unaccented = DetailPageLanguageTests.shownText(of: pseudo).flatMap { text in
            text.matches(of: /[A-Za-z]{2,}/).map { String($0.output) }.filter { !notWords.contains($0) }.map { "\($0) in “\(text)”" }
        }
        #expect(unaccented == [])
    }
}
