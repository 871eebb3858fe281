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
    /// Lowercase words and phrases that put an item in this category (`UsefulLifeTable.guessCategory`).
    public let keywords: [String]

    public var id: String { category }

    /// Whether the household changed the years from the default.
    public var isEdited: Bool { years != defaultYears }
}
