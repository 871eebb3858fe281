import Foundation
import Localization

extension LanguageTag {
    /// The language in its own words, as a list of languages offers it to someone who may not read
    /// the page's: "Deutsch", "Français", "English (United Kingdom)", "العربية" (CLDR, through Foundation).
    var ownName: String {
        let name = Locale(identifier: tag).localizedString(forIdentifier: tag) ?? tag
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
