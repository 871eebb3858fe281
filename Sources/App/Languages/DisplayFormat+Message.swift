import Foundation
import Inventory
import Localization
import Messages

extension DisplayFormat {
    /// `message` in this language: its catalogue's words with its arguments written the language's
    /// way (numbers, amounts, days); as the code wrote it in US English, and for words not in the
    /// catalogues yet.
    func text(_ message: Message) -> String {
        if !message.sentences.isEmpty { return message.sentences.map(text).joined(separator: " ") }
        guard message.key != nil, language != .template else { return message.english }
        return catalogueText(message)
    }

    /// `message` as its catalogue writes it, in US English too (where `text` gives the code's own
    /// words, which the template's must be: `ErrorLanguageTests` compares them).
    func catalogueText(_ message: Message) -> String {
        guard let key = message.key else { return message.english }
        var arguments: [String: MessageArgument] = [:]
        for (name, value) in message.arguments { arguments[name] = argument(value) }
        let written = words.text(key, arguments)
        // A key no catalogue has (a slip `ErrorLanguageTests` finds) reads as the code wrote it.
        return written == key ? message.english : written
    }

    /// A message's argument as the catalogue's formatter takes it, written the language's way.
    func argument(_ value: Message.Argument) -> MessageArgument {
        switch value {
        case .text(let text): .text(text)
        case .integer(let number): .integer(number)
        case .amount(let minorUnits, let code):
            .text(Currency(code: code).map { money(minorUnits, in: $0) } ?? "\(minorUnits) \(code)")
        case .day(let year, let month, let day):
            .text(CalendarDate(iso: String(format: "%04d-%02d-%02d", year, month, day)).map(self.day) ?? "\(year)-\(month)-\(day)")
        case .message(let message): .text(text(message))
        case .alternatives(let items): .text(local?.alternatives(items) ?? Self.alternatives(items))
        }
    }
}

extension DisplayFormat {
    /// `“a”, “b” or “c”`: alternatives as US English has always listed them.
    static func alternatives(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " or ") : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

extension PageContext {
    /// `message` in the page's language.
    func text(_ message: Message) -> String { format.text(message) }
}
