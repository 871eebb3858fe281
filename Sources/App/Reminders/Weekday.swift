import Inventory

/// The day of the week an account's reminders are e-mailed on, all in one e-mail, when it chose a
/// weekly digest: `reminderDigest` in the API (`"monday"`), the account page's choice. Its raw value
/// is ISO 8601's number, as the accounts database keeps it (1 Monday … 7 Sunday).
enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// `monday`: the API's and the form's name.
    var id: String { String(describing: self) }
    /// `Monday`.
    var name: String { id.prefix(1).uppercased() + id.dropFirst() }

    static func named(_ id: String) -> Weekday? { allCases.first { $0.id == id } }

    /// The weekday of `day` (day 0, 1 January 1970, was a Thursday).
    init(of day: CalendarDate) {
        self.init(rawValue: ((day.dayNumber + 3) % 7 + 7) % 7 + 1)!
    }

    /// The latest day on or before `day` that falls on this weekday: the day of the digest a pass on
    /// `day` sends (a server stopped on the Monday sends Monday's on the Tuesday).
    func latest(onOrBefore day: CalendarDate) -> CalendarDate {
        day.adding(days: -((Weekday(of: day).rawValue - rawValue + 7) % 7))
    }
}
