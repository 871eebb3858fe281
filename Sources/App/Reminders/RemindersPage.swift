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
                Kind(name: context.localizer.name(of: family), entries: all.prefix(Self.shownPerKind).map { DueSoonEntry($0, today: today, words: context.localizer) },
                     more: max(0, all.count - Self.shownPerKind))
            }
        }
        self.context = context
    }

    func document() -> HTMLDocument {
        let title = context.text("reminders.title")
        return PageLayout(title: title, context: context, pageClass: "reminders",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: title), content: content,
                          translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("reminders-page")) {
            if kinds.isEmpty {
                p(.class("card due-soon-card")) { context.text("reminders.none") }
            }
            for (index, kind) in kinds.enumerated() {
                section(.class("due-soon-card card"), .aria("labelledby", "reminders-kind-\(index)")) {
                    h2(.id("reminders-kind-\(index)")) { context.text("reminders.kind-heading", ["family": .text(kind.name), "count": .count(kind.entries.count + kind.more)]) }
                    DueSoonCard.list(kind.entries)
                    if kind.more > 0 { p(.class("due-soon-more")) { context.text("reminders.more", ["count": .count(kind.more)]) } }
                }
            }
        }
    }
}
