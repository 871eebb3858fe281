/// What a reminder is about. Its raw value is the first part of every occasion's id, so it never changes.
public enum ReminderKind: String, Sendable, CaseIterable, Comparable {
    /// An item's warranty ends in 30 days.
    case warrantyEnding = "warranty-ending"
    /// An item's warranty ends today.
    case warrantyEnds = "warranty-ends"
    /// The policy's period ends in 30 days, or today: check the coverage before renewing.
    case policyRenewal = "policy-renewal"
    /// A claim's proof of loss is due in 30, 14, 7, 3 or 1 days.
    case proofOfLoss = "proof-of-loss"
    /// A claim's lines not replaced are not fully paid.
    case paymentExpected = "payment-expected"
    /// A claim's replaced lines are not fully paid: the depreciation held back is now owed.
    case depreciationRecoverable = "depreciation-recoverable"
    /// The last backup failed.
    case backupFailed = "backup-failed"
    /// The last verified backup is older than the schedule.
    case backupOverdue = "backup-overdue"
    /// An item's replacement cost was looked up more than two years ago.
    case replacementCostStale = "replacement-cost-stale"
    /// An item added a month ago still has no photo.
    case photoMissing = "photo-missing"
    /// A place last walked through (filmed) a year ago.
    case walkthroughDue = "walkthrough-due"

    /// Kinds of one family replace each other in the list of what is due (the warranty's two notices).
    public var family: String {
        switch self {
        case .warrantyEnding, .warrantyEnds: "warranty"
        case .backupFailed, .backupOverdue: "backup"
        default: rawValue
        }
    }

    /// Whether it is worth showing before its day comes ("soon due"): a deadline is (a warranty, the
    /// policy's period, a proof of loss); a state that is put right the same way any day is not.
    public var showsBeforeDue: Bool {
        switch self {
        case .warrantyEnding, .warrantyEnds, .policyRenewal, .proofOfLoss: true
        default: false
        }
    }

    /// Order within a day: money and deadlines first.
    public static func < (lhs: ReminderKind, rhs: ReminderKind) -> Bool {
        ordered.firstIndex(of: lhs)! < ordered.firstIndex(of: rhs)!
    }

    /// `allCases`, made once (it is a new array each time it is asked for).
    private static let ordered = allCases
}

/// What a reminder is about, as its occasion's id names it (`item-12`, `claim-3`, `policy`; a
/// household's policy other than the first's `policy-{id prefix}`).
public enum ReminderSubject: Sendable, Hashable {
    case item(Int64)
    case place(Int64)
    case claim(Int64)
    /// The policy of the household whose ids have this prefix (0: the first household's).
    case policy(Int64)
    case backup

    public var key: String {
        switch self {
        case .item(let id): "item-\(id)"
        case .place(let id): "place-\(id)"
        case .claim(let id): "claim-\(id)"
        case .policy(let prefix): prefix == 0 ? "policy" : "policy-\(prefix)"
        case .backup: "backup"
        }
    }
}
