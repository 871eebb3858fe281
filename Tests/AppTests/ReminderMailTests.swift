import Accounts
@testable import App
import Clocks
import Foundation
import HTTPTestClient
import Inventory
import Mail
import MailTestServer
import Reminders
import Testing

/// Reminders e-mailed by the real app through a real SMTP server (aiosmtpd), the clock injected:
/// each occasion once per account, across a server that is down and a restart; the e-mail's parts,
/// link and one-click unsubscribe.
@Suite(.serialized) struct ReminderMailTests {
    static let start = Date(timeIntervalSince1970: 1_798_790_400) // 2027-01-01 08:00 UTC

    /// An app on `folder` e-mailing through `server`, with Olivia (who has an address) and Vera (who has none).
    static func app(folder: TestDataFolder, clock: TestClock, server: String, accounts: Bool = true,
                    timeZone: TimeZone = TimeZone(identifier: "UTC")!) throws -> HomepwnerApp {
        var configuration = AppConfiguration(dataDirectory: folder.url)
        configuration.port = 0
        configuration.accessLog = false
        configuration.clock = clock
        var settings = ReminderMailSettings(server: try MailServer(url: server), from: "homepwner@home.example", siteURL: "https://home.example")
        // The background pass runs at start only: the tests call `pass()` as the clock moves.
        settings.interval = 86_400
        settings.timeZone = timeZone
        configuration.reminderMail = settings
        let app = try HomepwnerApp(configuration: configuration)
        if accounts {
            let olivia = try app.accounts.create(name: "olivia", password: SecuredApp.password, role: .owner)
            try app.accounts.setEmail("olivia@example.com", of: olivia.id)
            _ = try app.accounts.create(name: "vera", password: SecuredApp.password, role: .viewer)
        }
        return app
    }

    static func item(_ name: String, warrantyEnds: CalendarDate? = nil, in app: HomepwnerApp, clock: TestClock) throws -> Item {
        var input = ItemInput(name: name)
        if let warrantyEnds { input.details.warrantyExpires = .some(warrantyEnds) }
        return try app.items.create(input, dateCreated: clock.now)
    }

