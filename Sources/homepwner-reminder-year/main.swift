import Foundation
import Inventory
import Reminders

// `homepwner-reminder-year [ITEMS]`: a year of reminders worked out for a household of ITEMS items
// (10,000) and 5 accounts, the day moved on one at a time, in the release build: for make bench
// (bench/reminders.py), beside the debug suite ReminderYearBenchmark that does the same through the
// app, its ledger and a real SMTP server. The household is the suite's: a third of the items with a
// warranty ending over the year, half with a replacement cost looked up over four years, none with
// a photo, added over 60 days; a few places walked through, a policy period, an open claim. The
// owner's facts hold the backups too, so its schedule differs from the other four's.
// Prints the seconds of each part as JSON; computes everything for each account on its own (the app
// shares one schedule between accounts whose facts are the same: this is the case without that).

let itemCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000
let start = CalendarDate(iso: "2027-01-04")!

func facts(owner: Bool) -> ReminderFacts {
    var facts = ReminderFacts()
    facts.items = (0..<itemCount).map { number in
        ReminderFacts.ItemFacts(
            id: Int64(number + 1), name: "Item \(number)", added: start.adding(days: -(number % 60)), hasPhoto: false,
            warrantyExpires: number % 3 == 0 ? start.adding(days: 1 + number % 365) : nil,
            replacementCostDate: number % 2 == 0 ? start.adding(days: -(number % 1_460)) : nil,
            value: Int64(6_000 + number % 120_000), valueText: "$\(60 + number % 1_200).00")
    }
    facts.places = (1...8).map { ReminderFacts.PlaceFacts(id: Int64($0), name: "Room \($0)", lastWalkedThrough: start.adding(days: -300 + $0 * 20)) }
    facts.policyPeriodEnd = start.adding(days: 200)
    facts.claims = [ReminderFacts.ClaimFacts(id: 1, name: "Kitchen fire", opened: start.adding(days: 10), proofOfLossDue: start.adding(days: 70),
                                             unpaidLines: 12, unpaidText: "$4,210.00")]
    if owner {
        facts.backup = ReminderFacts.BackupFacts(lastVerifiedAt: Date(timeIntervalSince1970: 1_798_000_000), interval: 86_400, grace: 3_600)
    }
    return facts
}

func seconds(_ work: () -> Void) -> Double {
    let began = DispatchTime.now().uptimeNanoseconds
    work()
    return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
}

let accountFacts = [facts(owner: true)] + (1...4).map { _ in facts(owner: false) }
var schedules: [ReminderSchedule] = []
let making = seconds { schedules = accountFacts.map(ReminderSchedule.init) }
var cameDue = 0, listed = 0
let days = (0..<365).map { start.adding(days: $0) }
let computing = seconds {
    for day in days { for schedule in schedules { cameDue += schedule.cameDue(on: day, lookingBack: 30).count } }
}
let listing = seconds {
    for day in days { for schedule in schedules { listed += schedule.due(on: day).count } }
}
let occasions = schedules.reduce(0) { $0 + $1.occasions.count }
print("""
{"items": \(itemCount), "accounts": 5, "days": 365, "occasions": \(occasions), \
"schedulesSeconds": \(String(format: "%.4f", making)), \
"cameDueSeconds": \(String(format: "%.4f", computing)), "cameDue": \(cameDue), \
"dueListsSeconds": \(String(format: "%.3f", listing)), "listed": \(listed)}
""")
