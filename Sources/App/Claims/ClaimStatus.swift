import Claims
import HTML
import Inventory
import Localization

/// What a claim's status says in a list and on its page: closed, or how long until the proof of loss is due.
struct ClaimStatus {
    /// "Proof of loss due in 41 days".
    let text: String
    /// The date the text is followed by in brackets, "due " before it once overdue: "(due May 13, 2026)".
    let due: (lead: String, date: CalendarDate)?
    /// Two weeks or less left, or overdue.
    let urgent: Bool
    /// The words of the page it is on.
    let words: Localizer

    init(claim: Claim, today: CalendarDate, words: Localizer = Localization.bundled.localizer(for: .template)) {
        self.words = words
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("claims.status." + key, arguments) }
        if claim.isClosed {
            (text, due, urgent) = (say("closed"), nil, false)
        } else if let date = claim.proofOfLossDue {
            let days = today.days(until: date)
            switch days {
            case ..<0: (text, due, urgent) = (say("overdue", ["count": .count(-days)]), (say("due-lead"), date), true)
            case 0: (text, due, urgent) = (say("due-today"), nil, true)
            case 1: (text, due, urgent) = (say("due-tomorrow"), nil, true)
            default: (text, due, urgent) = (say("due-in", ["count": .count(days)]), ("", date), days <= 14)
            }
        } else {
            (text, due, urgent) = (say("open"), nil, false)
        }
    }

    /// The text with its date in a `<time>` (shown in the reader's language by script) that stays on one line.
    var html: HTMLNode {
        .fragment([.text(text)] + (due.map { due in
            [.text(" (\(due.lead)"), time(.datetime(due.date.iso)) { DisplayFormat(words: words).day(due.date) }, .text(")")]
        } ?? []))
    }
}
