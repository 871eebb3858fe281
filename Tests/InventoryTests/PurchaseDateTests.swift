import Foundation
import Inventory
import Testing

/// Purchase dates as people remember them: read, kept as said, stored and sorted.
@Suite struct PurchaseDateTests {
    let today = CalendarDate(iso: "2026-12-06")!

    private func read(_ text: String) throws(PurchaseDateError) -> PurchaseDate { try PurchaseDate(parsing: text, today: today) }

    @Test func eachFormIsKeptAsItWasSaid() throws {
        #expect(try read("2019-06-02") == .day(CalendarDate(iso: "2019-06-02")!))
        #expect(try read("2019-06") == .month(year: 2019, month: 6))
        #expect(try read(" 2019 ") == .year(2019))
        #expect(try read("about 5 years ago") == .yearsAgo(5, saidOn: today))
        #expect(try read("5 years ago") == .yearsAgo(5, saidOn: today))
        #expect(try read("About a year ago") == .yearsAgo(1, saidOn: today))
        for text in ["2019-06-02", "2019-06", "2019", "about 5 years before 2026-12-06", "about 1 year before 2026-12-06"] {
            #expect(try read(text).text == text, "what is stored and answered reads back as itself")
        }
        #expect(try read("about 5 years ago").text == "about 5 years before 2026-12-06")
    }

    @Test func aRelativeDateStaysTrueLater() throws {
        let said = try read("about 5 years ago")
        let aYearLater = try PurchaseDate(parsing: said.text, today: today.adding(years: 1))
        #expect(aYearLater == said)
        #expect(aYearLater.reckoningDay == CalendarDate(iso: "2021-12-06"), "still five years before the day it was said")
    }

    @Test func aRoughDateCountsFromItsMiddleAndSpansItsWholeRange() throws {
        let year = try read("2019"), month = try read("2019-02"), ago = try read("about 5 years ago"), day = try read("2019-02-03")
        #expect(year.isRough && month.isRough && ago.isRough && !day.isRough)
        #expect([year.earliestDay.iso, year.reckoningDay.iso, year.latestDay.iso] == ["2019-01-01", "2019-07-01", "2019-12-31"])
        #expect([month.earliestDay.iso, month.reckoningDay.iso, month.latestDay.iso] == ["2019-02-01", "2019-02-15", "2019-02-28"])
        #expect([ago.earliestDay.iso, ago.reckoningDay.iso, ago.latestDay.iso] == ["2020-12-06", "2021-12-06", "2022-12-06"])
    }

    @Test func whatCannotBeReadSaysWhatIsAccepted() {
        func message(_ text: String) -> String? {
            do { _ = try read(text); return nil } catch { return error.message(naming: "Purchase date") }
        }
        #expect(message("2019-13") == "Purchase date “2019-13” has no month 13: a month is 01 to 12. Write \(PurchaseDateError.accepted).")
        #expect(message("2019-02-30") == "Purchase date “2019-02-30” is not a day that exists. Write \(PurchaseDateError.accepted).")
        #expect(message("about -2 years ago") == "Purchase date “about -2 years ago”: the years ago must be a whole number from 1 to 150. Write \(PurchaseDateError.accepted).")
        #expect(message("about 0 years ago")?.contains("from 1 to 150") == true)
        #expect(message("about 2.5 years ago")?.contains("whole number") == true)
        #expect(message("2030") == "Purchase date “2030” is after today (Dec 6, 2026): a purchase date can’t be in the future.")
        #expect(message("2027-01") != nil && message("2026-12-07") != nil && message("2026-12-06") == nil && message("2026") == nil)
        #expect(message("last summer") == "Purchase date must be \(PurchaseDateError.accepted); “last summer” is not one.")
        for text in ["19", "2019/06", "06-2019", "about 5 months ago", "about five years ago", "about 5 years before", "about 5 years before 2026-13-01", ""] {
            #expect(message(text) != nil, "\(text)")
        }
    }

    @Test func aRoughDateIsStoredAsSaidAndAnExactOneAsBefore() throws {
        let inventory = try TestInventory("purchase-dates")
        defer { inventory.remove() }
        let store = inventory.store
        func create(_ name: String, _ text: String) throws -> Item {
            var input = ItemInput(name: name)
            input.details.purchaseDate = .some(try read(text))
            return try store.create(input)
        }
        let chair = try create("Chair", "2019"), lamp = try create("Lamp", "2019-06"), sofa = try create("Sofa", "about 5 years ago")
        let desk = try create("Desk", "2020-02-29")
        #expect(try store.item(id: chair.id).details.purchaseDate == .year(2019))
        #expect(try store.item(id: lamp.id).details.purchaseDate == .month(year: 2019, month: 6))
        #expect(try store.item(id: sofa.id).details.purchaseDate == .yearsAgo(5, saidOn: today))
        #expect(try store.item(id: desk.id).details.purchaseDate == .day(CalendarDate(iso: "2020-02-29")!))

        let stored = try inventory.database.read {
            try $0.rows("SELECT name, purchase_date, purchase_date_said FROM items ORDER BY id") {
                [$0.string(0), $0.optionalString(1) ?? "NULL", $0.optionalString(2) ?? "NULL"]
            }
        }
        #expect(stored == [["Chair", "2019-07-01", "2019"], ["Lamp", "2019-06-15", "2019-06"],
                           ["Sofa", "2021-12-06", "about 5 years before 2026-12-06"], ["Desk", "2020-02-29", "NULL"]],
                "the day age counts from, for sorting, beside what was said; an exact day as every item had it before")

        // Sorted by the day age counts from: the sofa (~Dec 2021), the desk (Feb 2020), the chair (mid-2019), the lamp (June 2019).
        #expect(try store.items(matching: ItemQuery(sort: .purchaseDate)).items.map(\.name) == ["Sofa", "Desk", "Chair", "Lamp"])

        var exact = ItemInput()
        exact.details.purchaseDate = .some(.day(CalendarDate(iso: "2019-03-02")!))
        _ = try store.update(id: chair.id, exact)
        #expect(try store.item(id: chair.id).details.purchaseDate == .day(CalendarDate(iso: "2019-03-02")!), "an exact date wins")
    }
}
