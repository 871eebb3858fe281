/// One lost item's page (or pages): its facts, photos, receipts' first pages and evidence photos.
public struct ReportItemPage: Sendable, Codable, Equatable {
    public var title: String
    public var facts: [ReportFact]
    public var photos: [ReportImage]
    public var receipts: [ReportDocumentPage]
    /// Photos of the item before the loss; their captions carry the capture dates.
    public var evidence: [ReportImage]

    public init(title: String, facts: [ReportFact] = [], photos: [ReportImage] = [], receipts: [ReportDocumentPage] = [], evidence: [ReportImage] = []) {
        self.title = title
        self.facts = facts
        self.photos = photos
        self.receipts = receipts
        self.evidence = evidence
    }
}
