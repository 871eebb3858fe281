import HTML
import Inventory
import Reminders

/// One line of the home page's "Due soon": what, when, and the link to the field that puts it right.
struct DueSoonEntry: Sendable, Equatable {
    let title: String
    /// "Due today", "3 days overdue", "In 12 days".
    let when: String
    let url: String
    let isDue: Bool

    init(_ reminder: Reminder, today: CalendarDate) {
        title = reminder.title
        let days = today.days(until: reminder.due)
        when = switch days {
        case 0: "Due today"
        case 1: "Tomorrow"
        case 2...: "In \(days) days"
        case -1: "Due yesterday"
        default: "Due \(-days) days ago"
        }
        url = ReminderRoutes.fix(reminder.fix)
        isDue = days <= 0
    }
}

/// The home page's card of the next few reminders (the API has them all).
struct DueSoonCard {
    let entries: [DueSoonEntry]
    /// How many more there are than shown.
    let more: Int

    /// Reminders the card shows at most.
    static let shown = 5

    init(_ reminders: [Reminder], today: CalendarDate) {
        entries = reminders.prefix(Self.shown).map { DueSoonEntry($0, today: today) }
        more = max(0, reminders.count - Self.shown)
    }

    var node: HTMLNode {
        section(.class("due-soon-card card"), .id("due-soon"), .aria("labelledby", "due-soon-title")) {
            h2(.id("due-soon-title")) { "Due soon" }
            ul(.class("due-soon-list")) {
                for entry in entries {
                    li {
                        a(.class(entry.isDue ? "due-soon-link due" : "due-soon-link"), .href(entry.url)) {
                            span(.class("due-soon-title")) { entry.title }
                            span(.class("due-soon-when")) { entry.when }
                        }
                    }
                }
            }
            if more > 0 { p(.class("due-soon-more")) { more == 1 ? "1 more after these." : "\(more) more after these." } }
        }
    }
}
