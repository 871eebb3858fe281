import Messages

/// One category of household contents and how many years it takes to lose its value, straight line.
public struct UsefulLife: Sendable, Equatable, Identifiable {
    /// A stable slug (`televisions`, `furniture-upholstered`): what claim lines and settings store.
    public let category: String
    public let label: String
    /// The years in use; nil when the category is not depreciated (jewellery, art).
    public let years: Int?
    /// What Homepwner ships, from `sourceNote`.
    public let defaultYears: Int?
    /// Where the default comes from, in a sentence or two.
    public let sourceNote: String
    /// The same in the catalogue (`lives.source.<category>` for the general table's), for a reader's language.
    public let note: Message
    /// Lowercase words and phrases that put an item in this category (`UsefulLifeTable.guessCategory`).
    public let keywords: [String]

    public init(category: String, label: String, years: Int?, defaultYears: Int?, sourceNote: String, keywords: [String], note: Message? = nil) {
        self.category = category
        self.label = label
        self.years = years
        self.defaultYears = defaultYears
        self.sourceNote = sourceNote
        self.keywords = keywords
        self.note = note ?? Message("lives.source.\(category)", sourceNote)
    }

    /// This category with the household's own years.
    func editing(_ years: Int?) -> UsefulLife {
        UsefulLife(category: category, label: label, years: years, defaultYears: defaultYears, sourceNote: sourceNote, keywords: keywords, note: note)
    }

    public var id: String { category }

    /// Whether the household changed the years from the default.
    public var isEdited: Bool { years != defaultYears }
}
