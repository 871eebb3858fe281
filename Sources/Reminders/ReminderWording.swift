/// A reminder's title and detail in no language yet: the App's catalogue has them as
/// `mail.reminder.<key>.title` and `.detail` (US English the same as `Reminder.title` and `detail`), with
/// these named values: texts (names, ISO dates, amounts as written) and counts (a plural chooses by them).
public struct ReminderWording: Sendable, Equatable {
    public let key: String
    public let texts: [String: String]
    public let counts: [String: Int]

    public init(_ key: String, _ texts: [String: String] = [:], counts: [String: Int] = [:]) {
        self.key = key
        self.texts = texts
        self.counts = counts
    }
}
