import Messages

/// Whose published table the useful lives' defaults come from, chosen with the policy. The categories
/// are the same in every table (so guessing a line's category does not depend on it); only the years,
/// the notes citing them and the sources differ. `docs/useful-lives.md` lists what was found per
/// country and why the others were not used.
public enum UsefulLifeCountry: String, Sendable, CaseIterable {
    /// Homepwner's first table: the Claims Pages guide US insurers use, with the NJC table for what it
    /// does not list. What every household without a choice is valued by.
    case unitedStates = "US"
    /// The Government of Canada's NJC Relocation Directive depreciation table wherever it names a
    /// figure; the general table's elsewhere, each such note saying so.
    case canada = "CA"
    /// The German textile-cleaning trade's sworn experts' table of textiles' lives (the DTV's) for
    /// clothing, coats and suits and linens; the general table's elsewhere, each such note saying so.
    case germany = "DE"

    /// The catalogue's name of the table ("Canada (NJC)"), for the policy's select and the Useful Lives page.
    public var name: Message {
        switch self {
        case .unitedStates: Message("lives.country.name.US", "United States and general (Claims Pages)")
        case .canada: Message("lives.country.name.CA", "Canada (NJC)")
        case .germany: Message("lives.country.name.DE", "Germany (DTV textile table)")
        }
    }

    public var defaultEntries: [UsefulLife] {
        switch self {
        case .unitedStates: UsefulLifeTable.defaultEntries
        case .canada: UsefulLifeTable.canadaEntries
        case .germany: UsefulLifeTable.germanEntries
        }
    }

    /// The guides this table cites, the one its years mostly come from first.
    public var sources: [DepreciationSource] {
        switch self {
        case .unitedStates: DepreciationSource.all
        case .canada: [.njcRelocationDirective, .claimsPages, .allowanceList, .jewelleryPractice]
        case .germany: [.textileCleanersTable, .claimsPages, .njcRelocationDirective, .allowanceList, .jewelleryPractice]
        }
    }
}

extension UsefulLifeTable {
    /// A country's table: the general table's categories, with the years and note of the country's
    /// own source where it gives one (`figures`), `keeping` as they are the entries whose general note
    /// already cites that source, and the rest kept with the note `fallback` writes.
    static func countryEntries(figures: [String: (years: Int, note: Message)], keeping: Set<String> = [],
                               fallback: (UsefulLife) -> Message) -> [UsefulLife] {
        defaultEntries.map { entry in
            if let (years, note) = figures[entry.category] {
                return UsefulLife(category: entry.category, label: entry.label, years: years, defaultYears: years, sourceNote: note.english,
                                  keywords: entry.keywords, note: note)
            }
            if keeping.contains(entry.category) { return entry }
            let note = fallback(entry)
            return UsefulLife(category: entry.category, label: entry.label, years: entry.years, defaultYears: entry.defaultYears,
                              sourceNote: note.english, keywords: entry.keywords, note: note)
        }
    }
}
