@testable import App
import Backup
import Foundation
import HTTPTestClient
import Inventory
import Localization
import Reminders
import Testing

/// The reminders' pages (the list of what is due, the unsubscribe page, the account page's e-mail
/// section), a place's page with its box move and walk-throughs, the home page's Due soon and
/// backup notices, and their refusals, in the reader's language: in the pseudo-locale no word that
/// did not come from the catalogue, German and Arabic with `lang` and `dir`, US English as it was.
@Suite struct ReminderPageLanguageTests {
    /// The keys of this part's words.
    static let prefixes = ["reminders.", "place.page.", "place.edit.", "walkthrough.", "backup.", "suggest.", "error.place.", "mail.family.",
                           "mail.reminder.", "item.list.places", "item.field.", "item.place-picker.", "item.detail.save", "item.detail.check-fields",
                           "label.print."]
    /// Not the page's words: what the pseudo-locale writes as US English does (days, times) and the brand.
    static let notWords: Set = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "AM", "PM", "Homepwner",
                                "Avery", "L7160", "L7163", "A4"]

    static func unaccented(_ page: String, typed: Set<String> = []) -> [String] {
        AccountPageLanguageTests.unaccentedWords(page, typed: typed.union(notWords))
    }

    static func englishLeftOver(_ page: String, _ tag: String) throws -> [String] {
        try DetailPageLanguageTests.englishLeftOver(inContent: LibraryPageLanguageTests.ownContent(of: page), in: LanguageTag(tag)!, prefixes: prefixes)
    }

    static func words(_ tag: String) -> Localizer { Localization.bundled.localizer(for: LanguageTag(tag)!) }

    /// A day as the pages of `tag` write one: `Mar 14, 2026`, `14. März 2026`.
    static func day(_ day: CalendarDate, _ tag: String) -> String { DisplayFormat(words: words(tag)).day(day) }

    // MARK: Reminders

    /// An owner with warranties ending soon (items named in Greek, so that none is taken for the page's words).
    static func remindersApp() throws -> (SecuredApp, SecuritySession) {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        let today = CalendarDate(Date())
        for (day, name) in [(3, "Τηλεόραση"), (9, "Ψυγείο")] {
            #expect(try owner.json("POST", "/api/v1/items", ["name": name, "warrantyExpires": today.adding(days: day).iso]).status == 201)
        }
        return (app, owner)
    }

    static func get(_ session: SecuritySession, _ path: String) throws -> String {
        let answer = try session.send("GET", path, headers: ["Accept": "text/html"])
        #expect(answer.status == 200, "\(path): \(answer.status)")
        return answer.text
    }

    @Test func theRemindersPageIsInThePagesLanguage() throws {
        let (app, owner) = try Self.remindersApp()
        defer { withExtendedLifetime(app) {} }
        let english = try Self.get(owner, "/reminders")
        #expect(english.contains("<title>Reminders — Homepwner</title>") && english.contains(">Warranties ending (2)<"))
        #expect(english.contains(">The warranty of Τηλεόραση ends on ") && english.contains(">In 3 days<"))
        // The warranty ends 3 days from now, written as each language writes a day.
        let ends = CalendarDate(Date()).adding(days: 3)
        #expect(english.contains(">The warranty of Τηλεόραση ends on \(ends.english)<") && !english.contains(ends.iso))

        let pseudo = try Self.get(owner, "/reminders?lang=en-XA")
        #expect(pseudo.contains(#"<html lang="en-XA" dir="ltr">"#))
        #expect(Self.unaccented(pseudo, typed: ["Τηλεόραση", "Ψυγείο"]) == [])

        let german = try Self.get(owner, "/reminders?lang=de")
        #expect(german.contains(#"<html lang="de" dir="ltr">"#) && german.contains("<title>Erinnerungen — Homepwner</title>"))
        #expect(german.contains(">Ablaufende Garantien (2)<") && german.contains(">Die Garantie für Τηλεόραση endet am ") && german.contains(">In 3 Tagen<"))
        #expect(german.contains(">Die Garantie für Τηλεόραση endet am \(Self.day(ends, "de"))<") && !german.contains(ends.iso))
        #expect(try Self.englishLeftOver(german, "de") == [])

        let arabic = try Self.get(owner, "/reminders?lang=ar")
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#) && arabic.contains(">الضمانات المنتهية (٢)<") && arabic.contains(">خلال ٣ أيام<"))
        #expect(arabic.contains(">ينتهي ضمان Τηλεόραση في \(Self.day(ends, "ar"))<") && !arabic.contains(ends.iso))
        #expect(try Self.englishLeftOver(arabic, "ar") == [])
    }

    @Test func withNothingDueTheRemindersPageSaysSoInTheLanguage() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        #expect(try Self.get(owner, "/reminders").contains("Nothing is due. Warranties ending, replacement costs to look up again"))
        #expect(try Self.get(owner, "/reminders?lang=fr").contains("Rien n’est à échéance."))
        #expect(Self.unaccented(try Self.get(owner, "/reminders?lang=en-XA")) == [])
    }

    /// The home page's card, in the words it is given: the first five, then how many in all.
    @Test func dueSoonSaysWhenInTheLanguageAndCountsTheRest() throws {
        let today = CalendarDate(iso: "2026-12-01")!
        let reminders = (0..<7).map { day in
            Reminder(kind: .warrantyEnding, subject: .item(Int64(day + 1)), due: today.adding(days: day - 2), until: nil,
                     title: "The warranty of Lamp \(day) ends on Jan 1, 2027", detail: "",
                     fix: .item(Int64(day + 1), field: "warrantyExpires"),
                     wording: ReminderWording("warranty-ending", ["item": .text("Lamp \(day)"), "date": .day(CalendarDate(iso: "2027-01-01")!)]))
        }
        let english = DueSoonCard(reminders, today: today).node.rendered
        #expect(english.contains(">Due soon<") && english.contains(">Due for 2 days<") && english.contains(">Due since yesterday<")
                && english.contains(">Due today<") && english.contains(">Tomorrow<") && english.contains(">In 2 days<"))
        #expect(english.contains(">The warranty of Lamp 0 ends on Jan 1, 2027<") && english.contains(">See all 7<"))
        let german = DueSoonCard(reminders, today: today, words: Self.words("de")).node.rendered
        #expect(german.contains(">Bald fällig<") && german.contains(">Seit 2 Tagen fällig<") && german.contains(">Seit gestern fällig<")
                && german.contains(">Heute fällig<") && german.contains(">Morgen<") && german.contains(">In 2 Tagen<"))
        #expect(german.contains(">Die Garantie für Lamp 0 endet am 1. Jan. 2027<") && german.contains(">Alle 7 ansehen<"))
        let french = DueSoonCard(reminders, today: today, words: Self.words("fr")).node.rendered
        #expect(french.contains(">La garantie de Lamp 0 se termine le 1 janv. 2027<"), "\(french)")
        let arabic = DueSoonCard(reminders, today: today, words: Self.words("ar")).node.rendered
        #expect(arabic.contains(">ينتهي ضمان Lamp 0 في ١ يناير ٢٠٢٧<"), "\(arabic)")
        for card in [english, german, french, arabic] { #expect(!card.contains("2027-01-01")) }
        let pseudo = DueSoonCard(reminders, today: today, words: Self.words("en-XA")).node.rendered
        #expect(Self.unaccented("<main>\(pseudo)</main>", typed: ["Lamp"]) == [])
    }

    @Test func theUnsubscribePageIsInTheAccountsLanguage() throws {
        let (app, owner) = try Self.remindersApp()
        #expect(try owner.json("PATCH", "/api/v1/account", ["language": "de"]).status == 200)
        let olivia = try #require(try app.app.accounts.account(named: "olivia"))
        let key = try app.app.accounts.unsubscribeKey(for: olivia.id)
        // Without signing in, and whatever the browser asks: the e-mail came in the account's language.
        let asked = try app.client.get("/unsubscribe/\(key)/warranty", headers: ["Accept": "text/html", "Accept-Language": "fr"]).text
        #expect(asked.contains(#"<html lang="de" dir="ltr">"#) && asked.contains(">Erinnerungs-E-Mails<"))
        #expect(asked.contains("Keine E-Mails mehr über ablaufende Garantien?") && asked.contains(">Diese E-Mails abbestellen<"))
        #expect(try Self.englishLeftOver(asked, "de") == [])
        let all = try app.client.get("/unsubscribe/\(key)/all?lang=ar", headers: ["Accept": "text/html"]).text
        #expect(all.contains(#"<html lang="ar" dir="rtl">"#) && all.contains(">كل التذكيرات<"))
        for path in ["/unsubscribe/\(key)/warranty?lang=en-XA", "/unsubscribe/\(key)/all?lang=en-XA"] {
            #expect(Self.unaccented(try app.client.get(path, headers: ["Accept": "text/html"]).text) == [], "\(path)")
        }
        let done = try app.client.send("POST", "/unsubscribe/\(key)/warranty", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                       body: Array("List-Unsubscribe=One-Click".utf8))
        #expect(done.status == 200 && done.text.contains("Sie erhalten keine E-Mails mehr über ablaufende Garantien."))
        // A US English account reads what it always read.
        #expect(try owner.json("PATCH", "/api/v1/account", ["language": "en-US"]).status == 200)
        let english = try app.client.get("/unsubscribe/\(key)/warranty", headers: ["Accept": "text/html"]).text
        #expect(english.contains("You get no more e-mails about warranties ending. Turn them on again on your account page, once signed in."))
    }

    /// A calendar asks in no language: the feed is in the account's, and changes with it.
    @Test func theCalendarFeedIsInTheAccountsLanguage() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        for name in ["Τηλεόραση", "Ψυγείο"] { #expect(try owner.json("POST", "/api/v1/items", ["name": name]).status == 201) }
        let made = try owner.json("POST", "/api/v1/account/calendar", [String: Any]())
        let url = try #require((made.json as? [String: Any])?["calendarURL"] as? String)
        let path = try #require(URL(string: url)?.path)
        let english = try app.client.send("GET", path).text
        #expect(english.contains("SUMMARY:2 items have no photo yet") && english.contains("A photo is the first thing an adjuster asks for."))
        #expect(try owner.json("PATCH", "/api/v1/account", ["language": "de"]).status == 200)
        let german = try app.client.send("GET", path, headers: ["Accept-Language": "fr"]).text
        #expect(german.contains("SUMMARY:2 Gegenstände haben noch kein Foto") && german.contains("Ein Foto ist das Erste\\, wonach ein Schadenregulierer fragt."),
                "\(german)")
    }

    /// A calendar event's words write its days as the account's language does; its DTSTART stays the
    /// machine's DATE.
    @Test func theCalendarFeedWritesDaysInTheAccountsLanguage() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        let ends = CalendarDate(Date()).adding(days: 60)
        #expect(try owner.json("POST", "/api/v1/items", ["name": "Ψυγείο", "warrantyExpires": ends.iso]).status == 201)
        let made = try owner.json("POST", "/api/v1/account/calendar", [String: Any]())
        let url = try #require((made.json as? [String: Any])?["calendarURL"] as? String)
        let path = try #require(URL(string: url)?.path)
        let start = "DTSTART;VALUE=DATE:" + ends.adding(days: -30).iso.replacingOccurrences(of: "-", with: "")
        for tag in ["en-US", "de", "fr", "ar"] {
            #expect(try owner.json("PATCH", "/api/v1/account", ["language": tag]).status == 200)
            let feed = try app.client.send("GET", path).text.replacingOccurrences(of: "\r\n ", with: "")
            let title = Self.words(tag).text("mail.reminder.warranty-ending.title", ["item": "Ψυγείο", "date": .text(Self.day(ends, tag))])
            #expect(feed.contains("SUMMARY:" + CalendarFeed.escaped(title) + "\r\n") && feed.contains(start + "\r\n"), "\(tag): \(feed)")
            let sentences = feed.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") || $0.hasPrefix("DESCRIPTION:") }
            #expect(sentences.count >= 4 && sentences.allSatisfy { $0.firstMatch(of: /\d{4}-\d\d-\d\d/) == nil }, "\(tag): \(sentences)")
        }
    }

    @Test func theReminderSettingsAreRefusedInTheCallersLanguage() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        let english = try owner.json("PATCH", "/api/v1/account", ["reminderDigest": "funday", "reminderMail": ["bills": true]])
        #expect(english.status == 422 && english.text.contains("reminderDigest “funday” is not a day of the week. Give one in lower-case English (monday,"))
        #expect(english.text.contains("reminderMail has no kind of reminder “bills”. The kinds are: warranty, "), "\(english.text)")
        // Each refusal is a message the account's language writes (the API's answer writes them as the Accounts feature does).
        var input = AccountInput(), problems: [FieldError] = []
        AccountInput.schema.read(json: ["reminderDigest": .string("funday"), "reminderMail": .object(["warranty": .string("yes"), "bills": .bool(true)])],
                                 into: &input, context: InputContext(), problems: &problems)
        let german = problems.map { DisplayFormat(words: Self.words("de")).text($0.wording) }
        #expect(german.contains { $0.hasPrefix("reminderDigest „funday“ ist kein Wochentag.") } && german.contains { $0.hasPrefix("reminderMail.warranty muss true oder false sein, nicht ") }
                && german.contains { $0.hasPrefix("reminderMail kennt keine Erinnerungsart „bills“.") }, "\(german)")
        let template = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        #expect(problems.count == 3 && problems.allSatisfy { template.catalogueText($0.wording) == $0.message })
        #expect(try owner.json("PATCH", "/api/v1/account", ["language": "de"]).status == 200)
        let form = try owner.form("/account/reminder-mail", [("when", "weekly"), ("weekday", "funday")])
        #expect(form.status == 400 && form.text.contains("weekday muss ein Wochentag in Kleinbuchstaben sein, etwa monday."), "\(form.status) \(form.text)")
    }

    /// The account page's section is the Reminders feature's: given the page's words, every one of its own is translated.
    @Test func theReminderEmailSectionIsInTheWordsItIsGiven() throws {
        func section(_ tag: String, refused: Bool = false) -> String {
            let section = ReminderMailSection(email: "vera@example.com", sends: false, off: ["photo-missing"], digest: .friday, saved: true,
                                              emailRefused: refused, csrfToken: "t", words: Self.words(tag))
            return "<main>" + section.node.rendered + "</main>"
        }
        let english = section("en-US", refused: true)
        #expect(english.contains(">Reminders by e-mail<") && english.contains("(homepwner serve --smtp-url)") && english.contains(">Friday</option>"))
        #expect(english.contains(ReminderMailSection.emailRefusal.english) && english.contains(">Items without a photo<"))
        let german = section("de", refused: true)
        #expect(german.contains(">Erinnerungen per E-Mail<") && german.contains(">Freitag</option>") && german.contains(">Gegenstände ohne Foto<"))
        #expect(german.contains("Das ist keine E-Mail-Adresse") && german.contains(">Einmal pro Woche, am<"))
        #expect(try Self.englishLeftOver(german, "de") == [])
        let pseudo = section("en-XA", refused: true).replacing(/<code[^>]*>[^<]*<\/code>/, with: "")
            .replacing("homepwner serve --smtp-url", with: "").replacing("name@example.com", with: "")
        #expect(Self.unaccented(pseudo, typed: ["vera", "example", "com"]) == [])
    }

    // MARK: Places

    @Test func aPlacesPageItsBoxMoveAndWalkthroughsAreInThePagesLanguage() throws {
        let app = try TestApp()
        let house = try WalkthroughAPITests.place(app, "Σπίτι")
        let box = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Κουτί", "isBox": true, "parentId": house]).json
                                    as? [String: Any])?.int("id"))
        let uploaded = try WalkthroughAPITests.upload(app, to: house, try WalkthroughAPITests.bytes(WalkthroughAPITests.walk))
        let walkthrough = try #require((uploaded.json as? [String: Any])?.int("id"), "\(uploaded.text)")
        _ = try WalkthroughAPITests.settled(app, walkthrough)

        func get(_ path: String) throws -> String {
            let answer = try app.client.get(path, headers: ["Accept": "text/html"])
            #expect(answer.status == 200, "\(path): \(answer.status)")
            return answer.text
        }
        let english = try get("/locations/\(house)")
        #expect(english.contains(">Walk-throughs<") && english.contains(">Walk This Room<") && english.contains(">Drafts (0)<")
                && english.contains(">Holds 0 items.<") && english.contains(">Delete Place<") && english.contains("alt=\"Frame at 0:"))
        let moved = try get("/locations/\(box)?moved=1")
        #expect(moved.contains(">Move this box<") && moved.contains("moved to Σπίτι, with everything inside.<"))

        for path in ["/locations/\(house)?lang=en-XA", "/locations/\(box)?moved=1&lang=en-XA"] {
            let page = try get(path)
            #expect(page.contains(#"<html lang="en-XA" dir="ltr">"#))
            let dateless = page.replacing(/<time[^>]*>[^<]*<\/time>/, with: "")
            #expect(Self.unaccented(dateless, typed: ["Σπίτι", "Κουτί"]) == [], "\(path)")
        }
        let german = try get("/locations/\(house)?lang=de")
        #expect(german.contains(#"<html lang="de" dir="ltr">"#) && german.contains(">Rundgänge<") && german.contains(">Raum ablaufen<")
                && german.contains(">Enthält 0 Gegenstände.<") && german.contains(">Ort löschen<") && german.contains("alt=\"Einzelbild bei 0:"))
        #expect(try Self.englishLeftOver(german, "de") == [])
        let germanBox = try get("/locations/\(box)?moved=1&lang=de")
        #expect(germanBox.contains(">Diese Kiste verschieben<") && germanBox.contains("mit ihrem gesamten Inhalt nach Σπίτι verschoben.<"))
        #expect(try Self.englishLeftOver(germanBox, "de") == [])
        let arabic = try get("/locations/\(house)?lang=ar")
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#) && arabic.contains(">الجولات المصوّرة<"))
        #expect(try Self.englishLeftOver(arabic, "ar") == [])
    }

    @Test func aBoxMovedIntoItselfIsRefusedInThePagesLanguage() throws {
        let app = try TestApp()
        let box = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Box", "isBox": true]).json as? [String: Any])?.int("id"))
        let inner = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Bag", "parentId": box]).json as? [String: Any])?.int("id"))
        let html = ["Accept": "text/html"]
        let english = try app.client.pageForm("/locations/\(box)/move", [("parentId", String(inner))], headers: html)
        #expect(english.status == 422 && english.text.contains("The box was not moved: see below."), "\(english.status)")
        let french = try app.client.pageForm("/locations/\(box)/move?lang=fr", [("parentId", String(inner))], headers: html)
        #expect(french.status == 422 && french.text.contains(#"<html lang="fr" dir="ltr">"#))
        #expect(french.text.contains("Le carton n’a pas été déplacé\u{202F}: voir ci-dessous.") && french.text.contains(">Déplacer le carton<"))
        #expect(HTMLInspection.unescape(french.text).contains("«\u{202F}Box\u{202F}» ne peut pas aller dans «\u{202F}Box / Bag\u{202F}»\u{202F}: ce lieu est à l’intérieur."),
                "\(french.text)")
    }

    @Test func thePlacesRulesAreRefusedInTheCallersLanguage() throws {
        let app = try TestApp()
        let house = try WalkthroughAPITests.place(app, "Haus")
        let room = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Küche", "parentId": house]).json as? [String: Any])?.int("id"))
        let english = try app.client.json("PATCH", "/api/v1/locations/\(house)", ["parentId": room])
        #expect(english.status == 422 && english.text.contains("“Haus” can’t go inside “Haus / Küche”: that is inside it. Choose a location outside it."))
        let german = try app.client.send("PATCH", "/api/v1/locations/\(house)", headers: ["Content-Type": "application/json", "Accept-Language": "de"],
                                         body: Array(#"{"parentId": \#(room)}"#.utf8))
        #expect(german.status == 422 && german.text.contains("„Haus“ kann nicht in „Haus / Küche“ liegen"), "\(german.text)")
        let unknown = try app.client.send("GET", "/api/v1/locations/banana", headers: ["Accept-Language": "es"])
        #expect(unknown.status == 404 && unknown.text.contains("No hay ningún lugar «banana»."), "\(unknown.text)")
        let walkthrough = try app.client.send("GET", "/api/v1/walkthroughs/banana", headers: ["Accept-Language": "it"])
        #expect(walkthrough.status == 404 && walkthrough.text.contains("Non esiste il video «banana»."), "\(walkthrough.text)")
        let item = try app.createItem("Lampe")
        let suggestion = try app.client.send("POST", "/api/v1/items/\(item.id)/suggestions/dismissals",
                                             headers: ["Content-Type": "application/json", "Accept-Language": "nl"], body: Array("{}".utf8))
        #expect(suggestion.text.contains("Zeg welke suggestie u wilt negeren: stuur {\\\"field\\\""), "\(suggestion.status) \(suggestion.text)")
    }

    // MARK: Backups

    @Test func theBackupNoticeIsInTheWordsItIsGiven() throws {
        let folder = try TestDataFolder()
        let statusFile = BackupStatusFile(path: folder.url.appendingPathComponent("backup-status.json").path)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let verified = BackupStatus.Attempt(startedAt: now.addingTimeInterval(-3 * 86_400 - 60), finishedAt: now.addingTimeInterval(-3 * 86_400),
                                            backup: "b", verified: true, problem: nil, offsiteSnapshot: nil)
        try statusFile.record(verified)
        let schedule = BackupSchedule(directory: URL(fileURLWithPath: "/srv/backups"), interval: 5_400)
        let notices = BackupNotices(schedule: schedule, scheduler: nil, statusFile: statusFile)

        let english = try #require(notices.model(now: now, isOwner: true))
        #expect(english.message?.title == "The last verified backup is 3 days old")
        #expect(english.message?.detail.hasPrefix("Backups should be made every 1.5 hours into /srv/backups.") == true)
        #expect(BackupStatusLine(verified: try #require(english.lastVerified)).node.rendered.hasPrefix("<p class=\"backup-status\" id=\"backup-status\">Last verified backup: 3 days ago (<time"))

        let german = try #require(notices.model(now: now, isOwner: true, words: Self.words("de")))
        #expect(german.message?.title == "Die letzte geprüfte Sicherung ist 3 Tage alt")
        #expect(german.message?.detail.hasPrefix("Sicherungen sollten alle 1,5 Stunden in /srv/backups erstellt werden.") == true, "\(german.message?.detail ?? "")")
        let line = BackupStatusLine(verified: try #require(german.lastVerified)).node.rendered
        #expect(line.contains(">Letzte geprüfte Sicherung: vor 3 Tagen (<time"), "\(line)")

        let arabic = try #require(notices.model(now: now, isOwner: true, words: Self.words("ar")))
        #expect(arabic.message?.title == "آخر نسخة احتياطية موثّقة عمرها ٣ أيام")

        let none = BackupNotices(schedule: nil, scheduler: nil, statusFile: BackupStatusFile(path: folder.url.appendingPathComponent("none.json").path))
        let pseudo = try #require(none.model(now: now, isOwner: true, words: Self.words("en-XA"))?.message)
        let shown = "<main><p>\(pseudo.title)</p><p>\(pseudo.detail)</p></main>"
            .replacing("--backup-to", with: "").replacing("--offsite restic:REPO", with: "").replacing("homepwner backup --to DIR", with: "")
        #expect(Self.unaccented(shown) == [])
    }

    // MARK: Days

    /// Every reminder the schedule words names its days as the reader's pages write a day (issue 31):
    /// `Mar 14, 2026`, `14. März 2026`, `١٤ مارس ٢٠٢٦`, never the ISO `2026-03-14` in a sentence.
    @Test func everyRemindersDaysAreWrittenTheReadersWayNeverAsISO() throws {
        let day = CalendarDate(iso: "2026-03-14")!
        let facts = ReminderFacts(
            items: [ReminderFacts.ItemFacts(id: 1, name: "Radio", added: day, hasPhoto: false, warrantyExpires: day.adding(days: 30), replacementCostDate: day),
                    ReminderFacts.ItemFacts(id: 2, name: "Painting", added: day, replacementCostDate: day, value: 90_000, valueText: "$900.00")],
            places: [ReminderFacts.PlaceFacts(id: 4, name: "Hall", lastWalkedThrough: day)],
            backup: ReminderFacts.BackupFacts(lastVerifiedAt: day.startInUTC, interval: 86_400),
            policyPeriodEnd: day.adding(days: 60),
            claims: [ReminderFacts.ClaimFacts(id: 5, name: "Fire", opened: day, proofOfLossDue: day.adding(days: 60), unpaidLines: 0, unpaidText: "")])
        let reminders = ReminderSchedule(facts).occasions(dueFrom: CalendarDate(iso: "2000-01-01")!, through: CalendarDate(iso: "2100-01-01")!)
        let dated = reminders.filter { $0.wording?.arguments.values.contains { if case .day = $0 { true } else { false } } == true }
        #expect(Set(dated.map(\.kind)) == [.warrantyEnding, .replacementCostStale, .photoMissing, .walkthroughDue, .policyRenewal, .backupOverdue, .proofOfLoss])
        for tag in ["en-US", "en-GB", "de"] + CataloguedWording.others {
            let words = Self.words(tag)
            for reminder in dated {
                let wording = try #require(reminder.wording)
                let said = words.title(of: reminder) + " " + words.detail(of: reminder)
                #expect(said.firstMatch(of: /\d{4}-\d\d-\d\d/) == nil, "\(tag): \(said)")
                for case .day(let year, let month, let dayOfMonth) in wording.arguments.values {
                    let written = Self.day(CalendarDate(iso: String(format: "%04d-%02d-%02d", year, month, dayOfMonth))!, tag)
                    #expect(said.contains(written), "\(tag): \(said) has no “\(written)”")
                }
            }
        }
        let walkthrough = try #require(dated.first { $0.kind == .walkthroughDue })
        #expect(walkthrough.detail.hasPrefix("Hall was last walked through on Mar 14, 2026. "))
        #expect(Self.words("de").detail(of: walkthrough).hasPrefix("Hall wurde zuletzt am 14. März 2026 abgefilmt."))
        #expect(Self.words("fr").detail(of: walkthrough).hasPrefix("Hall a été filmé pour la dernière fois le 14 mars 2026."))
        #expect(Self.words("ar").detail(of: walkthrough).hasPrefix("آخر جولة مصوّرة في Hall كانت في ١٤ مارس ٢٠٢٦."))
    }

    // MARK: US English

    /// Every message this part names in the code is in the template, which writes what the code writes.
    @Test func theTemplateWritesTheEnglishTheCodeWrites() throws {
        let english = DisplayFormat(words: Localization.bundled.localizer(for: .template))
        var messages = [BoxWording.chooseDestination.wording, ReminderMailSection.emailRefusal]
        let app = try TestApp()
        let house = try WalkthroughAPITests.place(app, "House")
        let room = try #require((try app.client.json("POST", "/api/v1/locations", ["name": "Room", "parentId": house]).json as? [String: Any])?.int("id"))
        do {
            _ = try app.app.items.updateLocation(id: Location.ID(Int64(house)), LocationInput(parentID: .some(Location.ID(Int64(room)))))
        } catch InventoryError.invalid(let error) { messages += error.errors.map(\.wording) }
        #expect(messages.count == 3)
        for message in messages {
            #expect(message.key != nil, "\(message.english)")
            #expect(english.catalogueText(message) == message.english)
        }
    }
}
