import Accounts
import App
import Clocks
import Foundation
import HTTPTestClient
import Inventory
import Reminders
import Testing

/// `GET /api/v1/reminders`, `/api/v1/account` (the e-mail address, the calendar feed's address) and
/// the feed itself at `/calendar/{token}.ics`, on the real app with a test clock.
@Suite struct RemindersAPITests {
    static func object(_ response: TestResponse) -> [String: Any] { (response.json as? [String: Any]) ?? [:] }

    @Test func whatIsDueComesAsTheClockMovesOnEachWithItsLinkToTheFieldToFix() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        // API tokens: a session would end on the moved clock.
        let owner = try app.token(for: "olivia"), viewer = try app.token(for: "vera")
        let ends = clock.today.adding(days: 45)
        let created = try owner.json("POST", "/api/v1/items", ["name": "Television", "warrantyExpires": ends.iso])
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(Self.object(created)["id"] as? Int)

        func reminders(_ client: BearerClient) throws -> [[String: Any]] {
            let response = try client.send("GET", "/api/v1/reminders", headers: ["Accept": "application/json"])
            #expect(response.status == 200, "\(response.text)")
            return Self.object(response)["reminders"] as? [[String: Any]] ?? []
        }
        // The warranty's notice is 15 days away: soon due. The missing photo is not due for 30 days.
        #expect(try reminders(viewer).map { $0["kind"] as? String } == ["warranty-ending"])
        clock.advance(by: 31 * 86_400)
        let due = try reminders(viewer)
        #expect(due.map { $0["kind"] as? String } == ["warranty-ending", "photo-missing"])
        #expect(due.first?["id"] as? String == "warranty-ending:item-\(id):\(ends.adding(days: -30).iso)")
        #expect(due.first?["link"] as? String == "/items/\(id)#item-warrantyExpires")
        #expect(due.first?["daysUntilDue"] as? Int == -16)
        clock.advance(by: 14 * 86_400)
        #expect(try reminders(owner).first?["id"] as? String == "warranty-ends:item-\(id):\(ends.iso)")
        clock.advance(by: 86_400)
        #expect(try reminders(owner).map { $0["kind"] as? String } == ["photo-missing"])
        #expect(try reminders(owner).first?["link"] as? String == "/items/\(id)#photo-panel")
    }

    /// The home page's Due soon shows the first five and leads to the Reminders page, which lists
    /// every one by kind.
    @Test func dueSoonLeadsToEveryReminderByKind() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        let owner = try app.signIn("olivia")
        for day in 1...6 { _ = try owner.json("POST", "/api/v1/items", ["name": "Thing \(day)", "warrantyExpires": clock.today.adding(days: day).iso]) }
        let home = try owner.get("/")
        #expect(home.text.components(separatedBy: "class=\"due-soon-link").count - 1 == 5)
        #expect(home.text.contains("href=\"/reminders\">See all 6</a>"), "\(home.text)")
        let page = try owner.get("/reminders")
        #expect(page.status == 200 && page.text.contains("Warranties ending (6)"))
        #expect((1...6).allSatisfy { page.text.contains("The warranty of Thing \($0) ends on") })
    }

    @Test func anAccountSetsItsEmailAndAWrongOneIsRefusedSayingWhatToFix() throws {
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        #expect(Self.object(try vera.get("/api/v1/account", accept: "application/json"))["email"] is NSNull)
        let set = try vera.json("PATCH", "/api/v1/account", ["email": "  vera@example.com "])
        #expect(set.status == 200, "\(set.text)")
        #expect(Self.object(set)["email"] as? String == "vera@example.com")
        for wrong in ["vera", "vera@localhost", "vera@@example.com", "a b@example.com", "vera@example.com, eve@example.com"] {
            let refused = try vera.json("PATCH", "/api/v1/account", ["email": wrong])
            #expect(refused.status == 422, "\(wrong): \(refused.text)")
            let error = Self.object(refused)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "invalid-email")
            #expect((error?["fields"] as? [String: String])?["email"]?.contains("e-mail address") == true, "\(refused.text)")
        }
        let wrongType = try vera.json("PATCH", "/api/v1/account", ["email": 7])
        #expect(wrongType.status == 422)
        #expect(Self.object(try vera.get("/api/v1/account", accept: "application/json"))["email"] as? String == "vera@example.com")
        #expect(Self.object(try vera.json("PATCH", "/api/v1/account", ["email": NSNull()]))["email"] is NSNull)
        // Another account's address is its own.
        let olivia = try app.signIn("olivia")
        _ = try vera.json("PATCH", "/api/v1/account", ["email": "vera@example.com"])
        #expect(Self.object(try olivia.get("/api/v1/account", accept: "application/json"))["email"] is NSNull)
    }

    @Test func theCalendarFeedIsAtAnAddressShownOnceAndANewOneEndsTheOld() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        let owner = try app.signIn("olivia")
        _ = try owner.json("POST", "/api/v1/items", ["name": "Oven, \"the big one\"; kitchen", "warrantyExpires": clock.today.adding(days: 40).iso])
        #expect(Self.object(try owner.get("/api/v1/account", accept: "application/json"))["calendar"] is NSNull)
        let made = try owner.json("POST", "/api/v1/account/calendar", [String: Any]())
        #expect(made.status == 201, "\(made.text)")
        let url = try #require(Self.object(made)["calendarURL"] as? String)
        let path = try #require(URL(string: url)?.path)
        #expect(path.hasPrefix("/calendar/") && path.hasSuffix(".ics"))
        #expect(Self.object(try owner.get("/api/v1/account", accept: "application/json"))["calendarURL"] is NSNull)

        let feed = try app.client.send("GET", path)
        #expect(feed.status == 200)
        #expect(feed.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        // The day in the summary is a person's (its comma escaped); DTSTART is the machine's.
        let ends = clock.today.adding(days: 40), unfolded = feed.text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:The warranty of Oven\\, \"the big one\"\\; kitchen ends on \(ends.english.replacingOccurrences(of: ",", with: "\\,"))"))
        #expect(feed.text.contains("DTSTART;VALUE=DATE:\(ends.adding(days: -30).iso.replacingOccurrences(of: "-", with: ""))\r\n") && !unfolded.contains("ends on \(ends.iso)"))
        #expect(feed.text.contains("UID:warranty-ending:item-1:\(clock.today.adding(days: 10).iso)@homepwner\r\n"))
        // What is said of many items on a day is one event; a change of the items or the policy shows at once.
        let photoDay = clock.today.adding(days: 30).iso
        #expect(feed.text.contains("UID:photo-missing:\(photoDay)@homepwner\r\n") && feed.text.contains("SUMMARY:Oven\\, \"the big one\"\\; kitchen has no photo yet"))
        _ = try owner.json("POST", "/api/v1/items", ["name": "Lamp"])
        _ = try owner.json("PATCH", "/api/v1/policy", ["policyEnd": clock.today.adding(days: 60).iso])
        let later = try app.client.send("GET", path).text
        #expect(later.contains("UID:photo-missing:\(photoDay)@homepwner\r\n") && later.contains("SUMMARY:2 items have no photo yet"))
        #expect(later.contains("/?missingEvidence=true") && later.contains("UID:policy-renewal:policy:\(clock.today.adding(days: 30).iso)@homepwner"))
        // Only the token's SHA-256 is stored.
        #expect(!app.databaseContains(String(path.dropFirst("/calendar/".count).dropLast(4))))

        let again = try #require(Self.object(try owner.json("POST", "/api/v1/account/calendar", [String: Any]()))["calendarURL"] as? String)
        let unknown = try app.client.send("GET", "/calendar/" + String(repeating: "A", count: 43) + ".ics")
        let revoked = try app.client.send("GET", path)
        #expect(unknown.status == 404 && revoked.status == 404)
        #expect(revoked.text == unknown.text)
        #expect(try app.client.send("GET", URL(string: again)!.path).status == 200)
    }

    /// A kind turned off for the calendar leaves the feed (the account page's form, or the API), and
    /// only that account's: e-mail's choices are another channel's.
    @Test func kindsTurnedOffForTheCalendarLeaveTheFeed() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        let owner = try app.signIn("olivia")
        _ = try owner.json("POST", "/api/v1/items", ["name": "Oven", "warrantyExpires": clock.today.adding(days: 40).iso])
        let url = try #require(Self.object(try owner.json("POST", "/api/v1/account/calendar", [String: Any]()))["calendarURL"] as? String)
        let path = try #require(URL(string: url)?.path)
        let warranty = "UID:warranty-ending:item-1:", photo = "UID:photo-missing:"
        var feed = try app.client.send("GET", path).text
        #expect(feed.contains(warranty) && feed.contains(photo))

        // The form posts the kinds still shown: every one but "Items without a photo".
        let shown = ReminderFamily.all.map(\.id).filter { $0 != "photo-missing" }
        let saved = try owner.form("/account/reminder-calendar", shown.map { ("kind", $0) })
        #expect(saved.status == 303 && saved.header("Location")?.contains("reminder-calendar=saved") == true)
        feed = try app.client.send("GET", path).text
        #expect(feed.contains(warranty) && !feed.contains(photo))
        let page = try owner.get("/account?reminder-calendar=saved")
        #expect(page.text.contains("Saved which reminders the calendar shows."))
        #expect(page.text.contains("value=\"photo-missing\">") && page.text.contains("value=\"warranty\" checked>"), "the box is unticked, the others ticked")

        // The API: the calendar's kinds, apart from e-mail's.
        let account = Self.object(try owner.json("PATCH", "/api/v1/account", ["reminderCalendar": ["warranty": false, "photo-missing": true]]))
        #expect((account["reminderCalendar"] as? [String: Bool])?["warranty"] == false && (account["reminderMail"] as? [String: Bool])?["warranty"] == true)
        feed = try app.client.send("GET", path).text
        #expect(!feed.contains(warranty) && feed.contains(photo))
        let refused = try owner.json("PATCH", "/api/v1/account", ["reminderCalendar": ["warranties": false]])
        #expect(refused.status == 422 && refused.text.contains("reminderCalendar has no kind of reminder “warranties”"))
    }
}
