import Foundation
import Inventory
import Messages

/// Every occasion the facts make, and which of them are due on a day. The occasions depend on the
/// facts alone, never on the day they are worked out: the same facts give the same ids in every run.
public struct ReminderSchedule: Sendable {
    public let occasions: [Reminder]
    /// The occasions by their day (then id), for finding those of a few days without a pass over all.
    private let byDue: [Reminder]
    /// For each of `byDue`, its kind family and subject as a number from 0 (`familyCount` of them), so
    /// that choosing one per family is an array's slot, not a dictionary's hashing.
    private let family: [Int]
    private let familyCount: Int
    /// `byDue`'s indices in the order of what is due (kind, most value first, day, id), and for each of
    /// `byDue` its place in the order an e-mail lists (most value first, day, id): made once, so a
    /// daily list is passes over arrays, not a sort of reminders (a year of them at 10,000 items and
    /// 5 accounts is 1,825 lists of thousands).
    private let byDueRank: [Int]
    private let mailRank: [Int]
    /// For each of `byDue`: its day and last day as day numbers (`Int.max`: until fixed), and whether
    /// it shows before its day, read without following a reference each.
    private let dueDays: [Int]
    private let untilDays: [Int]
    private let showsEarly: [Bool]

    /// Days before a warranty ends, or the policy's period, that the first notice comes. Titles name
    /// the day itself, never "in N days": a reminder is read on other days than its own.
    public static let noticeDays = 30
    /// Days before a proof of loss is due that a notice comes.
    public static let proofOfLossNotices = [30, 14, 7, 3, 1]
    /// A replacement cost older than this many years is looked up again.
    public static let replacementCostYears = 2
    /// Days an item may go without a photo after it was added.
    public static let photoGraceDays = 30
    /// Days after which a place is walked through again.
    public static let walkthroughDays = 365
    /// Days after a proof of loss that insurers commonly pay within (many US states' prompt-payment rules).
    public static let paymentDays = 30
    /// How far ahead the list of what is due looks ("soon due").
    public static let soonDays = 30

    public init(_ facts: ReminderFacts) {
        self.init(every: [facts])
    }

    /// The occasions of several households' facts together: an account's, from every household it is in.
    public init(every households: [ReminderFacts]) {
        var occasions: [Reminder] = []
        for facts in households { Self.add(facts, to: &occasions) }
        self.init(occasions: occasions)
    }

    private static func add(_ facts: ReminderFacts, to occasions: inout [Reminder]) {
        let household = facts.household
        for item in facts.items { add(item, in: household, to: &occasions) }
        for place in facts.places {
            occasions.append(Reminder(kind: .walkthroughDue, subject: .place(place.id), due: place.lastWalkedThrough.adding(days: Self.walkthroughDays), until: nil,
                                      title: "What changed in \(place.name)?",
                                      detail: "\(place.name) was last walked through on \(place.lastWalkedThrough.english). Film it again, so the inventory shows what is there now.",
                                      fix: .place(place.id), wording: ReminderWording("walkthrough-due", ["place": .text(place.name), "date": .day(place.lastWalkedThrough)]), household: household))
        }
        if let backup = facts.backup { add(backup, to: &occasions) }
        if let end = facts.policyPeriodEnd {
            occasions.append(Reminder(kind: .policyRenewal, subject: .policy(facts.idPrefix), due: end.adding(days: -Self.noticeDays), until: end,
                                      title: "The policy's period ends on \(end.english): check the coverage",
                                      detail: "Check the coverage against the inventory before renewing: the contents limit, and the items worth a rider.",
                                      fix: .policy, wording: ReminderWording("policy-renewal", ["date": .day(end)]), household: household))
            occasions.append(Reminder(kind: .policyRenewal, subject: .policy(facts.idPrefix), due: end, until: end,
                                      title: "The policy's period ends today",
                                      detail: "Make sure it was renewed, and enter the new period, so the coverage check goes by it.",
                                      fix: .policy, wording: ReminderWording("policy-ends"), household: household))
        }
        for claim in facts.claims { add(claim, in: household, to: &occasions) }
    }

    private init(occasions: [Reminder]) {
        self.occasions = occasions
        let byDue = occasions.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
        var families: [Reminder.FamilyKey: Int] = [:]
        family = byDue.map { occasion in
            if let number = families[occasion.familyKey] { return number }
            families[occasion.familyKey] = families.count
            return families.count - 1
        }
        familyCount = families.count
        // Ties go by place in byDue, whose order is (day, id).
        byDueRank = byDue.indices.sorted { a, b in
            let x = byDue[a], y = byDue[b]
            return x.kind != y.kind ? x.kind < y.kind : (x.value ?? -1) != (y.value ?? -1) ? (x.value ?? -1) > (y.value ?? -1) : a < b
        }
        var mailRank = [Int](repeating: 0, count: byDue.count)
        for (place, index) in byDue.indices.sorted(by: { a, b in
            let x = byDue[a].value ?? -1, y = byDue[b].value ?? -1
            return x != y ? x > y : a < b
        }).enumerated() { mailRank[index] = place }
        self.mailRank = mailRank
        dueDays = byDue.map(\.due.dayNumber)
        untilDays = byDue.map { $0.until?.dayNumber ?? .max }
        showsEarly = byDue.map(\.kind.showsBeforeDue)
        self.byDue = byDue
    }

