import Localization
import Reminders

extension Localizer {
    /// A reminder's title in this language (its e-mail's subject when alone); a reminder the schedule
    /// words no message for reads as it was made.
    func title(of reminder: Reminder) -> String {
        reminder.wording.map { text("mail.reminder.\($0.key).title", arguments($0)) } ?? reminder.title
    }

    /// What to do about a reminder, in this language.
    func detail(of reminder: Reminder) -> String {
        reminder.wording.map { text("mail.reminder.\($0.key).detail", arguments($0)) } ?? reminder.detail
    }

    /// A kind of reminder's name: "Warranties ending".
    func name(of family: ReminderFamily) -> String { text("mail.family.\(family.id)") }

    /// The same inside a sentence: "warranties ending".
    func nameInSentence(of family: ReminderFamily) -> String { text("mail.family.\(family.id).about") }

    /// The wording's values written as this language writes them: a day as its pages write one
    /// (`Dec 27, 2026`, `27. Dez. 2026`), never as ISO.
    private func arguments(_ wording: ReminderWording) -> [String: MessageArgument] {
        let format = DisplayFormat(words: self)
        return wording.arguments.mapValues(format.argument)
    }
}
