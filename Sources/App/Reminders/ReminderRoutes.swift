import Claims
import Inventory
import Reminders

/// Every path of reminders, spelled once.
enum ReminderRoutes {
    /// What is due for the caller, and soon due.
    static let api = RoutePath("/reminders", in: APIRoutes.v1)
    /// The same as a page, by kind.
    static let page = RoutePath("/reminders")
    /// An account's calendar feed: `{token}` is `TOKEN.ics`, the token being the only access.
    static let calendar = RoutePath("/calendar/{token}")
    /// The account page's form of which kinds of reminder the calendar shows.
    static let calendarKinds = RoutePath("/account/reminder-calendar")

    static func calendar(_ token: String) -> String { calendar.url(token + ".ics") }

    /// Where a reminder is put right: the page, at the field, in the reminder's household when it
    /// is not the reader's current one.
    static func fix(_ reminder: Reminder) -> String {
        let (page, field) = fix(reminder.fix)
        return page + (reminder.household.map { "?\(HouseholdResolver.parameter)=\($0)" } ?? "") + field
    }

    /// The page and the field's fragment.
    private static func fix(_ fix: ReminderFix) -> (page: String, field: String) {
        switch fix {
        case .item(let id, let field): (ItemRoutes.item(Item.ID(id)), "#" + (field == "photos" ? "photo-panel" : "item-" + field))
        case .place(let id): (LocationRoutes.location(Location.ID(id)), "")
        case .claim(let id, let part): (ClaimRoutes.claim(Claim.ID(id)), part == "lines" ? "#lines-title" : "#facts-title")
        case .policy: (ClaimRoutes.coverage.url(), "#coverage-title")
        case .backups: (SiteRoutes.home, "")
        }
    }
}
