import Inventory

/// Why a claim operation did not happen; in each case nothing was changed.
public enum ClaimError: Error, Sendable, Equatable {
    case claimNotFound(id: Claim.ID)
    case invalid(ValidationError)
    /// A closed claim is a record of what was settled: it is not changed.
    case closed(name: String)
    /// The caller's copy is out of date: the claim changed since it was read.
    case versionMismatch(current: Claim)
    case itemNotFound(id: Item.ID)
    case lineNotFound(claimID: Claim.ID, itemID: Item.ID)
    case expenseNotFound(claimID: Claim.ID, expenseID: ClaimExpense.ID)
    case bundleNotFound(claimID: Claim.ID, bundleID: ClaimBundle.ID)
}