    @Test func aYearOfDaysSendsEachOccasionOnceWithItsLinkAndUnsubscribe() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(Self.start)
        let app = try Self.app(folder: folder, clock: clock, server: server.url)
        defer { app.shutdown() }
        let ends = clock.today.adding(days: 100)
        let tv = try Self.item("Télévision", warrantyEnds: ends, in: app, clock: clock)
        let sofa = try Self.item("Sofa", in: app, clock: clock)
        let mailer = try #require(app.reminderMailer)
        for _ in 0..<365 {
            mailer.pass()
            clock.advance(by: 86_400)
        }
        let mails = try server.messages()
        let ids = mails.compactMap { $0.headers["Message-ID"] }
        #expect(Set(ids).count == ids.count, "an occasion was sent twice: \(ids)")
        // The two photos missing since the same day are one e-mail listing both.
        #expect(ids.sorted() == [
            "<photo-missing.item-\(tv.id.rawValue).\(CalendarDate(Self.start).adding(days: 30).iso).and-1.1@home.example>",
            "<warranty-ending.item-\(tv.id.rawValue).\(ends.adding(days: -30).iso).1@home.example>",
            "<warranty-ends.item-\(tv.id.rawValue).\(ends.iso).1@home.example>",
        ].sorted())
        // Only the account with an address, and each e-mail whole.
        #expect(mails.allSatisfy { $0.recipients == ["olivia@example.com"] })
        let warranty = try #require(mails.first { $0.headers["Message-ID"]?.contains("warranty-ending") == true })
        #expect(ends.iso == "2027-04-11" && warranty.headers["Subject"] == "The warranty of Télévision ends on Apr 11, 2027")
        #expect(warranty.types == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html"])
        let fix = "https://home.example/items/\(tv.id.rawValue)#item-warrantyExpires"
        #expect(warranty.text?.contains("Put it right: \(fix)") == true)
        #expect(warranty.html?.contains("href=\"\(fix)\"") == true)
        let unsubscribe = try #require(warranty.headers["List-Unsubscribe"])
        #expect(unsubscribe.hasPrefix("<https://home.example/unsubscribe/") && unsubscribe.hasSuffix("/warranty>"))
        #expect(warranty.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
        #expect(warranty.text?.contains(String(unsubscribe.dropFirst().dropLast())) == true)
        let photos = try #require(mails.first { $0.headers["Message-ID"]?.contains("photo-missing") == true })
        #expect(photos.headers["Subject"] == "Items without a photo: 2 reminders")
        #expect(photos.text?.contains("- Sofa has no photo yet\n  https://home.example/items/\(sofa.id.rawValue)#photo-panel") == true, "\(photos.text ?? "")")
        #expect(photos.html?.contains("href=\"https://home.example/items/\(tv.id.rawValue)#photo-panel\"") == true)
        #expect(photos.headers["List-Unsubscribe"]?.hasSuffix("/photo-missing>") == true)
    }

    @Test func aServerThatIsDownIsTriedAgainAndSendsOnceAndARestartSendsNothingAgain() throws {
        var server = try TestSMTPServer(.plain)
        let port = server.port, mailbox = server.folder, url = server.url
        server.stop()
        let folder = try TestDataFolder(), clock = TestClock(Self.start)
        var app = try Self.app(folder: folder, clock: clock, server: url)
        _ = try Self.item("Sofa", in: app, clock: clock)
        clock.advance(by: 31 * 86_400)
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        let occasion = try #require(try ReminderFactsReader(items: app.items, claims: app.claims, households: app.environment.households, backups: nil).due(for: olivia, on: clock.today).first?.id)

        #expect(try #require(app.reminderMailer).pass().deferred == 1)
        var record = try #require(try app.accounts.reminderMailRecord(occasion, for: olivia.id))
        #expect(record.state == .retrying)
        #expect(record.problem?.contains("could not be reached") == true)

        // Up again: not before its back-off, then once.
        server = try TestSMTPServer(.plain, port: port, folder: mailbox)
        #expect(try #require(app.reminderMailer).pass() == ReminderMailer.Pass())
        clock.advance(by: 61)
        #expect(try #require(app.reminderMailer).pass().sent == 1)
        #expect(try #require(app.reminderMailer).pass() == ReminderMailer.Pass())
        record = try #require(try app.accounts.reminderMailRecord(occasion, for: olivia.id))
        #expect(record.state == .sent)
        #expect(record.attempts == 2)

        // A server that refuses for now is tried again too; one that refuses for good is not.
        try server.respond(with: "451 4.3.0 Busy")
        _ = try Self.item("Lamp", in: app, clock: clock)
        clock.advance(by: 31 * 86_400)
        #expect(try #require(app.reminderMailer).pass().deferred == 1)
        try server.respond(with: "550 5.1.1 No such user")
        clock.advance(by: 61)
        #expect(try #require(app.reminderMailer).pass().refused == 1)
        clock.advance(by: 86_400)
        #expect(try #require(app.reminderMailer).pass() == ReminderMailer.Pass())
        try server.respond(with: nil)

        // Restarted on the same data folder: what was sent or refused is not sent again.
        app.shutdown()
        app = try Self.app(folder: folder, clock: clock, server: url, accounts: false)
        defer { app.shutdown() }
        #expect(try #require(app.reminderMailer).pass() == ReminderMailer.Pass())
        #expect(try server.messages().count == 1)
    }

    @Test func aRowLeftSendingByACrashIsNeverSentAgain() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(Self.start)
        let app = try Self.app(folder: folder, clock: clock, server: server.url)
        defer { app.shutdown() }
        _ = try Self.item("Sofa", in: app, clock: clock)
        clock.advance(by: 31 * 86_400)
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        let occasion = try #require(try ReminderFactsReader(items: app.items, claims: app.claims, households: app.environment.households, backups: nil).due(for: olivia, on: clock.today).first?.id)
        // Claimed, then the process died before the server's answer was recorded.
        #expect(try app.accounts.claimReminderMail(occasion, for: olivia.id))
        clock.advance(by: 86_400)
        #expect(try #require(app.reminderMailer).pass() == ReminderMailer.Pass())
        #expect(try server.messages().isEmpty)
        #expect(try app.accounts.reminderMailRecord(occasion, for: olivia.id)?.state == .sending)
    }

    @Test func oneClickUnsubscribeTurnsThatKindOffWithoutSigningInAndTheAccountShowsIt() throws {
        let server = try TestSMTPServer(.plain)
        let clock = TestClock(Self.start)
        let secured = try Self.securedOlivia(mailingThrough: server, clock: clock)
        let olivia = try secured.token(for: "olivia")
        #expect(try olivia.json("PATCH", "/api/v1/account", ["email": "olivia@example.com"]).status == 200)
        _ = try olivia.json("POST", "/api/v1/items", ["name": "Sofa", "warrantyExpires": clock.today.adding(days: 40).iso])
        clock.advance(by: 31 * 86_400)
        #expect(try #require(secured.app.reminderMailer).pass().sent == 2)
        let header = try #require(try server.messages().first { $0.headers["Subject"]?.contains("warranty") == true }?.headers["List-Unsubscribe"])
        let path = try #require(URL(string: String(header.dropFirst().dropLast()))?.path)

        // What a mail program sends: no cookie, no page of ours, the RFC 8058 body.
        let page = try secured.client.send("GET", path, headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        #expect(page.text.contains("Stop These E-mails"))
        let posted = try secured.client.send("POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("List-Unsubscribe=One-Click".utf8))
        #expect(posted.status == 200, "\(posted.text)")
        #expect(posted.text.contains("You get no more e-mails about warranties ending"))
        let account = try olivia.send("GET", "/api/v1/account", headers: ["Accept": "application/json"]).json as? [String: Any]
        let kinds = account?["reminderMail"] as? [String: Bool]
        #expect(kinds?["warranty"] == false)
        #expect(kinds?["photo-missing"] == true)
        #expect(account?["sendsReminderMail"] as? Bool == true)
        // A wrong key or kind is a path that is not there.
        #expect(try secured.client.send("POST", path.replacingOccurrences(of: "/warranty", with: "/nonsense"), headers: [:], body: []).status == 404)
        #expect(try secured.client.send("POST", "/unsubscribe/\(String(repeating: "A", count: 43))/warranty", headers: [:], body: []).status == 404)

        // The warranty's last notice, on its day, is not e-mailed now; the API turns it back on.
        clock.advance(by: 9 * 86_400)
        #expect(try #require(secured.app.reminderMailer).pass().sent == 0)
        let on = try olivia.json("PATCH", "/api/v1/account", ["reminderMail": ["warranty": true, "photo-missing": false]])
        #expect(on.status == 200, "\(on.text)")
        #expect(((on.json as? [String: Any])?["reminderMail"] as? [String: Bool])?["photo-missing"] == false)
        #expect(try olivia.json("PATCH", "/api/v1/account", ["reminderMail": ["lottery": true]]).status == 422)
        #expect(try #require(secured.app.reminderMailer).pass().sent == 1)
    }

    /// A day's reminders go at 08:00 where the household is, and 08:00 stays 08:00 across the change
    /// of the clocks: in Berlin 07:00 UTC before 28 March 2027 and 06:00 UTC after; in New York 12:00
    /// UTC before 7 November 2027 and 13:00 after.
    @Test func aDaysRemindersGoAtEightLocalTimeAcrossTheChangeOfClocks() throws {
        func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
        var berlin = ReminderMailSettings(server: try MailServer(url: "smtp://localhost:25"), from: "homepwner@home.example")
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        #expect(berlin.mailDay(at: at("2027-03-27T06:59:00Z")).iso == "2027-03-26" && berlin.mailDay(at: at("2027-03-27T07:00:00Z")).iso == "2027-03-27")
        #expect(berlin.mailDay(at: at("2027-03-29T05:59:00Z")).iso == "2027-03-28" && berlin.mailDay(at: at("2027-03-29T06:00:00Z")).iso == "2027-03-29")
        var newYork = berlin
        newYork.timeZone = TimeZone(identifier: "America/New_York")!
        #expect(newYork.mailDay(at: at("2027-11-06T11:59:00Z")).iso == "2027-11-05" && newYork.mailDay(at: at("2027-11-06T12:00:00Z")).iso == "2027-11-06")
        #expect(newYork.mailDay(at: at("2027-11-08T12:59:00Z")).iso == "2027-11-07" && newYork.mailDay(at: at("2027-11-08T13:00:00Z")).iso == "2027-11-08")

        // The real mailer, in Berlin, the day after the change.
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(at("2027-03-28T12:00:00Z"))
        let app = try Self.app(folder: folder, clock: clock, server: server.url, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        defer { app.shutdown() }
        let lamp = try Self.item("Lamp", warrantyEnds: CalendarDate(iso: "2027-03-29")!, in: app, clock: clock)
        let mailer = try #require(app.reminderMailer)
        #expect(mailer.pass().sent == 1, "the 30-day notice, due in February")
        clock.advance(by: at("2027-03-29T05:59:00Z").timeIntervalSince(clock.now))
        #expect(mailer.pass().sent == 0, "07:59 in Berlin")
        clock.advance(by: 60)
        #expect(mailer.pass().sent == 1, "08:00 in Berlin")
        #expect(try server.messages().last?.headers["Subject"] == "The warranty of \(lamp.name) ends today")
    }

    /// A pass looks only at the last 30 days (what fell due while the server was stopped, up to a
    /// month), the latest notice of each warranty, most value first: an account given an address
    /// today is not sent a photo missing for two months, which the Reminders page still lists.
    @Test func aPassSendsWhatCameDueInTheLastMonthTheLatestOfEach() {
        let today = CalendarDate(iso: "2027-06-15")!
        let schedule = ReminderSchedule(ReminderFacts(items: [
            .init(id: 1, name: "Lamp", added: today.adding(days: -75), hasPhoto: false, value: 9_000),
            .init(id: 2, name: "Oven", added: today.adding(days: -400), warrantyExpires: today.adding(days: 5), value: 120_000),
            .init(id: 3, name: "Fridge", added: today.adding(days: -400), warrantyExpires: today, value: 80_000),
            .init(id: 4, name: "Rug", added: today.adding(days: -31), hasPhoto: false, value: 20_000),
        ]))
        #expect(schedule.occasions(dueFrom: today.adding(days: -1), through: today).map(\.id) == ["photo-missing:item-4:2027-06-14", "warranty-ends:item-3:2027-06-15"])
        #expect(schedule.cameDue(on: today, lookingBack: ReminderMailer.catchUpDays).map(\.id) == [
            "warranty-ending:item-2:2027-05-21", "warranty-ends:item-3:2027-06-15", "photo-missing:item-4:2027-06-14",
        ])
    }

    /// The account page's form sets the address with the kinds; a wrong address changes nothing and
    /// the form says what to give.
    @Test func theAccountPageSetsTheAddressAndRefusesAWrongOne() throws {
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        #expect(try vera.form("/account/reminder-mail", [("email", "vera@example.com"), ("kind", "warranty")]).status == 303)
        #expect(try app.app.accounts.email(of: try #require(try app.app.accounts.account(named: "vera")).id) == "vera@example.com")
        let refused = try vera.form("/account/reminder-mail", [("email", "vera at example"), ("kind", "photo-missing")])
        #expect(refused.status == 303 && refused.header("Location")?.contains("reminder-mail=refused") == true)
        let vera2 = try #require(try app.app.accounts.account(named: "vera"))
        #expect(try app.app.accounts.email(of: vera2.id) == "vera@example.com" && app.app.accounts.reminderKindsOff(.mail, for: vera2.id).contains("photo-missing"))
        let page = try vera.get("/account?reminder-mail=refused")
        #expect(page.text.contains(ReminderMailSection.emailRefusal.english) && page.text.contains("aria-invalid=\"true\""))
    }

    // MARK: Once a week

    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    /// An app with accounts, olivia its owner, e-mailing through `server` at 08:00 UTC by `clock`
    /// (its own background pass once a day: the tests call `pass()`).
    static func securedOlivia(mailingThrough server: TestSMTPServer, clock: TestClock) throws -> SecuredApp {
        try SecuredApp(accounts: [("olivia", .owner)]) { configuration in
            configuration.clock = clock
            var settings = ReminderMailSettings(server: try! MailServer(url: server.url), from: "homepwner@home.example", siteURL: "https://home.example")
            settings.interval = 86_400
            settings.timeZone = TimeZone(identifier: "UTC")!
            configuration.reminderMail = settings
        }
    }

    /// Moves the clock to 08:00 UTC on `iso` (the tests' mail hour and zone).
    static func move(_ clock: TestClock, to iso: String) {
        clock.advance(by: day(iso).startInUTC.addingTimeInterval(8 * 3_600).timeIntervalSince(clock.now))
    }

    @Test func aWeekdayAndTheDigestsDay() {
        #expect(Weekday(of: Self.day("2027-01-01")) == .friday && Weekday(of: Self.day("1969-12-29")) == .monday)
        #expect(Weekday.monday.latest(onOrBefore: Self.day("2027-02-01")) == Self.day("2027-02-01"))
        #expect(Weekday.monday.latest(onOrBefore: Self.day("2027-02-02")) == Self.day("2027-02-01"))
        #expect(Weekday.monday.latest(onOrBefore: Self.day("2027-01-31")) == Self.day("2027-01-25"))
        #expect(Weekday.named("sunday") == .sunday && Weekday.named("Sunday") == nil && Weekday.sunday.name == "Sunday")
    }

    /// Olivia chose Mondays: nothing on the other days, then on Monday 1 February one e-mail holding
    /// the week's warranty notice, an old replacement cost and three photos missing, a section per
    /// kind with each reminder's link and its kind's unsubscribe, and a one-click unsubscribe of all.
    @Test func aWeeklyAccountGetsNothingOnOtherDaysAndOneEmailWithEveryKindOnItsDay() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(Self.start)
        let app = try Self.app(folder: folder, clock: clock, server: server.url)
        defer { app.shutdown() }
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        try app.accounts.setReminderDigest(weekday: Weekday.monday.rawValue, for: olivia.id)
        let tv = try Self.item("Television", warrantyEnds: Self.day("2027-03-01"), in: app, clock: clock)  // notice on Saturday 30 January
        _ = try Self.item("Sofa", in: app, clock: clock)  // no photo: due on Sunday 31 January
        var lamp = ItemInput(name: "Lamp")
        lamp.details.replacementCost = .some(12_000)
        lamp.details.replacementCostDate = .some(Self.day("2025-02-01"))  // two years old on Monday 1 February
        let lampItem = try app.items.create(lamp, dateCreated: clock.now)
        let mailer = try #require(app.reminderMailer)
        while clock.today < Self.day("2027-02-01") {
            #expect(mailer.pass() == ReminderMailer.Pass(), "\(clock.today)")
            clock.advance(by: 86_400)
        }
        #expect(mailer.pass().sent == 1)
        for _ in 0..<21 {
            clock.advance(by: 86_400)
            #expect(mailer.pass() == ReminderMailer.Pass(), "\(clock.today)")
        }

        let mails = try server.messages()
        #expect(mails.count == 1)
        let digest = try #require(mails.first)
        #expect(digest.headers["Subject"] == "This week’s reminders: 5")
        #expect(digest.headers["Message-ID"] == "<digest.2027-02-01.\(olivia.id.rawValue)@home.example>")
        #expect(digest.types == ["multipart/mixed", "multipart/alternative", "text/plain", "text/html"])
        let text = try #require(digest.text), html = try #require(digest.html)
        let sections = ["Warranties ending", "Replacement costs to look up again", "Items without a photo"].map { text.range(of: "\n\($0)\n")?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil } && sections.map { $0! } == sections.map { $0! }.sorted(), "\(text)")
        #expect(text.contains("- The warranty of Television ends on Mar 1, 2027\n  https://home.example/items/\(tv.id.rawValue)#item-warrantyExpires"))
        #expect(text.contains("https://home.example/items/\(lampItem.id.rawValue)#item-replacementCost"))
        #expect(text.contains("- Sofa has no photo yet") && text.contains("- Lamp has no photo yet") && text.contains("- Television has no photo yet"))
        #expect(html.contains("<h2>Items without a photo</h2>") && html.contains("href=\"https://home.example/items/\(tv.id.rawValue)#photo-panel\""))
        let key = try app.accounts.unsubscribeKey(for: olivia.id)
        for kind in ["warranty", "replacement-cost-stale", "photo-missing"] {
            #expect(text.contains("https://home.example/unsubscribe/\(key)/\(kind)") && html.contains("https://home.example/unsubscribe/\(key)/\(kind)"))
        }
        #expect(digest.headers["List-Unsubscribe"] == "<https://home.example/unsubscribe/\(key)/all>")
        #expect(digest.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
        #expect(text.contains("No more reminder e-mails at all: https://home.example/unsubscribe/\(key)/all"))
    }

    /// The server was stopped on Monday: Monday's digest goes on Tuesday, once the mail server, down
    /// at first, is back (the digest's occasions wait together); what came due on Tuesday waits for
    /// the next Monday; nothing sent in a digest is sent again, weekly or not.
    @Test func aDigestMissedOnItsDayGoesTheNextDayAndWhatCameDueAfterWaits() throws {
        var server = try TestSMTPServer(.plain)
        let port = server.port, mailbox = server.folder, url = server.url
        let folder = try TestDataFolder(), clock = TestClock(Self.start)
        let app = try Self.app(folder: folder, clock: clock, server: url)
        defer { app.shutdown() }
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        try app.accounts.setReminderDigest(weekday: Weekday.monday.rawValue, for: olivia.id)
        let sofa = try Self.item("Sofa", in: app, clock: clock)  // no photo: due on Sunday 31 January
        _ = try Self.item("Rug", warrantyEnds: Self.day("2027-03-02"), in: app, clock: clock)  // notice on Sunday 31 January
        clock.advance(by: 2 * 86_400)
        _ = try Self.item("Lamp", in: app, clock: clock)  // no photo: due on Tuesday 2 February
        let mailer = try #require(app.reminderMailer)

        Self.move(clock, to: "2027-02-02")
        server.stop()
        #expect(mailer.pass().deferred == 1)
        let digest = try #require(try app.accounts.reminderMailRecord("digest:2027-02-01", for: olivia.id))
        #expect(digest.state == .retrying && digest.problem?.contains("could not be reached") == true)
        server = try TestSMTPServer(.plain, port: port, folder: mailbox)
        #expect(mailer.pass() == ReminderMailer.Pass(), "not before its back-off")
        clock.advance(by: 61)
        #expect(mailer.pass().sent == 1)
        #expect(try app.accounts.reminderMailRecord("digest:2027-02-01", for: olivia.id)?.attempts == 2)
        // Its occasions share its outcome.
        let sofaRecord = try app.accounts.reminderMailRecord("photo-missing:item-\(sofa.id.rawValue):2027-01-31", for: olivia.id)
        #expect(sofaRecord?.state == .sent && sofaRecord?.attempts == 2)
        clock.advance(by: 3_600)
        #expect(mailer.pass() == ReminderMailer.Pass(), "one digest a week")
        var mails = try server.messages()
        #expect(mails.map { $0.headers["Subject"] } == ["This week’s reminders: 3"])
        #expect(mails[0].text?.contains("Lamp") == false, "\(mails[0].text ?? "")")

        Self.move(clock, to: "2027-02-08")
        #expect(mailer.pass().sent == 1)
        mails = try server.messages()
        #expect(mails.count == 2 && mails[1].headers["Message-ID"] == "<digest.2027-02-08.\(olivia.id.rawValue)@home.example>")
        #expect(mails[1].headers["Subject"] == "This week’s reminders: 1")
        #expect(mails[1].text?.contains("- Lamp has no photo yet") == true && mails[1].text?.contains("Sofa") == false)

        // As they fall due again: what the digests held is not sent again.
        try app.accounts.setReminderDigest(weekday: nil, for: olivia.id)
        clock.advance(by: 86_400)
        #expect(mailer.pass() == ReminderMailer.Pass())
        #expect(try server.messages().count == 2)
    }

    /// Through the API: the digest's day set, shown and refused when it is not a day; kinds turned
    /// off stay out of the digest; its one-click unsubscribe turns every kind off.
    @Test func theAPISetsTheDigestKindsOffStayOutAndUnsubscribingAllTurnsEveryKindOff() throws {
        let server = try TestSMTPServer(.plain)
        let clock = TestClock(Self.start)
        let secured = try Self.securedOlivia(mailingThrough: server, clock: clock)
        let olivia = try secured.token(for: "olivia")
        func account() throws -> [String: Any] {
            try #require(try olivia.send("GET", "/api/v1/account", headers: ["Accept": "application/json"]).json as? [String: Any])
        }
        #expect(try account()["reminderDigest"] is NSNull)
        let set = try olivia.json("PATCH", "/api/v1/account", ["email": "olivia@example.com", "reminderDigest": "wednesday"])
        #expect(set.status == 200, "\(set.text)")
        #expect((set.json as? [String: Any])?["reminderDigest"] as? String == "wednesday")
        for wrong: Any in ["Wednesday", "funday", 3, ["day": "monday"]] {
            let refused = try olivia.json("PATCH", "/api/v1/account", ["reminderDigest": wrong])
            #expect(refused.status == 422, "\(wrong)")
            #expect(((refused.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "invalid-settings")
            #expect(refused.text.contains("reminderDigest"), "\(refused.text)")
        }
        #expect(try olivia.json("PATCH", "/api/v1/account", ["reminderDigest": "funday"]).text.contains("monday, tuesday, wednesday, thursday, friday, saturday, sunday"))
        #expect(try account()["reminderDigest"] as? String == "wednesday")

        _ = try olivia.json("POST", "/api/v1/items", ["name": "Sofa", "warrantyExpires": clock.today.adding(days: 40).iso,
                                                      "replacementCost": "150.00", "replacementCostDate": clock.today.adding(years: -2).adding(days: 31).iso])
        clock.advance(by: 31 * 86_400)  // Monday 1 February: a warranty's notice, an old replacement cost, a photo missing
        let today = Weekday(of: clock.today).id
        #expect(try olivia.json("PATCH", "/api/v1/account", ["reminderDigest": today, "reminderMail": ["photo-missing": false]]).status == 200)
        #expect(try #require(secured.app.reminderMailer).pass().sent == 1)
        let digest = try #require(try server.messages().first)
        #expect(digest.headers["Subject"] == "This week’s reminders: 2")
        #expect(digest.text?.contains("Warranties ending") == true && digest.text?.contains("Replacement costs to look up again") == true)
        #expect(digest.text?.contains("photo") == false, "\(digest.text ?? "")")

        let header = try #require(digest.headers["List-Unsubscribe"])
        let path = try #require(URL(string: String(header.dropFirst().dropLast()))?.path)
        #expect(path.hasSuffix("/all"))
        let page = try secured.client.send("GET", path, headers: ["Accept": "text/html"])
        #expect(page.status == 200 && page.text.contains("Stop every reminder e-mail"))
        let posted = try secured.client.send("POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array("List-Unsubscribe=One-Click".utf8))
        #expect(posted.status == 200 && posted.text.contains("You get no more reminder e-mails, of any kind"), "\(posted.text)")
        #expect((try account()["reminderMail"] as? [String: Bool])?.values.allSatisfy { !$0 } == true)
        #expect(try secured.client.send("GET", path, headers: ["Accept": "text/html"]).text.contains("role=\"status\""))
        #expect(try secured.client.send("POST", path.replacingOccurrences(of: "/all", with: "/everything"), headers: [:], body: []).status == 404)
        clock.advance(by: 7 * 86_400)
        #expect(try #require(secured.app.reminderMailer).pass() == ReminderMailer.Pass())
    }

    /// The account page's choice: once a week on the day picked, shown again as chosen; as they fall
    /// due clears it; a day that is not one changes nothing.
    @Test func theAccountPageChoosesOnceAWeekOnADay() throws {
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        let id = try #require(try app.app.accounts.account(named: "vera")).id
        #expect(try vera.form("/account/reminder-mail", [("email", "vera@example.com"), ("kind", "warranty"), ("when", "weekly"), ("weekday", "thursday")]).status == 303)
        #expect(try app.app.accounts.reminderDigestWeekday(for: id) == Weekday.thursday.rawValue)
        let page = try vera.get("/account").text
        #expect(page.contains("<input type=\"radio\" id=\"reminder-mail-weekly\" name=\"when\" value=\"weekly\" checked>") && page.contains("<option value=\"thursday\" selected>Thursday</option>"), "\(page)")
        #expect(page.contains("<label class=\"visually-hidden\" for=\"reminder-mail-weekday\">"))
        #expect(try vera.form("/account/reminder-mail", [("email", "vera@example.com"), ("when", "weekly"), ("weekday", "someday")]).status == 400)
        #expect(try app.app.accounts.reminderDigestWeekday(for: id) == Weekday.thursday.rawValue)
        #expect(try vera.form("/account/reminder-mail", [("email", "vera@example.com"), ("when", "due"), ("weekday", "thursday")]).status == 303)
        #expect(try app.app.accounts.reminderDigestWeekday(for: id) == nil)
        #expect(try vera.get("/account").text.contains("<input type=\"radio\" name=\"when\" value=\"due\" checked>"))
    }
}
