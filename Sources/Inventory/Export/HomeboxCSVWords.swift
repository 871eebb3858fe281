/// The words our Homebox CSV writes for a person to read, in one language: our own columns' names
/// (after `HB.field.`, shown by Homebox as custom fields), the place of what is kept nowhere in
/// particular, "Yes", the conditions and the ways an item left. US English here; the App fills them
/// from its catalogue (`files.csv.*`) in the page's language. Homebox's own `HB.*` columns,
/// `true`/`false`, amounts (`1234.56`) and dates (`2024-05-01`) are the file format Homebox reads (by
/// exact name, with Go's `strconv`), so they stay as they are in every language.
public struct HomeboxCSVWords: Sendable, Equatable {
    public var fieldNames: [HomepwnerField: String]
    /// The place of an item kept nowhere in particular: Homebox needs one on every row.
    public var noLocation: String
    public var yes: String
    public var conditions: [ItemCondition: String]
    public var disposals: [DisposalKind: String]
    /// " (custom)": after a household's own field named like one of ours.
    public var customSuffix: String

    public init(fieldNames: [HomepwnerField: String], noLocation: String, yes: String, conditions: [ItemCondition: String],
                disposals: [DisposalKind: String], customSuffix: String) {
        self.fieldNames = fieldNames
        self.noLocation = noLocation
        self.yes = yes
        self.conditions = conditions
        self.disposals = disposals
        self.customSuffix = customSuffix
    }

    public static let english = HomeboxCSVWords(
        fieldNames: Dictionary(uniqueKeysWithValues: HomepwnerField.allCases.map { ($0, $0.rawValue) }), noLocation: "Unsorted", yes: "Yes",
        conditions: Dictionary(uniqueKeysWithValues: ItemCondition.allCases.map { ($0, $0.rawValue) }),
        disposals: Dictionary(uniqueKeysWithValues: DisposalKind.allCases.map { ($0, $0.label) }), customSuffix: " (custom)")

    func name(of field: HomepwnerField) -> String { fieldNames[field] ?? field.rawValue }
}

/// Every shipped language's `HomeboxCSVWords`, for reading a file back: a column, a place or a value is
/// known in any of them, so a file exported in German imports in a French session, or on a server
/// whose owner reads English. US English is always among them.
public struct HomeboxCSVVocabulary: Sendable {
    public let languages: [HomeboxCSVWords]

    public init(_ languages: [HomeboxCSVWords]) { self.languages = [.english] + languages.filter { $0 != .english } }

    public static let english = HomeboxCSVVocabulary([])

    private static func same(_ one: String, _ other: String) -> Bool { one.caseInsensitiveCompare(other) == .orderedSame }

    /// Our field a custom field's name stands for, in any language, any case.
    func field(named name: String) -> HomepwnerField? {
        HomepwnerField.allCases.first { field in languages.contains { Self.same($0.name(of: field), name) } }
    }

    func isNoLocation(_ path: [String]?) -> Bool {
        guard let path, path.count == 1 else { return false }
        return languages.contains { Self.same($0.noLocation, path[0]) }
    }

    /// A yes/no cell: "Yes" in any language, else as Homebox reads a bool.
    func bool(_ text: String) -> Result<Bool, HomeboxValueError> {
        languages.contains { Self.same($0.yes, text) } ? .success(true) : HomeboxValue.bool(text)
    }

    func condition(_ text: String) -> ItemCondition? {
        ItemCondition(rawValue: text.lowercased())
            ?? ItemCondition.allCases.first { condition in languages.contains { $0.conditions[condition].map { Self.same($0, text) } ?? false } }
    }

    func disposal(_ text: String) -> DisposalKind? {
        DisposalKind.allCases.first { kind in languages.contains { $0.disposals[kind].map { Self.same($0, text) } ?? false } }
    }

    /// A household's own field's name, when `name` is one written with a suffix (" (custom)", in any
    /// language) because it is named like one of ours.
    func ownFieldName(_ name: String) -> String? {
        for words in languages where name.hasSuffix(words.customSuffix) {
            let own = String(name.dropLast(words.customSuffix.count))
            if field(named: own) != nil { return own }
        }
        return nil
    }
}
