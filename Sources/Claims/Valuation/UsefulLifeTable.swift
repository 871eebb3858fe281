/// Years of useful life per category of household contents: the defaults from published guides, with
/// the household's own edits on top.
///
/// Stored as `overrides` (only what differs from the defaults): `UsefulLifeTable(overrides:)` makes the
/// table again. A nil in `overrides` means "not depreciated" for a category that is by default.
public struct UsefulLifeTable: Sendable, Equatable {
    public static let otherCategory = "other"
    public static let yearsRange = 1...100

    /// The table as Homepwner ships it.
    public static let defaults = UsefulLifeTable(overrides: [:])

    /// Whose published table the defaults are (the policy's choice).
    public let country: UsefulLifeCountry
    /// Every category, defaults order, with this table's years.
    public let entries: [UsefulLife]
    /// Years that differ from the defaults, by category.
    public let overrides: [String: Int?]

    /// The table with these edits, as stored. An unknown category or years out of range is dropped
    /// rather than refused: a table saved by another version must not keep a claim from opening
    /// (edits are checked by `replacing`). An edit equal to the default is dropped too.
    /// The household's edits win over the country's defaults.
    public init(overrides: [String: Int?], country: UsefulLifeCountry = .unitedStates) {
        var kept: [String: Int?] = [:]
        entries = country.defaultEntries.map { entry in
            guard let edit = overrides[entry.category], edit != entry.defaultYears,
                  edit.map(Self.yearsRange.contains) ?? true else { return entry }
            kept.updateValue(edit, forKey: entry.category)
            return entry.editing(edit)
        }
        self.overrides = kept
        self.country = country
    }

    /// Where the default years come from, one citation a line (name, publisher, URL, date read, what was
    /// taken), for the report's "how the figures were worked out".
    public static var sourcesText: String { DepreciationSource.all.map(\.citation).joined(separator: "\n") }

    /// The guides the defaults come from, the main one first.
    public var sources: [DepreciationSource] { country.sources }

    /// Every category id, defaults order.
    public var categories: [String] { entries.map(\.category) }

    /// The entry for a category; "other" for an id the table does not know (a line saved by another
    /// version is valued as "other" rather than refused).
    public func entry(for category: String) -> UsefulLife {
        entries.first { $0.category == category } ?? entries.last!
    }

    /// Years of useful life; nil for a category that is not depreciated.
    public func years(for category: String) -> Int? { entry(for: category).years }

    public func isKnown(_ category: String) -> Bool { entries.contains { $0.category == category } }

    /// Refuses a category id the table does not know, naming the ones it does.
    public func check(category: String) throws(ValuationError) {
        guard isKnown(category) else { throw .unknownCategory(category, known: categories) }
    }

    /// The categories whose years the household changed.
    public var editedEntries: [UsefulLife] { entries.filter(\.isEdited) }

    /// This table with `years` set (nil: not depreciated; the default years: back to the default).
    /// Every category must exist and every number be within `yearsRange`; the first problem, in the
    /// table's order, is thrown and nothing is changed.
    public func replacing(_ years: [String: Int?]) throws(ValuationError) -> UsefulLifeTable {
        for category in years.keys.sorted() where !isKnown(category) {
            throw .unknownCategory(category, known: categories)
        }
        for entry in entries {
            if let edit = years[entry.category], let value = edit, !Self.yearsRange.contains(value) {
                throw .usefulLifeOutOfRange(category: entry.category, label: entry.label, years: value)
            }
        }
        var merged = overrides
        for (category, edit) in years { merged.updateValue(edit, forKey: category) }
        return UsefulLifeTable(overrides: merged, country: country)
    }
}
