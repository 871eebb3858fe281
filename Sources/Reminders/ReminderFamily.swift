/// The kinds of reminder as a person turns their e-mail on or off: a kind's family (a warranty's
/// two notices are one, a failed and an overdue backup are one); the App names each in the reader's
/// language (`mail.family.<id>`).
public struct ReminderFamily: Sendable, Equatable, Identifiable {
    /// `ReminderKind.family`: kept in the accounts database, in unsubscribe links and in the API.
    public let id: String

    /// Every family, in the order reminders of a day are listed.
    public static let all: [ReminderFamily] = {
        var seen: [String] = []
        for kind in ReminderKind.allCases where !seen.contains(kind.family) { seen.append(kind.family) }
        return seen.map(ReminderFamily.init(id:))
    }()

    public static func named(_ id: String) -> ReminderFamily? { all.first { $0.id == id } }

    /// The family a kind of reminder belongs to.
    public static func of(_ kind: ReminderKind) -> ReminderFamily { named(kind.family)! }
}
