extension Item {
    /// The photos and documents an adjuster would look for, counted from what the item holds.
    public var claimEvidence: ClaimReadiness.Evidence {
        ClaimReadiness.Evidence(photos: image == nil ? 0 : 1)
    }

    public func claimReadiness(today: CalendarDate) -> ClaimReadiness {
        ClaimReadiness(item: self, evidence: claimEvidence, today: today)
    }
}
