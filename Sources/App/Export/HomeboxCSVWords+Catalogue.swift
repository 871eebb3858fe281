import Inventory
import Localization

extension HomeboxCSVWords {
    /// Our Homebox CSV's words in `words`' language (`files.csv.*`). They are words of a file format
    /// as well as of a page: the import knows them in every shipped language (`HomeboxCSVVocabulary.shipped`),
    /// so a translation changed later leaves older files' column read as a custom field of that name.
    init(_ words: Localizer) {
        func say(_ key: String) -> String { words.text("files.csv." + key) }
        self.init(
            fieldNames: Dictionary(uniqueKeysWithValues: HomepwnerField.allCases.map { ($0, say("field." + $0.catalogueKey)) }),
            noLocation: say("no-location"), yes: say("yes"),
            conditions: Dictionary(uniqueKeysWithValues: ItemCondition.allCases.map { ($0, say("condition." + $0.rawValue)) }),
            disposals: Dictionary(uniqueKeysWithValues: DisposalKind.allCases.map { ($0, say("disposal." + $0.rawValue)) }),
            customSuffix: say("custom-suffix"))
    }
}

extension HomeboxCSVVocabulary {
    /// Every shipped language's words: our import reads a file exported in any of them.
    static let shipped = HomeboxCSVVocabulary(Localization.bundled.languages.map { HomeboxCSVWords(Localization.bundled.localizer(for: $0)) })
}

extension HomepwnerField {
    /// `replacement-cost`: the field's catalogue key after `files.csv.field.`.
    var catalogueKey: String { rawValue.lowercased().replacingOccurrences(of: " ", with: "-") }
}
