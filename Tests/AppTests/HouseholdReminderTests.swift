import Clocks
import Database
import Foundation
import HTTPTestClient
import Inventory
import MailTestServer
import Testing
@testable import App

/// An account is reminded of the things of every household it is in: the API, the Reminders page,
/// the home page's Due soon and the calendar feed. A reminder of a household other than the
/// account's current one links there (`?household=`); a member of only the first sees none of the
/// flat's.
@Suite struct HouseholdReminderTests {
    /// The app with olivia's lamp in the first household and, in a flat only she is in, a bike whose
    /// warranty ends in ten days (written as rows: household 2 holds no items through the API yet).
    struct Households {
        let app: SecuredApp
        let clock: TestClock
        let bike: Int64
        let flat: HouseholdID

        init() throws {
            let clock = TestClock()
            self.clock = clock
            app = try SecuredApp { $0.clock = clock }
            let olivia = try app.signIn("olivia")
            let lamp = try olivia.json("POST", "/api/v1/items", ["name": "Our lamp", "warrantyExpires": clock.today.adding(days: 20).iso])
            #expect(lamp.status == 201, "\(lamp.text)")
            flat = try HouseholdAPITests.flat(in: app, members: [])
            bike = flat.rawValue << 32 | 1
            let ends = clock.today.adding(days: 10).iso
            try app.app.environment.database.write { connection in
                try connection.execute("""
                    INSERT INTO items (household_id, id, name, date_created_ms, position, warranty_expires)
                        VALUES (\(flat.rawValue), \(bike), 'Their bike', 0, 0, '\(ends)');
                    """)
            }
        }

        /// The link of the reminder about `item` in `reminders` (the API's list), nil when it is not there.
        func link(of item: Int64, in reminders: TestResponse) -> String? {
            let list = RemindersAPITests.object(reminders)["reminders"] as? [[String: Any]] ?? []
            return list.first { $0["subject"] as? String == "item-\(item)" }?["link"] as? String
        }
    }

    @Test func anAccountInTwoHouseholdsIsRemindedOfBothTheOtherLinkingToItsHousehold() throws {
        let households = try Households()
        let olivia = try households.app.signIn("olivia"), bike = households.bike
        let reminders = try olivia.get("/api/v1/reminders", accept: "application/json")
        #expect(reminders.status == 200)
        let bikeLink = try #require(households.link(of: bike, in: reminders), "\(reminders.text)")
        #expect(bikeLink == "/items/\(bike)?household=\(households.flat)#item-warrantyExpires")
        #expect(households.link(of: 1, in: reminders) == "/items/1#item-warrantyExpires", "the current household's link as it always was")
        // The link opens the bike's page, in the flat.
        let opened = try olivia.get(String(bikeLink.prefix { $0 != "#" }), accept: "text/html")
        #expect(opened.status == 200 && opened.text.contains("Their bike"), "\(opened.status)")

        let page = try olivia.get("/reminders", accept: "text/html")
        #expect(page.status == 200 && page.text.contains("The warranty of Their bike ends on") && page.text.contains("The warranty of Our lamp ends on"))
        #expect(page.text.contains("href=\"/items/\(bike)?household=\(households.flat)#item-warrantyExpires\""))
        let home = try olivia.get("/", accept: "text/html")
        #expect(home.text.contains("The warranty of Their bike ends on") && home.text.contains("The warranty of Our lamp ends on"))
    }

    @Test func aMemberOfTheFirstHouseholdAloneIsRemindedOfNoneOfTheFlats() throws {
        let households = try Households()
        let vera = try households.app.signIn("vera")
        let reminders = try vera.get("/api/v1/reminders", accept: "application/json")
        #expect(reminders.status == 200)
        #expect(households.link(of: 1, in: reminders) == "/items/1#item-warrantyExpires")
        #expect(households.link(of: households.bike, in: reminders) == nil, "\(reminders.text)")
        #expect(!reminders.text.contains("Their bike"))
        let page = try vera.get("/reminders", accept: "text/html")
        #expect(page.text.contains("Our lamp") && !page.text.contains("Their bike"))
        #expect(!(try vera.get("/", accept: "text/html")).text.contains("Their bike"))
    }

