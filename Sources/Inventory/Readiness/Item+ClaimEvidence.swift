extension Item {
    /// The photos and documents an adjuster would look for, counted from what the item holds. Library
    /// photos linked as evidence count as photos (a dated photo shows the thing existed) while they are
    /// known to be in the library, but never as close-ups.
    public var claimEvidence: ClaimReadiness.Evidence {
        ClaimReadiness.Evidence(
            photos: photos.count + evidence.filter { $0.isMissing == false }.count,
            closeUps: photos.filter { $0.kind != .general }.count,
            proofsOfValue: documents.filter { $0.kind == .receipt || $0.kind == .appraisal }.count)
    }

    public func claimReadiness(today: CalendarDate) -> ClaimReadiness {
        ClaimReadiness(item: self, evidence: claimEvidence, today: today)
    }
}
