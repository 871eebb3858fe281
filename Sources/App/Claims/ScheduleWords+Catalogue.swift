import Claims
import Foundation
import Localization

extension ScheduleWords {
    /// The schedule files' words in `words`' language (`files.schedule.<key>`; the living expenses'
    /// categories as the claim's pages name them). Each pattern keeps its `{name}` parts for the
    /// schedule to fill in: it is formatted with its own placeholder as the value.
    init(_ words: Localizer) {
        var filled: [String: String] = [:]
        for (key, english) in Self.english {
            let names = english.matches(of: /\{([a-z]+)\}/).map { String($0.output.1) }
            filled[key] = words.text("files.schedule." + key, Dictionary(names.map { ($0, MessageArgument.text("{\($0)}")) }) { first, _ in first })
        }
        for category in ExpenseCategory.allCases { filled["category." + category.rawValue] = words.text("shared.expenses.category." + category.rawValue) }
        self.init(filled)
    }
}
