import Messages

/// A reminder's title and detail in no language yet: the App's catalogue has them as
/// `mail.reminder.<key>.title` and `.detail` (US English the same as `Reminder.title` and `detail`), with
/// these named values, each written in the reader's language: texts (names, amounts as written), days
/// and counts (a plural chooses by them).
public struct ReminderWording: Sendable, Equatable {
    public let key: String
    public let arguments: [String: Message.Argument]

    public init(_ key: String, _ arguments: [String: Message.Argument] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}