    /// The occasions whose day is from `first` through `last`, by day: what came due in those days,
    /// found by a binary search (an e-mail pass each minute looks at a few days of 10,000 items).
    public func occasions(dueFrom first: CalendarDate, through last: CalendarDate) -> ArraySlice<Reminder> {
        let lower = firstIndex(dueOnOrAfter: first), upper = firstIndex(dueOnOrAfter: last.adding(days: 1))
        return lower < upper ? byDue[lower..<upper] : []
    }

    private func firstIndex(dueOnOrAfter day: CalendarDate) -> Int {
        var low = 0, high = byDue.count
        while low < high {
            let middle = (low + high) / 2
            if byDue[middle].due < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// What came due in the `lookingBack` days up to `today` and still stands, the latest of each kind
    /// family and subject (a warranty's notice and its day, both past: only the day), most value first:
    /// what an e-mail pass sends.
    public func cameDue(on today: CalendarDate, lookingBack days: Int) -> [Reminder] {
        var latest = [Int](repeating: -1, count: familyCount)
        var chosen: [Int] = []
        for index in occasions(dueFrom: today.adding(days: -days), through: today).indices where byDue[index].stands(on: today) {
            if latest[family[index]] < 0 { chosen.append(index) }
            latest[family[index]] = index  // by day: a later one replaces an earlier
        }
        return chosen.map { latest[family[$0]] }.sorted { mailRank[$0] < mailRank[$1] }.map { byDue[$0] }
    }

    private static func add(_ item: ReminderFacts.ItemFacts, in household: Int64?, to occasions: inout [Reminder]) {
        if let end = item.warrantyExpires, !item.lifetimeWarranty {
            occasions.append(Reminder(kind: .warrantyEnding, subject: .item(item.id), due: end.adding(days: -noticeDays), until: end,
                                      title: "The warranty of \(item.name) ends on \(end.english)",
                                      detail: "Anything wrong with it is still covered until then: check it now.",
                                      value: item.value, fix: .item(item.id, field: "warrantyExpires"),
                                      wording: ReminderWording("warranty-ending", ["item": .text(item.name), "date": .day(end)]), household: household))
            occasions.append(Reminder(kind: .warrantyEnds, subject: .item(item.id), due: end, until: end,
                                      title: "The warranty of \(item.name) ends today",
                                      detail: "Anything wrong with it is covered only until the end of today.",
                                      value: item.value, fix: .item(item.id, field: "warrantyExpires"), wording: ReminderWording("warranty-ends", ["item": .text(item.name)]), household: household))
        }
        if let looked = item.replacementCostDate {
            occasions.append(Reminder(kind: .replacementCostStale, subject: .item(item.id), due: looked.adding(years: replacementCostYears), until: nil,
                                      title: "The replacement cost of \(item.name)\(item.valueText.map { " (\($0))" } ?? "") is over \(replacementCostYears) years old",
                                      detail: "It was looked up on \(looked.english). Look it up again: prices move, and a claim pays what buying it again costs now.",
                                      value: item.value, fix: .item(item.id, field: "replacementCost"),
                                      wording: ReminderWording(item.valueText == nil ? "replacement-cost-stale" : "replacement-cost-stale-valued",
                                                               ["item": .text(item.name), "value": .text(item.valueText ?? ""), "date": .day(looked), "count": .count(replacementCostYears)]), household: household))
        }
        if !item.hasPhoto {
            occasions.append(Reminder(kind: .photoMissing, subject: .item(item.id), due: item.added.adding(days: photoGraceDays), until: nil,
                                      title: "\(item.name) has no photo yet",
                                      detail: "It was added on \(item.added.english). A photo is the first thing an adjuster asks for.",
                                      value: item.value, fix: .item(item.id, field: "photos"), wording: ReminderWording("photo-missing", ["item": .text(item.name), "date": .day(item.added)]), household: household))
        }
    }

    private static func add(_ backup: ReminderFacts.BackupFacts, to occasions: inout [Reminder]) {
        if let failed = backup.failedAt {
            occasions.append(Reminder(kind: .backupFailed, subject: .backup, due: CalendarDate(failed), until: nil,
                                      title: "The last backup failed",
                                      detail: (backup.problem ?? "It could not be verified.") + (backup.lastVerifiedAt == nil ? " There is no verified backup yet." : ""),
                                      fix: .backups, wording: ReminderWording((backup.problem == nil ? "backup-unverified" : "backup-failed") + (backup.lastVerifiedAt == nil ? "-never" : ""),
                                                                              ["problem": .text(backup.problem ?? "")])))
        } else if let last = backup.lastVerifiedAt, let interval = backup.interval {
            occasions.append(Reminder(kind: .backupOverdue, subject: .backup, due: CalendarDate(last.addingTimeInterval(interval + backup.grace)), until: nil,
                                      title: "The last verified backup is older than the schedule",
                                      detail: "It was made on \(CalendarDate(last).english). Check that the server is running and that the backup folder is there and can be written.",
                                      fix: .backups, wording: ReminderWording("backup-overdue", ["date": .day(CalendarDate(last))])))
        }
    }

    private static func add(_ claim: ReminderFacts.ClaimFacts, in household: Int64?, to occasions: inout [Reminder]) {
        if let deadline = claim.proofOfLossDue {
            for days in proofOfLossNotices {
                let due = deadline.adding(days: -days)
                // A notice for a day before the claim was made was never due.
                guard due >= claim.opened else { continue }
                occasions.append(Reminder(kind: .proofOfLoss, subject: .claim(claim.id), due: due, until: deadline,
                                          title: "The proof of loss for \(claim.name) is due on \(deadline.english)",
                                          detail: "Send the sworn statement in proof of loss with the schedule before then, or ask the insurer for more time in writing.",
                                          fix: .claim(claim.id, part: "proofOfLossDue"), wording: ReminderWording("proof-of-loss", ["claim": .text(claim.name), "date": .day(deadline)]), household: household))
            }
        }
        if claim.unpaidLines > 0 {
            let due = (claim.proofOfLossDue ?? claim.opened.adding(days: 60)).adding(days: paymentDays)
            occasions.append(Reminder(kind: .paymentExpected, subject: .claim(claim.id), due: max(due, claim.opened), until: nil,
                                      title: "\(claim.name): \(claim.unpaidLines == 1 ? "1 line is" : "\(claim.unpaidLines) lines are") not fully paid",
                                      detail: "Still expected: \(claim.unpaidText). Record each payment on its line when it comes, or ask the insurer when it will.",
                                      fix: .claim(claim.id, part: "lines"),
                                      wording: ReminderWording("payment-expected", ["claim": .text(claim.name), "amount": .text(claim.unpaidText), "lines": .count(claim.unpaidLines)]), household: household))
        }
        if claim.replacedUnpaidLines > 0, let replaced = claim.lastReplaced {
            occasions.append(Reminder(kind: .depreciationRecoverable, subject: .claim(claim.id), due: replaced, until: nil,
                                      title: "\(claim.name): claim the depreciation held back on \(claim.replacedUnpaidLines == 1 ? "1 replaced line" : "\(claim.replacedUnpaidLines) replaced lines")",
                                      detail: "Send the insurer the new receipts: \(claim.replacedUnpaidText) is recoverable now that they are replaced.",
                                      fix: .claim(claim.id, part: "lines"),
                                      wording: ReminderWording("depreciation-recoverable", ["claim": .text(claim.name), "amount": .text(claim.replacedUnpaidText),
                                                                                           "lines": .count(claim.replacedUnpaidLines)]), household: household))
        }
    }

    /// What is due on `today`, and soon due (within `soonDays`): one reminder per family and subject —
    /// the latest of its occasions that has come, else the next one to come. Those already due come
    /// first (by kind, then most value first, then the earliest); then the soon due by their day.
    public func due(on today: CalendarDate, soonDays: Int = ReminderSchedule.soonDays) -> [Reminder] {
        let day = today.dayNumber, end = firstIndex(dueOnOrAfter: today.adding(days: soonDays + 1))
        // The index shown for each family: those due by the horizon are the first `end` of `byDue`,
        // by day, so of those come the latest replaces an earlier, and of those to come the first stays.
        var shown = [Int](repeating: -1, count: familyCount)
        for index in 0..<end where untilDays[index] >= day && (dueDays[index] <= day || showsEarly[index]) {
            let current = shown[family[index]]
            if current < 0 || (dueDays[index] <= day && dueDays[index] > dueDays[current]) { shown[family[index]] = index }
        }
        // Those already due by kind, most value first, then day; then those soon due by day: both
        // orders made once, so a list is two passes and no sorting.
        var list: [Reminder] = []
        for index in byDueRank where index < end && dueDays[index] <= day && shown[family[index]] == index { list.append(byDue[index]) }
        for index in 0..<end where dueDays[index] > day && shown[family[index]] == index { list.append(byDue[index]) }
        return list
    }
}
