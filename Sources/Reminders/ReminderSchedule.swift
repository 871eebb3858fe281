import Foundation
import Inventory

/// Every occasion the facts make, and which of them are due on a day. The occasions depend on the
/// facts alone, never on the day they are worked out: the same facts give the same ids in every run.
public struct ReminderSchedule: Sendable {
    public let occasions: [Reminder]
    /// The occasions by their day (then id), for finding those of a few days without a pass over all.
    private let byDue: [Reminder]

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
        var occasions: [Reminder] = []
        for item in facts.items { Self.add(item, to: &occasions) }
        for place in facts.places {
            occasions.append(Reminder(kind: .walkthroughDue, subject: .place(place.id), due: place.lastWalkedThrough.adding(days: Self.walkthroughDays), until: nil,
                                      title: "What changed in \(place.name)?",
                                      detail: "\(place.name) was last walked through on \(place.lastWalkedThrough.iso). Film it again, so the inventory shows what is there now.",
                                      fix: .place(place.id)))
        }
        if let backup = facts.backup { Self.add(backup, to: &occasions) }
        if let end = facts.policyPeriodEnd {
            occasions.append(Reminder(kind: .policyRenewal, subject: .policy, due: end.adding(days: -Self.noticeDays), until: end,
                                      title: "The policy's period ends on \(end.iso): check the coverage",
                                      detail: "Check the coverage against the inventory before renewing: the contents limit, and the items worth a rider.",
                                      fix: .policy))
            occasions.append(Reminder(kind: .policyRenewal, subject: .policy, due: end, until: end,
                                      title: "The policy's period ends today",
                                      detail: "Make sure it was renewed, and enter the new period, so the coverage check goes by it.",
                                      fix: .policy))
        }
        for claim in facts.claims { Self.add(claim, to: &occasions) }
        self.occasions = occasions
        byDue = occasions.sorted { ($0.due, $0.id) < ($1.due, $1.id) }
    }

    /// The occasions whose day is from `first` through `last`, by day: what came due in those days,
    /// found by a binary search (an e-mail pass each minute looks at a few days of 10,000 items).
    public func occasions(dueFrom first: CalendarDate, through last: CalendarDate) -> ArraySlice<Reminder> {
        func start(of day: CalendarDate) -> Int {
            var low = 0, high = byDue.count
            while low < high {
                let middle = (low + high) / 2
                if byDue[middle].due < day { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let lower = start(of: first), upper = start(of: last.adding(days: 1))
        return lower < upper ? byDue[lower..<upper] : []
    }

    private static func add(_ item: ReminderFacts.ItemFacts, to occasions: inout [Reminder]) {
        if let end = item.warrantyExpires, !item.lifetimeWarranty {
            occasions.append(Reminder(kind: .warrantyEnding, subject: .item(item.id), due: end.adding(days: -noticeDays), until: end,
                                      title: "The warranty of \(item.name) ends on \(end.iso)",
                                      detail: "Anything wrong with it is still covered until then: check it now.",
                                      value: item.value, fix: .item(item.id, field: "warrantyExpires")))
            occasions.append(Reminder(kind: .warrantyEnds, subject: .item(item.id), due: end, until: end,
                                      title: "The warranty of \(item.name) ends today",
                                      detail: "Anything wrong with it is covered only until the end of today.",
                                      value: item.value, fix: .item(item.id, field: "warrantyExpires")))
        }
        if let looked = item.replacementCostDate {
            occasions.append(Reminder(kind: .replacementCostStale, subject: .item(item.id), due: looked.adding(years: replacementCostYears), until: nil,
                                      title: "The replacement cost of \(item.name)\(item.valueText.map { " (\($0))" } ?? "") is over \(replacementCostYears) years old",
                                      detail: "It was looked up on \(looked.iso). Look it up again: prices move, and a claim pays what buying it again costs now.",
                                      value: item.value, fix: .item(item.id, field: "replacementCost")))
        }
        if !item.hasPhoto {
            occasions.append(Reminder(kind: .photoMissing, subject: .item(item.id), due: item.added.adding(days: photoGraceDays), until: nil,
                                      title: "\(item.name) has no photo yet",
                                      detail: "It was added on \(item.added.iso). A photo is the first thing an adjuster asks for.",
                                      value: item.value, fix: .item(item.id, field: "photos")))
        }
    }

    private static func add(_ backup: ReminderFacts.BackupFacts, to occasions: inout [Reminder]) {
        if let failed = backup.failedAt {
            occasions.append(Reminder(kind: .backupFailed, subject: .backup, due: CalendarDate(failed), until: nil,
                                      title: "The last backup failed",
                                      detail: (backup.problem ?? "It could not be verified.") + (backup.lastVerifiedAt == nil ? " There is no verified backup yet." : ""),
                                      fix: .backups))
        } else if let last = backup.lastVerifiedAt, let interval = backup.interval {
            occasions.append(Reminder(kind: .backupOverdue, subject: .backup, due: CalendarDate(last.addingTimeInterval(interval + backup.grace)), until: nil,
                                      title: "The last verified backup is older than the schedule",
                                      detail: "It was made on \(CalendarDate(last).iso). Check that the server is running and that the backup folder is there and can be written.",
                                      fix: .backups))
        }
    }

    private static func add(_ claim: ReminderFacts.ClaimFacts, to occasions: inout [Reminder]) {
        if let deadline = claim.proofOfLossDue {
            for days in proofOfLossNotices {
                let due = deadline.adding(days: -days)
                // A notice for a day before the claim was made was never due.
                guard due >= claim.opened else { continue }
                occasions.append(Reminder(kind: .proofOfLoss, subject: .claim(claim.id), due: due, until: deadline,
                                          title: "The proof of loss for \(claim.name) is due on \(deadline.iso)",
                                          detail: "Send the sworn statement in proof of loss with the schedule before then, or ask the insurer for more time in writing.",
                                          fix: .claim(claim.id, part: "proofOfLossDue")))
            }
        }
        if claim.unpaidLines > 0 {
            let due = (claim.proofOfLossDue ?? claim.opened.adding(days: 60)).adding(days: paymentDays)
            occasions.append(Reminder(kind: .paymentExpected, subject: .claim(claim.id), due: max(due, claim.opened), until: nil,
                                      title: "\(claim.name): \(claim.unpaidLines == 1 ? "1 line is" : "\(claim.unpaidLines) lines are") not fully paid",
                                      detail: "Still expected: \(claim.unpaidText). Record each payment on its line when it comes, or ask the insurer when it will.",
                                      fix: .claim(claim.id, part: "lines")))
        }
        if claim.replacedUnpaidLines > 0, let replaced = claim.lastReplaced {
            occasions.append(Reminder(kind: .depreciationRecoverable, subject: .claim(claim.id), due: replaced, until: nil,
                                      title: "\(claim.name): claim the depreciation held back on \(claim.replacedUnpaidLines == 1 ? "1 replaced line" : "\(claim.replacedUnpaidLines) replaced lines")",
                                      detail: "Send the insurer the new receipts: \(claim.replacedUnpaidText) is recoverable now that they are replaced.",
                                      fix: .claim(claim.id, part: "lines")))
        }
    }

    /// What is due on `today`, and soon due (within `soonDays`): one reminder per family and subject —
    /// the latest of its occasions that has come, else the next one to come. Those already due come
    /// first (by kind, then most value first, then the earliest); then the soon due by their day.
    public func due(on today: CalendarDate, soonDays: Int = ReminderSchedule.soonDays) -> [Reminder] {
        let horizon = today.adding(days: soonDays)
        var chosen: [Reminder.FamilyKey: Reminder] = [:]
        for occasion in occasions where occasion.stands(on: today) && occasion.due <= horizon {
            let isDue = occasion.due <= today
            guard isDue || occasion.kind.showsBeforeDue else { continue }
            let key = occasion.familyKey
            guard let current = chosen[key] else { chosen[key] = occasion; continue }
            let currentIsDue = current.due <= today
            switch (isDue, currentIsDue) {
            case (true, false): chosen[key] = occasion
            case (true, true): if occasion.due > current.due { chosen[key] = occasion }
            case (false, false): if occasion.due < current.due { chosen[key] = occasion }
            case (false, true): break
            }
        }
        return chosen.values.sorted { a, b in
            let aDue = a.due <= today, bDue = b.due <= today
            if aDue != bDue { return aDue }
            if aDue {
                if a.kind != b.kind { return a.kind < b.kind }
                if (a.value ?? -1) != (b.value ?? -1) { return (a.value ?? -1) > (b.value ?? -1) }
            }
            if a.due != b.due { return a.due < b.due }
            return a.id < b.id
        }
    }
}
