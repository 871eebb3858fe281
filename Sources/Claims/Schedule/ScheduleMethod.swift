import Inventory

/// "How the figures were worked out", in parts a document can set as it likes: the rule in
/// paragraphs that cite their sources by number ("[1]"), the useful lives this claim's lines were
/// valued with, what needs attention in this claim, and the sources as titled references.
public struct ScheduleMethod: Sendable, Equatable {
    /// One category the claim's lines fall in, with the life they were valued at.
    public struct LifeUsed: Sendable, Equatable {
        public let label: String
        /// Nil: not depreciated.
        public let years: Int?
        public let defaultYears: Int?
        public let lineCount: Int
        /// The category's id (`UsefulLife.category`), for its name in another language.
        public var category = ""

        /// "8 years (default 10)", "not depreciated".
        public var lifeText: String {
            let life = ScheduleMethod.yearsText(years)
            return years == defaultYears ? life : "\(life) (default \(defaultYears.map(String.init) ?? "not depreciated"))"
        }
    }

    /// The rule, its sources cited as "[1]" in `references`' order.
    public let paragraphs: [String]
    /// The categories of this claim's lines, in the useful-life table's order.
    public let lives: [LifeUsed]
    /// What needs attention in this claim ("1 line has no purchase date…"); empty when nothing does.
    public let notes: [String]
    public let references: [DepreciationSource]
    /// Every category whose life the household changed from the default (used in this claim or not).
    public var edited: [LifeUsed] = []
    /// How the policy settles, which the method's settlement paragraph states.
    public var settlement = Settlement.replacementCost

    /// The whole as plain paragraphs, for the claim's page and the API: the rule, the sources each
    /// with its address once, then "In this claim: …" last.
    public var text: [String] {
        var text = paragraphs
        text.append("Sources: " + references.enumerated().map { "[\($0 + 1)] \($1.reference) (\($1.url))" }.joined(separator: "; ") + ".")
        if !notes.isEmpty { text.append(notesSentence) }
        return text
    }

    /// "In this claim: …; …."
    public var notesSentence: String { "In this claim: " + notes.joined(separator: "; ") + "." }

    static func yearsText(_ years: Int?) -> String {
        guard let years else { return "not depreciated" }
        return years == 1 ? "1 year" : "\(years) years"
    }
}

extension DepreciationSource {
    /// "Publisher, “Title”": how a reference list names it.
    public var reference: String { "\(publisher), “\(name)”" }
}
