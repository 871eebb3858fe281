import Inventory

/// One occasion to remind someone of something: a kind, what it is about and the day it falls due.
/// Its `id` is made of those three alone, so the same occasion has the same id in every run: the
/// calendar event's UID, and the key an e-mail is sent once by.
///
/// A class, though immutable as a value: a list of what is due holds thousands, and a copy of one
/// is then a single reference, not its five strings' each.
public final class Reminder: Sendable, Equatable, Identifiable {
    public let kind: ReminderKind
    public let subject: ReminderSubject
    /// The day it falls due (a calendar day: no time, no time zone).
    public let due: CalendarDate
    /// The last day it still stands; nil: until what it is about is fixed (the data then no longer makes it).
    public let until: CalendarDate?
    /// One line: "The warranty of Television ends in 30 days".
    public let title: String
    /// What to do, in a sentence or two.
    public let detail: String
    /// What it is worth, in minor units, where that orders reminders of a kind (most value first).
    public let value: Int64?
    /// Where it is fixed.
    public let fix: ReminderFix
    /// The title and detail as a catalogue's message and its values, for a reader in another language
    /// (an e-mail in the recipient's); nil: `title` and `detail` are all there is.
    public let wording: ReminderWording?
    /// The household it is put right in, when that is not the reader's current one (its link names
    /// it); nil: the reader's current household, or the server's own (backups).
    public let household: Int64?

    /// `kind:subject:due`, e.g. `warranty-ending:item-12:2027-03-01`.
    public let id: String

    public init(kind: ReminderKind, subject: ReminderSubject, due: CalendarDate, until: CalendarDate?, title: String, detail: String,
                value: Int64? = nil, fix: ReminderFix, wording: ReminderWording? = nil, household: Int64? = nil) {
        id = "\(kind.rawValue):\(subject.key):\(due.iso)"
        self.kind = kind
        self.subject = subject
        self.due = due
        self.until = until
        self.title = title
        self.detail = detail
        self.value = value
        self.fix = fix
        self.wording = wording
        self.household = household
    }

    public static func == (lhs: Reminder, rhs: Reminder) -> Bool {
        lhs === rhs || (lhs.id == rhs.id && lhs.until == rhs.until && lhs.title == rhs.title && lhs.detail == rhs.detail
                        && lhs.value == rhs.value && lhs.fix == rhs.fix && lhs.household == rhs.household)
    }

    /// Kind family and subject: the occasions that replace one another in the list of what is due.
    public var familyKey: FamilyKey { FamilyKey(family: kind.family, subject: subject) }

    public struct FamilyKey: Hashable, Sendable {
        let family: String
        let subject: ReminderSubject
    }

    /// Whether it still stands on `day` (the day is not past its `until`).
    public func stands(on day: CalendarDate) -> Bool { until.map { day <= $0 } ?? true }
}

/// Where a reminder is put right: the App turns it into a link to the page and field.
public enum ReminderFix: Sendable, Equatable {
    /// A field of an item's form (`warrantyExpires`, `replacementCostDate`, `photos`).
    case item(Int64, field: String)
    case place(Int64)
    /// A claim's page, at a part of it (`proofOfLossDue`, `lines`).
    case claim(Int64, part: String)
    case policy
    case backups
}
