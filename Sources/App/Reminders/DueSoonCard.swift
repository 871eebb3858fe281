import HTML
import Inventory
import Localization
import Reminders

/// One line of the home page's "Due soon": what, when, and the link to the field that puts it right.
struct DueSoonEntry: Sendable, Equatable {
    let title: String
    /// "Today", "In 12 days" (to a deadline); "Due for 3 days" (anything else).
    let when: String
    let url: String
    let isDue: Bool

    init(_ reminder: Reminder, today: CalendarDate, words: Localizer = Localization.bundled.localizer(for: .template)) {
        title = words.title(of: reminder)
        url = ReminderRoutes.fix(reminder)
        isDue = reminder.due <= today
        // A deadline is counted to its day; anything else from when it fell due.
        if let until = reminder.until {
            let days = today.days(until: until)
            when = days == 0 ? words.text("reminders.when.today") : days == 1 ? words.text("reminders.when.tomorrow")
                : words.text("reminders.when.in-days", ["count": .count(days)])
        } else {
            let days = today.days(until: reminder.due)
            when = switch days {
            case 0: words.text("reminders.when.due-today")
            case 1: words.text("reminders.when.tomorrow")
            case 2...: words.text("reminders.when.in-days", ["count": .count(days)])
            case -1: words.text("reminders.when.due-since-yesterday")
            default: words.text("reminders.when.due-for", ["count": .count(-days)])
            }
        }
    }
}

/// The home page's card of the next few reminders (the API has them all).
struct DueSoonCard {
    let entries: [DueSoonEntry]
    /// How many more there are than shown.
    let more: Int
    let words: Localizer

    /// Reminders the card shows at most.
    static let shown = 5

    init(_ reminders: [Reminder], today: CalendarDate, words: Localizer = Localization.bundled.localizer(for: .template)) {
        entries = reminders.prefix(Self.shown).map { DueSoonEntry($0, today: today, words: words) }
        more = max(0, reminders.count - Self.shown)
        self.words = words
    }

    var node: HTMLNode {
        section(.class("due-soon-card card"), .id("due-soon"), .aria("labelledby", "due-soon-title")) {
            h2(.id("due-soon-title")) { words.text("reminders.due-soon.title") }
            Self.list(entries)
            if more > 0 {
                p(.class("due-soon-more")) { a(.href(ReminderRoutes.page.url())) { words.text("reminders.due-soon.see-all", ["count": .count(entries.count + more)]) } }
            }
        }
    }

    /// The reminders as links to where each is put right, with when.
    static func list(_ entries: [DueSoonEntry]) -> HTMLNode {
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
    }
}