    @Test func theCalendarFeedHoldsEveryHouseholdOfItsAccountAndNoOther() throws {
        let households = try Households()
        let app = households.app, bike = households.bike
        var feeds: [String: String] = [:]
        for name in ["olivia", "vera"] {
            let made = try app.signIn(name).json("POST", "/api/v1/account/calendar", [String: Any]())
            let url = try #require(RemindersAPITests.object(made)["calendarURL"] as? String, "\(made.text)")
            let feed = try app.client.send("GET", try #require(URL(string: url)?.path))
            #expect(feed.status == 200)
            feeds[name] = feed.text.replacingOccurrences(of: "\r\n ", with: "")
        }
        let notice = households.clock.today.adding(days: -20).iso, lampNotice = households.clock.today.adding(days: -10).iso
        let olivia = try #require(feeds["olivia"]), vera = try #require(feeds["vera"])
        #expect(olivia.contains("UID:warranty-ending:item-\(bike):\(notice)@homepwner\r\n"))
        #expect(olivia.contains("/items/\(bike)?household=\(households.flat)#item-warrantyExpires\r\n"))
        #expect(olivia.contains("UID:warranty-ending:item-1:\(lampNotice)@homepwner\r\n") && olivia.contains("/items/1#item-warrantyExpires\r\n"))
        #expect(vera.contains("UID:warranty-ending:item-1:\(lampNotice)@homepwner\r\n"))
        #expect(!vera.contains("item-\(bike)") && !vera.contains("Their bike"))
    }

    /// Open to the local user without accounts: the first household's reminders, linking as always.
    @Test func openAccessIsRemindedOfTheFirstHousehold() throws {
        let clock = TestClock()
        let app = try TestApp { $0.clock = clock }
        let made = try app.client.json("POST", "/api/v1/items", ["name": "Our lamp", "warrantyExpires": clock.today.adding(days: 20).iso])
        #expect(made.status == 201, "\(made.text)")
        let reminders = try app.client.get("/api/v1/reminders")
        #expect(reminders.status == 200)
        let list = RemindersAPITests.object(reminders)["reminders"] as? [[String: Any]] ?? []
        #expect(list.map { $0["link"] as? String } == ["/items/1#item-warrantyExpires"], "\(reminders.text)")
        #expect(try app.client.get("/reminders").text.contains("The warranty of Our lamp ends on"))
    }

    /// The e-mailed reminders (`ReminderMailer`) name the flat's bike too, its link opening it in the flat.
    @Test func theEmailsRemindOfEveryHouseholdTheOthersLinkingToIt() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(ReminderMailTests.start)
        let app = try ReminderMailTests.app(folder: folder, clock: clock, server: server.url)
        defer { app.shutdown() }
        let lamp = try ReminderMailTests.item("Our lamp", warrantyEnds: clock.today.adding(days: 20), in: app, clock: clock)
        let olivia = try #require(try app.accounts.account(named: "olivia"))
        let flat = try app.environment.households.create(named: "Flat", owner: olivia.id).id
        let bike = flat.rawValue << 32 | 1
        try app.environment.database.write { connection in
            try connection.execute("""
                INSERT INTO items (household_id, id, name, date_created_ms, position, warranty_expires)
                    VALUES (\(flat.rawValue), \(bike), 'Their bike', \(Int64(clock.now.timeIntervalSince1970 * 1000)), 0, '\(clock.today.adding(days: 10).iso)');
                """)
        }
        #expect(try #require(app.reminderMailer).pass().sent >= 1)
        let text = try server.messages().compactMap(\.text).joined(separator: "\n")
        #expect(text.contains("https://home.example/items/\(bike)?household=\(flat)#item-warrantyExpires"), "\(text)")
        #expect(text.contains("https://home.example/items/\(lamp.id.rawValue)#item-warrantyExpires"), "\(text)")
    }
}
