import Accounts
import Backup
import Claims
import Database
import Foundation
import Households
import Inventory
import Localization
import Reminders

/// The facts the reminders are worked out from, read from the stores for one account: the items,
/// walked-through places, policy and open claims of every household it is a member of; the
/// server's backups for owners. The local user of a server open without accounts, who is no member
/// of any, is reminded of the first household's, the only one there is.
struct ReminderFactsReader: Sendable {
    let items: ItemStore
    let claims: ClaimStore
    let households: HouseholdStore
    let backups: BackupNotices?

    /// Each household's items' and places' facts, the same for each of its members: made again only
    /// when the inventory changes.
    private let householdFacts = RevisionKeyedCache<HouseholdID, Household>(capacity: 64)

    struct Household: Sendable {
        let items: [ReminderFacts.ItemFacts]
        let places: [ReminderFacts.PlaceFacts]
    }

    /// Schedules, and the lists of what is due made from them, kept until the items or the claims
    /// change (or the backups' state, or the day): a schedule of 10,000 items takes tens of
    /// milliseconds to make, and the home page shows what is due on every visit.
    private let schedules = RevisionKeyedCache<ScheduleKey, ReminderSchedule>(capacity: 8)
    private let dueLists = RevisionKeyedCache<DueKey, [Reminder]>(capacity: 16)
    private let cameDueLists = RevisionKeyedCache<DueKey, [Reminder]>(capacity: 16)
    /// Calendar feeds as sent, by the site's address they link to (a feed of 10,000 items is megabytes).
    private let feeds = RevisionKeyedCache<FeedKey, [UInt8]>(capacity: 8)

    /// What a schedule depends on besides the items (the cache's revision): the households it is
    /// of (the first the reader's current one), the claims, and for an owner the backups' state.
    struct ScheduleKey: Hashable, Sendable {
        let households: [HouseholdID]
        let claims: Int
        let backup: ReminderFacts.BackupFacts?
    }

    struct DueKey: Hashable, Sendable {
        let schedule: ScheduleKey
        let day: CalendarDate
    }

    struct FeedKey: Hashable, Sendable {
        let due: DueKey
        let site: String
        /// The kinds the account keeps out of its calendar.
        let off: Set<String>
        /// The account's language, which the feed is written in.
        let language: LanguageTag
    }

    /// Every occasion the account's facts make.
    func schedule(for account: Account) throws -> ReminderSchedule {
        try keyedSchedule(for: account).schedule
    }

    /// What is due for the account on `day`, and soon due (`ReminderSchedule.due(on:)`).
    func due(for account: Account, on day: CalendarDate) throws -> [Reminder] {
        let revision = items.revision
        let (key, schedule) = try keyedSchedule(for: account)
        return dueLists.value(for: DueKey(schedule: key, day: day), at: revision) { schedule.due(on: day) }
    }

    /// What came due for the account in the days up to `day` (`ReminderSchedule.cameDue`), worked out
    /// once per change and day for every account of the same schedule.
    func cameDue(for account: Account, on day: CalendarDate) throws -> [Reminder] {
        let revision = items.revision
        let (key, schedule) = try keyedSchedule(for: account)
        return cameDueLists.value(for: DueKey(schedule: key, day: day), at: revision) { schedule.cameDue(on: day, lookingBack: ReminderMailer.catchUpDays) }
    }

    /// The account's calendar feed on `day` as `make` writes it from the schedule, made once per
    /// change, day, `site` (the address its links start with) and kinds left out (`off`).
    func feed(for account: Account, on day: CalendarDate, site: String, language: LanguageTag, leavingOut off: Set<String>,
              make: (ReminderSchedule) -> [UInt8]) throws -> [UInt8] {
        let revision = items.revision
        let (key, schedule) = try keyedSchedule(for: account)
        return feeds.value(for: FeedKey(due: DueKey(schedule: key, day: day), site: site, off: off, language: language), at: revision) { make(schedule) }
    }

    private func keyedSchedule(for account: Account) throws -> (key: ScheduleKey, schedule: ReminderSchedule) {
        // Both revisions are read before the facts: a schedule is never older than its key.
        let revision = items.revision
        let backup = backupFacts(for: account)
        let households = try households(of: account)
        let key = ScheduleKey(households: households.map(\.id), claims: claims.revision, backup: backup)
        return (key, try schedules.value(for: key, at: revision) {
            // The current household's facts link as they always have; another's name their household.
            ReminderSchedule(every: try households.enumerated().map { index, household in
                try facts(of: household, linkingTo: index == 0 ? nil : household.id, backup: index == 0 ? backup : nil)
            })
        })
    }

