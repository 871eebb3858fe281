import HTML
import Inventory
import Reminders

/// Everything due for the caller, and soon due, by kind (the home page's Due soon shows the first
/// few): each kind's reminders in the schedule's order, a long kind cut at `shownPerKind`.
struct RemindersPage {
    struct Kind {
        let name: String
        let entries: [DueSoonEntry]
        let more: Int
    }

    let kinds: [Kind]
    let context: PageContext

    static let shownPerKind = 200

    init(_ reminders: [Reminder], today: CalendarDate, context: PageContext) {
        let byFamily = Dictionary(grouping: reminders, by: \.kind.family)
        kinds = ReminderFamily.all.compactMap { family in
            byFamily[family.id].map { all in
                Kind(name: family.name, entries: all.prefix(Self.shownPerKind).map { DueSoonEntry($0, today: today) },
                     more: max(0, all.count - Self.shownPerKind))
            }
        }
        self.context = context
    }

    func document() -> HTMLDocument {
        PageLayout(title: "Reminders", context: context, pageClass: "reminders",
                   bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Reminders"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("reminders-page")) {
            if kinds.isEmpty {
                p(.class("card due-soon-card")) { "Nothing is due. Warranties ending, replacement costs to look up again and a claim’s deadlines come here when they do." }
            }
            for (index, kind) in kinds.enumerated() {
                section(.class("due-soon-card card"), .aria("labelledby", "reminders-kind-\(index)")) {
                    h2(.id("reminders-kind-\(index)")) { "\(kind.name) (\(kind.entries.count + kind.more))" }
                    DueSoonCard.list(kind.entries)
                    if kind.more > 0 { p(.class("due-soon-more")) { "and \(kind.more) more, listed once these are done." } }
                }
            }
        }
    }
}
