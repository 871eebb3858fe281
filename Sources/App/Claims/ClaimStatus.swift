import Claims
import Inventory

/// What a claim's status says in a list: closed, or how long until the proof of loss is due.
struct ClaimStatus {
    let text: String
    /// Two weeks or less left, or overdue.
    let urgent: Bool

    init(claim: Claim, today: CalendarDate) {
        if claim.isClosed {
            (text, urgent) = ("Closed", false)
        } else if let due = claim.proofOfLossDue {
            let days = today.days(until: due)
            switch days {
            case ..<0: (text, urgent) = ("Proof of loss \(-days == 1 ? "1 day" : "\(-days) days") overdue (due \(due.iso))", true)
            case 0: (text, urgent) = ("Proof of loss due today", true)
            case 1: (text, urgent) = ("Proof of loss due tomorrow", true)
            default: (text, urgent) = ("Proof of loss due in \(days) days (\(due.iso))", days <= 14)
            }
        } else {
            (text, urgent) = ("Open · add the proof-of-loss date from your insurer", false)
        }
    }
}
