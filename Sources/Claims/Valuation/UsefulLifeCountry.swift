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
