/// The kinds of reminder as a person turns their e-mail on or off: a kind's family (a warranty's
/// two notices are one, a failed and an overdue backup are one), named for the account page.
public struct ReminderFamily: Sendable, Equatable, Identifiable {
    /// `ReminderKind.family`: kept in the accounts database, in unsubscribe links and in the API.
    public let id: String
    /// "Warranties ending".
    public let name: String

    /// Every family, in the order reminders of a day are listed.
    public static let all: [ReminderFamily] = {
        var seen: [String] = []
        for kind in ReminderKind.allCases where !seen.contains(kind.family) { seen.append(kind.family) }
        return seen.map { ReminderFamily(id: $0, name: names[$0] ?? $0) }
    }()

    public static func named(_ id: String) -> ReminderFamily? { all.first { $0.id == id } }

    /// The family a kind of reminder belongs to.
    public static func of(_ kind: ReminderKind) -> ReminderFamily { named(kind.family)! }

    private static let names: [String: String] = [
        "warranty": "Warranties ending",
        "policy-renewal": "The policy’s renewal",
        "proof-of-loss": "A claim’s proof of loss deadline",
        "payment-expected": "Claim payments still expected",
        "depreciation-recoverable": "Depreciation to claim back",
        "backup": "Backups failed or overdue",
        "replacement-cost-stale": "Replacement costs to look up again",
        "photo-missing": "Items without a photo",
        "walkthrough-due": "Places to walk through again",
    ]
}
