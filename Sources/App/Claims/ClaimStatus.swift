import Claims
import HTML
import Inventory

/// What a claim's status says in a list and on its page: closed, or how long until the proof of loss is due.
struct ClaimStatus {
    /// "Proof of loss due in 41 days".
    let text: String
    /// The date the text is followed by in brackets, "due " before it once overdue: "(due May 13, 2026)".
    let due: (lead: String, date: CalendarDate)?
    /// Two weeks or less left, or overdue.
    let urgent: Bool

    init(claim: Claim, today: CalendarDate) {
        if claim.isClosed {
            (text, due, urgent) = ("Closed", nil, false)
        } else if let date = claim.proofOfLossDue {
            let days = today.days(until: date)
            switch days {
            case ..<0: (text, due, urgent) = ("Proof of loss \(-days == 1 ? "1 day" : "\(-days) days") overdue", ("due ", date), true)
            case 0: (text, due, urgent) = ("Proof of loss due today", nil, true)
            case 1: (text, due, urgent) = ("Proof of loss due tomorrow", nil, true)
            default: (text, due, urgent) = ("Proof of loss due in \(days) days", ("", date), days <= 14)
            }
        } else {
            (text, due, urgent) = ("Open · add the proof-of-loss date from your insurer", nil, false)
        }
    }

    /// The text with its date in a `<time>` (shown in the reader's language by script) that stays on one line.
    var html: HTMLNode {
        .fragment([.text(text)] + (due.map { due in
            [.text(" (\(due.lead)"), time(.datetime(due.date.iso)) { DisplayFormat.day(due.date) }, .text(")")]
        } ?? []))
    }
}
