import Localization
import Reminders

extension Localizer {
    /// A reminder's title in this language (its e-mail's subject when alone); a reminder the schedule
    /// words no message for reads as it was made.
    func title(of reminder: Reminder) -> String {
        reminder.wording.map { text("mail.reminder.\($0.key).title", Self.arguments($0)) } ?? reminder.title
    }

    /// What to do about a reminder, in this language.
    func detail(of reminder: Reminder) -> String {
        reminder.wording.map { text("mail.reminder.\($0.key).detail", Self.arguments($0)) } ?? reminder.detail
    }

    /// A kind of reminder's name: "Warranties ending".
    func name(of family: ReminderFamily) -> String { text("mail.family.\(family.id)") }

    /// The same inside a sentence: "warranties ending".
    func nameInSentence(of family: ReminderFamily) -> String { text("mail.family.\(family.id).about") }

    private static func arguments(_ wording: ReminderWording) -> [String: MessageArgument] {
        wording.texts.mapValues { MessageArgument.text($0) }.merging(wording.counts.mapValues { MessageArgument.count($0) }) { _, count in count }
    }
}