    /// The households whose things the account is reminded of, its current one (the lowest-numbered) first.
    private func households(of account: Account) throws -> [HouseholdAccess] {
        let memberships = try households.everyAccess(for: account.id)
        // Open access: the server has no accounts, and its local user owns the first household.
        if memberships.isEmpty, account.id == AccessMiddleware.localOwnerID { return [try households.openAccess()] }
        return memberships
    }

    /// The backups' state, for owners (who alone are reminded of them).
    private func backupFacts(for account: Account) -> ReminderFacts.BackupFacts? {
        guard account.role == .owner, let backups else { return nil }
        let status = backups.scheduler?.status ?? backups.statusFile.read()
        var backup = ReminderFacts.BackupFacts(lastVerifiedAt: status.lastVerified?.finishedAt, interval: backups.schedule?.interval)
        if let attempt = status.lastAttempt, !attempt.succeeded {
            backup.failedAt = attempt.finishedAt
            backup.problem = attempt.problem
        }
        backup.grace = backup.interval.map(BackupNotices.grace(for:)) ?? 0
        return backup
    }

    /// One household's facts; `other` names it in every link when it is not the reader's current one.
    private func facts(of access: HouseholdAccess, linkingTo other: HouseholdID?, backup: ReminderFacts.BackupFacts?) throws -> ReminderFacts {
        let items = self.items.in(access), claims = self.claims.in(access)
        let currency = try items.currency()
        func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formatted }
        var facts = ReminderFacts()
        facts.household = other?.rawValue
        facts.idPrefix = access.idPrefix
        let household = try householdFacts.value(for: access.id, at: items.revision) { try Self.read(items, money: money) }
        facts.items = household.items
        facts.places = household.places
        facts.policyPeriodEnd = try claims.policy().periodEnd
        facts.claims = try claims.claims().filter { !$0.isClosed }.map { try claims.sheet(id: $0.id) }.map { sheet in
            let owing = sheet.schedule.lines.filter { $0.amountClaimed > ($0.paid ?? 0) }
            let notReplaced = owing.filter { $0.replacedCost == nil }, replaced = owing.filter { $0.replacedCost != nil }
            func owed(_ lines: [ClaimScheduleLine]) -> String { money(lines.reduce(Int64(0)) { $0 + ($1.amountClaimed - ($1.paid ?? 0)) }) }
            return ReminderFacts.ClaimFacts(
                id: sheet.claim.id.rawValue, name: sheet.claim.name, opened: CalendarDate(sheet.claim.createdAt), proofOfLossDue: sheet.claim.proofOfLossDue,
                unpaidLines: notReplaced.count, unpaidText: owed(notReplaced),
                replacedUnpaidLines: replaced.count, lastReplaced: replaced.compactMap(\.replacedDate).max() ?? (replaced.isEmpty ? nil : CalendarDate(sheet.claim.createdAt)),
                replacedUnpaidText: owed(replaced))
        }
        facts.backup = backup
        return facts
    }

    private static func read(_ store: ItemStore, money: (Int64) -> String) throws -> Household {
        let items = try store.all().compactMap { item -> ReminderFacts.ItemFacts? in
            guard !item.isDraft, item.details.disposal == nil else { return nil }
            let details = item.details
            return ReminderFacts.ItemFacts(
                id: item.id.rawValue, name: item.name.isEmpty ? "An unnamed item" : item.name, added: CalendarDate(item.dateCreated),
                hasPhoto: !item.photos.isEmpty, warrantyExpires: details.warrantyExpires, lifetimeWarranty: details.lifetimeWarranty,
                replacementCostDate: details.replacementCost == nil ? nil : details.replacementCostDate,
                value: details.lineValue, valueText: details.lineValue.map(money))
        }
        let names = Dictionary(try store.locations().map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
        var lastWalked: [Location.ID: Date] = [:]
        for walk in try store.allWalkthroughs() { lastWalked[walk.locationID] = max(lastWalked[walk.locationID] ?? walk.recordedAt, walk.recordedAt) }
        let places = lastWalked.compactMap { id, date in
            names[id].map { ReminderFacts.PlaceFacts(id: id.rawValue, name: $0, lastWalkedThrough: CalendarDate(date)) }
        }.sorted { $0.id < $1.id }
        return Household(items: items, places: places)
    }
}
