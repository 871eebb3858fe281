import Foundation

/// A sworn statement in proof of loss, as plain values, in the order of the standard form (the
/// standard fire policy's, which insurers' own forms follow): the policy's particulars, the insured
/// and the peril, the numbered statements (time and origin, occupancy, title and interest, changes,
/// total insurance), the amounts (actual cash value, whole loss and damage, less the deductible, the
/// amount claimed), the declaration, the insured's signature and the notary's jurat, left blank to
/// be signed and sworn on paper. Every text is formatted by the caller.
public struct ProofOfLossDocument: Sendable, Codable, Equatable {
    public var title: String
    public var subtitle: String
    /// Policy number, policy period, amount of the policy, insurer, claim number…
    public var policy: [ReportFact]
    /// "At the time of the loss, by the policy above, the insurer insured …".
    public var opening: String
    /// "1. Time and origin", "2. Occupancy"…: each label with what the claim says, or a line to fill in.
    public var statements: [ReportFact]
    /// "6. Actual cash value", "7. Whole loss and damage", "8. Less deductible", "9. Amount claimed".
    public var amounts: [ReportFact]
    public var declaration: [String]
    /// The insured's signature lines, then the notary's.
    public var signature: [String]
    public var notary: [String]
    public var footerText: String
    /// The form's own words, in the claim's language.
    public var words = ReportWords.english

    public init(title: String, subtitle: String, policy: [ReportFact], opening: String, statements: [ReportFact], amounts: [ReportFact],
                declaration: [String], signature: [String], notary: [String], footerText: String) {
        self.title = title
        self.subtitle = subtitle
        self.policy = policy
        self.opening = opening
        self.statements = statements
        self.amounts = amounts
        self.declaration = declaration
        self.signature = signature
        self.notary = notary
        self.footerText = footerText
    }

    /// One section: the form's parts in order, the signature and the notary's block on a second page.
    var sections: [ReportSection] {
        var blocks: [Block] = [.title(title, subtitle: subtitle)]
        blocks += policy.map { .fact($0, emphasised: false) }
        blocks.append(.paragraph(opening))
        blocks.append(.heading(words.proofOfLossStatements))
        // Numbered paragraphs the page's width, as the printed form runs them (a label column wrapped
        // each statement over three lines).
        blocks += statements.map { .paragraph(words.statement($0.label.hasSuffix(".") ? String($0.label.dropLast()) : $0.label, $0.value)) }
        blocks.append(.heading(words.proofOfLossAmounts))
        blocks += amounts.map { .fact($0, emphasised: true) }
        blocks.append(.heading(words.proofOfLossDeclaration))
        blocks += declaration.map(Block.paragraph)
        blocks.append(.heading(words.proofOfLossSignature))
        blocks += signature.map(Block.paragraph)
        blocks.append(.subheading(words.proofOfLossNotary))
        blocks += notary.map(Block.paragraph)
        return [ReportSection(title: title, kind: .part, blocks: blocks)]
    }
}

extension ClaimReportRenderer {
    /// Writes a proof of loss to `url` the same way as the report: whole or not at all, stopping when asked.
    public static func render(_ proof: ProofOfLossDocument, paper: ReportPaper, to url: URL,
                              stopWhen shouldStop: () -> Bool = { false }) throws(ClaimReportError) {
        let file = try ReportFile(target: url)
        try draw(title: proof.title, footerText: proof.footerText, words: proof.words, geometry: PageGeometry(paper: paper), to: file, stopWhen: shouldStop) { _, _ in proof.sections }
        try file.commit()
    }
}
