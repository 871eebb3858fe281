import Clocks
import Foundation
import Inventory
import Reminders
import Testing

@Suite struct ReminderScheduleTests {
    static func day(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

    /// A year of days, one at a time on a test clock: each occasion is listed from the day it comes
    /// (or, when it is worth a warning, 30 days before) and under the same id every day.
    @Test func aYearOfDaysGivesEachOccasionOnceUnderOneID() {
        let facts = ReminderFacts(
            items: [
                .init(id: 1, name: "Television", added: Self.day("2025-01-10"), warrantyExpires: Self.day("2026-06-15")),
                .init(id: 2, name: "Sofa", added: Self.day("2026-03-01"), hasPhoto: false),
                .init(id: 3, name: "Ring", added: Self.day("2020-01-01"), replacementCostDate: Self.day("2024-09-01"), value: 250_000),
                .init(id: 4, name: "Drill", added: Self.day("2020-01-01"), warrantyExpires: Self.day("2026-05-01"), lifetimeWarranty: true),
            ],
            places: [.init(id: 7, name: "the Study", lastWalkedThrough: Self.day("2025-11-02"))],
            policyPeriodEnd: Self.day("2026-10-31"))
        let schedule = ReminderSchedule(facts)
        let clock = TestClock(Self.day("2026-01-01").startInUTC.addingTimeInterval(8 * 3_600))
        var firstListed: [String: CalendarDate] = [:], firstDue: [String: CalendarDate] = [:]
        for _ in 0..<365 {
            let today = clock.today
            for reminder in schedule.due(on: today) {
                if firstListed[reminder.id] == nil { firstListed[reminder.id] = today }
                if reminder.due <= today, firstDue[reminder.id] == nil { firstDue[reminder.id] = today }
            }
            clock.advance(by: 86_400)
        }
        #expect(firstDue == [
            "warranty-ending:item-1:2026-05-16": Self.day("2026-05-16"),
            "warranty-ends:item-1:2026-06-15": Self.day("2026-06-15"),
            "photo-missing:item-2:2026-03-31": Self.day("2026-03-31"),
            "replacement-cost-stale:item-3:2026-09-01": Self.day("2026-09-01"),
            "walkthrough-due:place-7:2026-11-02": Self.day("2026-11-02"),
            "policy-renewal:policy:2026-10-01": Self.day("2026-10-01"),
            "policy-renewal:policy:2026-10-31": Self.day("2026-10-31"),
        ])
        // A deadline is listed 30 days ahead of its day, a missing photo only once due; the lifetime warranty never.
        #expect(firstListed["warranty-ending:item-1:2026-05-16"] == Self.day("2026-04-16"))
        #expect(firstListed["photo-missing:item-2:2026-03-31"] == Self.day("2026-03-31"))
        #expect(!firstListed.keys.contains { $0.contains("item-4") })
        // The warranty's two notices replace each other: the day it ends, only "ends today" is listed.
        let onTheDay = schedule.due(on: Self.day("2026-06-15")).filter { $0.subject == .item(1) }
        #expect(onTheDay.map(\.kind) == [.warrantyEnds])
        #expect(schedule.due(on: Self.day("2026-06-16")).filter { $0.subject == .item(1) }.isEmpty)
    }

    @Test func theSameFactsGiveTheSameIDsAndDaysInEveryRun() {
        let facts = ReminderFacts(items: [.init(id: 12, name: "TV", added: Self.day("2026-01-01"), hasPhoto: false, warrantyExpires: Self.day("2027-03-31"))])
        #expect(ReminderSchedule(facts).occasions.map(\.id) == ReminderSchedule(facts).occasions.map(\.id))
        #expect(ReminderSchedule(facts).occasions.map(\.id).sorted() == [
            "photo-missing:item-12:2026-01-31", "warranty-ending:item-12:2027-03-01", "warranty-ends:item-12:2027-03-31",
        ])
    }

    /// Two households' facts together (an account in both): each household's policy is listed on its
    /// own, the first's under the id it always had; what is another household's says which.
    @Test func twoHouseholdsPoliciesAreEachListedAndTheOthersNameTheirHousehold() {
        var home = ReminderFacts(items: [.init(id: 1, name: "Lamp", added: Self.day("2026-01-01"), warrantyExpires: Self.day("2026-06-15"))],
                                 policyPeriodEnd: Self.day("2026-06-30"))
        home.idPrefix = 0
        var flat = ReminderFacts(items: [.init(id: 2 << 32 | 1, name: "Bike", added: Self.day("2026-01-01"), warrantyExpires: Self.day("2026-06-20"))],
                                 policyPeriodEnd: Self.day("2026-07-10"))
        flat.idPrefix = 2
        flat.household = 2
        let listed = ReminderSchedule(every: [home, flat]).due(on: Self.day("2026-06-10"))
        #expect(Set(listed.map(\.id)) == [
            "warranty-ending:item-1:2026-05-16", "warranty-ending:item-8589934593:2026-05-21",
            "policy-renewal:policy:2026-05-31", "policy-renewal:policy-2:2026-06-10",
        ])
        #expect(listed.filter { $0.household == 2 }.map(\.subject.key).sorted() == ["item-8589934593", "policy-2"])
        #expect(listed.filter { $0.household == nil }.map(\.subject.key).sorted() == ["item-1", "policy"])
        #expect(ReminderSchedule(every: [home]).occasions == ReminderSchedule(home).occasions)
    }

    @Test func staleReplacementCostsAreListedMostValueFirst() {
        let facts = ReminderFacts(items: [
            .init(id: 1, name: "Lamp", added: Self.day("2020-01-01"), replacementCostDate: Self.day("2021-01-01"), value: 4_000),
            .init(id: 2, name: "Piano", added: Self.day("2020-01-01"), replacementCostDate: Self.day("2023-06-01"), value: 900_000),
            .init(id: 3, name: "Chair", added: Self.day("2020-01-01"), replacementCostDate: Self.day("2022-02-01"), value: 15_000),
            .init(id: 4, name: "Desk", added: Self.day("2020-01-01"), replacementCostDate: Self.day("2026-01-01"), value: 99_000_000),
        ])
        let due = ReminderSchedule(facts).due(on: Self.day("2026-12-06"))
        #expect(due.map(\.subject) == [.item(2), .item(3), .item(1)])
    }

    @Test func aProofOfLossIsRemindedAt30_14_7_3And1DaysFromTheClaimsStart() {
        let claim = ReminderFacts.ClaimFacts(id: 3, name: "Kitchen fire", opened: Self.day("2026-11-10"), proofOfLossDue: Self.day("2026-12-20"))
        let occasions = ReminderSchedule(ReminderFacts(claims: [claim])).occasions
        #expect(occasions.map(\.due) == ["2026-11-20", "2026-12-06", "2026-12-13", "2026-12-17", "2026-12-19"].map(Self.day))
        #expect(occasions.allSatisfy { $0.kind == .proofOfLoss && $0.until == Self.day("2026-12-20") })
        // Opened 10 days before the deadline: the 30- and 14-day notices were never due.
        let late = ReminderFacts.ClaimFacts(id: 4, name: "Flood", opened: Self.day("2026-12-10"), proofOfLossDue: Self.day("2026-12-20"))
        #expect(ReminderSchedule(ReminderFacts(claims: [late])).occasions.map(\.due) == ["2026-12-13", "2026-12-17", "2026-12-19"].map(Self.day))
        // Listed: the latest notice that has come.
        let listed = ReminderSchedule(ReminderFacts(claims: [claim])).due(on: Self.day("2026-12-15"))
        #expect(listed.map(\.id) == ["proof-of-loss:claim-3:2026-12-13"])
    }

    @Test func paymentsAndDepreciationStillOwedOnAnOpenClaim() {
        let claim = ReminderFacts.ClaimFacts(id: 5, name: "Burglary", opened: Self.day("2026-01-05"), proofOfLossDue: Self.day("2026-03-06"),
                                             unpaidLines: 2, unpaidText: "$1,200.00", replacedUnpaidLines: 1, lastReplaced: Self.day("2026-04-02"),
                                             replacedUnpaidText: "$300.00")
        let occasions = ReminderSchedule(ReminderFacts(claims: [claim])).occasions.filter { $0.kind != .proofOfLoss }
        #expect(occasions.map(\.id) == ["payment-expected:claim-5:2026-04-05", "depreciation-recoverable:claim-5:2026-04-02"])
        #expect(occasions[0].title == "Burglary: 2 lines are not fully paid")
    }

    @Test func aBackupIsRemindedOnlyOnceItFailedOrIsLate() {
        let verified = Self.day("2026-12-01").startInUTC.addingTimeInterval(3 * 3_600)
        let late = ReminderSchedule(ReminderFacts(backup: .init(lastVerifiedAt: verified, interval: 86_400, grace: 3_600)))
        #expect(late.occasions.map(\.id) == ["backup-overdue:backup:2026-12-02"])
        #expect(late.due(on: Self.day("2026-12-01")).isEmpty)
        #expect(late.due(on: Self.day("2026-12-02")).map(\.kind) == [.backupOverdue])
        let failed = ReminderSchedule(ReminderFacts(backup: .init(failedAt: verified, problem: "The disk is full.")))
        #expect(failed.due(on: Self.day("2026-12-01")).map(\.detail) == ["The disk is full. There is no verified backup yet."])
    }

    /// A calendar shows an evening's import without photos as one event of that day, not one per
    /// item; warranties stay one event each. The group's UID is its kind and day, however many.
    @Test func theCalendarGroupsWhatIsSaidOfManyItemsOnADay() {
        let added = Self.day("2026-11-01")
        let facts = ReminderFacts(items: [
            .init(id: 1, name: "Lamp", added: added, hasPhoto: false, value: 4_000),
            .init(id: 2, name: "Piano", added: added, hasPhoto: false, warrantyExpires: Self.day("2027-02-01"), value: 900_000),
            .init(id: 3, name: "Rug", added: added, hasPhoto: false),
            .init(id: 4, name: "Desk", added: Self.day("2026-11-02"), hasPhoto: false),
        ])
        let entries = ReminderSchedule(facts).calendarEntries(from: Self.day("2026-11-01"))
        #expect(entries.map(\.uid) == ["photo-missing:2026-12-01", "photo-missing:2026-12-02", "warranty-ending:item-2:2027-01-02", "warranty-ends:item-2:2027-02-01"])
        guard case .group(.photoMissing, _, let reminders) = entries[0] else { Issue.record("\(entries[0])"); return }
        #expect(reminders.map(\.subject) == [.item(2), .item(1), .item(3)], "most value first")
        #expect(ReminderSchedule(facts).calendarEntries(from: Self.day("2026-12-02")).count == 3, "what fell due before the feed's start is left out")
    }

    /// The lists are made from orders worked out once (they must be fast at 10,000 items): on many
    /// households and every day of two years, they are exactly what their plain definitions give.
    @Test func theListsAreWhatTheirPlainDefinitionsGive() {
        var generator = SystemRandomNumberGenerator()
        let start = Self.day("2026-01-01")
        for _ in 0..<20 {
            let count = Int.random(in: 1...60, using: &generator)
            let items = (0..<count).map { number in
                ReminderFacts.ItemFacts(
                    id: Int64(number + 1), name: "Item \(number)", added: start.adding(days: Int.random(in: -400...300, using: &generator)),
                    hasPhoto: Bool.random(using: &generator),
                    warrantyExpires: Bool.random(using: &generator) ? start.adding(days: Int.random(in: -100...700, using: &generator)) : nil,
                    lifetimeWarranty: Int.random(in: 0..<10, using: &generator) == 0,
                    replacementCostDate: Bool.random(using: &generator) ? start.adding(days: Int.random(in: -1_000...300, using: &generator)) : nil,
                    value: Bool.random(using: &generator) ? Int64.random(in: 0...5, using: &generator) * 1_000 : nil)
            }
            let claim = ReminderFacts.ClaimFacts(id: 1, name: "Fire", opened: start.adding(days: 100), proofOfLossDue: start.adding(days: 160),
                                                 unpaidLines: 2, unpaidText: "$20.00")
            let schedule = ReminderSchedule(ReminderFacts(items: items, places: [.init(id: 1, name: "Study", lastWalkedThrough: start)],
                                                          policyPeriodEnd: start.adding(days: 250), claims: [claim]))
            for offset in stride(from: -30, to: 730, by: 3) {
                let today = start.adding(days: offset)
                #expect(schedule.due(on: today).map(\.id) == Self.plainDue(schedule.occasions, on: today).map(\.id), "\(today)")
                #expect(schedule.cameDue(on: today, lookingBack: 30).map(\.id) == Self.plainCameDue(schedule.occasions, on: today, lookingBack: 30).map(\.id))
            }
        }
    }

    /// One per kind family and subject: the latest of those come, else the first to come within 30
    /// days (deadlines only); those come by kind, most value first, day, id; then the rest by day, id.
    static func plainDue(_ occasions: [Reminder], on today: CalendarDate) -> [Reminder] {
        let standing = occasions.filter { $0.stands(on: today) && $0.due <= today.adding(days: ReminderSchedule.soonDays) && ($0.due <= today || $0.kind.showsBeforeDue) }
        let chosen = Dictionary(grouping: standing, by: \.familyKey).values.map { family in
            family.filter { $0.due <= today }.max { ($0.due, $1.id) < ($1.due, $0.id) } ?? family.min { ($0.due, $0.id) < ($1.due, $1.id) }!
        }
        let come = chosen.filter { $0.due <= today }.sorted { a, b in
            a.kind != b.kind ? a.kind < b.kind : (a.value ?? -1) != (b.value ?? -1) ? (a.value ?? -1) > (b.value ?? -1) : (a.due, a.id) < (b.due, b.id)
        }
        return come + chosen.filter { $0.due > today }.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
    }

    /// Of those come in the days looked back over and standing, the latest of each family; most value first, day, id.
    static func plainCameDue(_ occasions: [Reminder], on today: CalendarDate, lookingBack days: Int) -> [Reminder] {
        let come = occasions.filter { $0.due <= today && $0.due >= today.adding(days: -days) && $0.stands(on: today) }
        return Dictionary(grouping: come, by: \.familyKey).values.map { family in family.max { ($0.due, $1.id) < ($1.due, $0.id) }! }
            .sorted { a, b in (a.value ?? -1) != (b.value ?? -1) ? (a.value ?? -1) > (b.value ?? -1) : (a.due, a.id) < (b.due, b.id) }
    }
}
