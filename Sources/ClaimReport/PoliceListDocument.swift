/// A list of stolen things for the police, as plain values: a header (who, where, when, the claim),
/// then one entry per item with its facts and its main photo. Every text is formatted by the caller.
public struct PoliceListDocument: Sendable, Codable, Equatable {
    public var title: String
    public var subtitle: String
    public var facts: [ReportFact]
    public var entries: [PoliceListEntry]
    /// Printed at the foot of every page beside "Page N of M".
    public var footerText: String
    /// The list's own words, in the claim's language.
    public var words = ReportWords.english

    public init(title: String, subtitle: String, facts: [ReportFact], entries: [PoliceListEntry], footerText: String) {
        self.title = title
        self.subtitle = subtitle
        self.facts = facts
        self.entries = entries
        self.footerText = footerText
    }
}

/// One stolen item: its heading ("2. Laptop"), its facts (a value may hold several lines, one serial
/// number to a line) and its main photo, printed small beside them; all of it kept on one page.
public struct PoliceListEntry: Sendable, Codable, Equatable {
    public var title: String
    public var facts: [ReportFact]
    public var photo: ReportImage?

    public init(title: String, facts: [ReportFact], photo: ReportImage?) {
        self.title = title
        self.facts = facts
        self.photo = photo
    }
}

extension PoliceListDocument {
    /// One section: the header, then the entries flowing from page to page (an entry is never split).
    var sections: [ReportSection] {
        var blocks: [Block] = [.title(title, subtitle: subtitle)]
        blocks += facts.map { .fact($0, emphasised: false) }
        blocks.append(.heading(words.items))
        blocks += entries.map(Block.entry)
        return [ReportSection(title: title, kind: .part, blocks: blocks)]
    }
}
