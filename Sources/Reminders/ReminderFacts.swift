import Foundation
import Inventory

/// What the schedule of reminders is worked out from: plain values read from the stores (the App's
/// `ReminderFactsReader`), so the schedule needs no database and a test states the facts directly.
public struct ReminderFacts: Sendable {
    public struct ItemFacts: Sendable {
        public var id: Int64
        public var name: String
        /// The day it was added to the inventory.
        public var added: CalendarDate
        public var hasPhoto: Bool
        public var warrantyExpires: CalendarDate?
        public var lifetimeWarranty: Bool
        public var replacementCostDate: CalendarDate?
        /// What it counts for (quantity × replacement cost), in minor units, and that in words.
        public var value: Int64?
        public var valueText: String?

        public init(id: Int64, name: String, added: CalendarDate, hasPhoto: Bool = true, warrantyExpires: CalendarDate? = nil,
                    lifetimeWarranty: Bool = false, replacementCostDate: CalendarDate? = nil, value: Int64? = nil, valueText: String? = nil) {
            self.id = id
            self.name = name
            self.added = added
            self.hasPhoto = hasPhoto
            self.warrantyExpires = warrantyExpires
            self.lifetimeWarranty = lifetimeWarranty
            self.replacementCostDate = replacementCostDate
            self.value = value
            self.valueText = valueText
        }
    }

    /// A place that has been walked through (a walk-through video of it is kept), and when last.
    public struct PlaceFacts: Sendable {
        public var id: Int64
        public var name: String
        public var lastWalkedThrough: CalendarDate

        public init(id: Int64, name: String, lastWalkedThrough: CalendarDate) {
            self.id = id
            self.name = name
            self.lastWalkedThrough = lastWalkedThrough
        }
    }

    /// The data folder's backups, when they are the reader's concern (owners).
    public struct BackupFacts: Sendable, Hashable {
        /// The last attempt, when it failed: when, and what went wrong.
        public var failedAt: Date?
        public var problem: String?
        /// When the last verified backup was finished.
        public var lastVerifiedAt: Date?
        /// How often the schedule makes one, with the grace allowed; nil: no schedule.
        public var interval: TimeInterval?
        public var grace: TimeInterval

        public init(failedAt: Date? = nil, problem: String? = nil, lastVerifiedAt: Date? = nil, interval: TimeInterval? = nil, grace: TimeInterval = 0) {
            self.failedAt = failedAt
            self.problem = problem
            self.lastVerifiedAt = lastVerifiedAt
            self.interval = interval
            self.grace = grace
        }
    }

    /// An open claim.
    public struct ClaimFacts: Sendable {
        public var id: Int64
        public var name: String
        public var opened: CalendarDate
        public var proofOfLossDue: CalendarDate?
        /// Lines not replaced and not fully paid: how many, and what is still owed on them in words.
        public var unpaidLines: Int
        public var unpaidText: String
        /// Lines replaced and not fully paid: how many, the last day one was replaced, and what is owed in words.
        public var replacedUnpaidLines: Int
        public var lastReplaced: CalendarDate?
        public var replacedUnpaidText: String

        public init(id: Int64, name: String, opened: CalendarDate, proofOfLossDue: CalendarDate? = nil, unpaidLines: Int = 0, unpaidText: String = "",
                    replacedUnpaidLines: Int = 0, lastReplaced: CalendarDate? = nil, replacedUnpaidText: String = "") {
            self.id = id
            self.name = name
            self.opened = opened
            self.proofOfLossDue = proofOfLossDue
            self.unpaidLines = unpaidLines
            self.unpaidText = unpaidText
            self.replacedUnpaidLines = replacedUnpaidLines
            self.lastReplaced = lastReplaced
            self.replacedUnpaidText = replacedUnpaidText
        }
    }

    public var items: [ItemFacts]
    public var places: [PlaceFacts]
    public var backup: BackupFacts?
    public var policyPeriodEnd: CalendarDate?
    public var claims: [ClaimFacts]
    /// The household these things are of, when it is not the reader's current one: every reminder
    /// made from them opens there (`Reminder.household`). Nil: the reader's current household.
    public var household: Int64?
    /// The high bits of the household's ids (`HouseholdAccess.idPrefix`): items, places and claims
    /// carry it in their ids already; the policy, one per household, is told apart by it.
    public var idPrefix: Int64 = 0

    public init(items: [ItemFacts] = [], places: [PlaceFacts] = [], backup: BackupFacts? = nil, policyPeriodEnd: CalendarDate? = nil,
                claims: [ClaimFacts] = []) {
        self.items = items
        self.places = places
        self.backup = backup
        self.policyPeriodEnd = policyPeriodEnd
        self.claims = claims
    }
}
