/// Where an account's reminders reach it, each kind of reminder on or off in each: by e-mail, and in
/// its calendar feed. (The home page's Due soon shows every kind: it is where all of them are kept.)
public enum ReminderChannel: String, Sendable, CaseIterable {
    case mail
    case calendar
}
