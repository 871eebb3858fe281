extension Item {
    /// The photos and documents an adjuster would look for, counted from what the item holds.
    public var claimEvidence: ClaimReadiness.Evidence {
        ClaimReadiness.Evidence(
            photos: photos.count,
            closeUps: photos.filter { $0.kind != .general }.count,
            proofsOfValue: documents.filter { $0.kind == .receipt || $0.kind == .appraisal }.count)
    }

    public func claimReadiness(today: CalendarDate) -> ClaimReadiness {
        ClaimReadiness(item: self, evidence: claimEvidence, today: today)
    }
}
