/// The kinds of row whose ids a household counts itself (`household_sequences.entity`, the raw
/// value): a household's ids say nothing about how much another has made, and a second server's
/// answers can be compared with the first's byte for byte.
public enum HouseholdEntity: String, Sendable, CaseIterable {
    case items
    case locations
    case tags
    case itemPhotos = "item_photos"
    case itemDocuments = "item_documents"
    case walkthroughs
    case claims
    case claimLinks = "claim_links"
    case claimExpenses = "claim_expenses"
    case claimBundles = "claim_bundles"
    case invitations = "household_invitations"
}
