import Claims
import HTTPServer
import Messages

extension ClaimError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .claimNotFound: .claimNotFound
        case .invalid: .invalidClaim
        case .closed: .claimClosed
        case .versionMismatch: .claimChanged
        case .itemNotFound: .itemNotFound
        case .lineNotFound: .claimLineNotFound
        case .expenseNotFound: .claimExpenseNotFound
        case .bundleNotFound: .claimBundleNotFound
        }
    }

    public var message: String { wording.english }

    public var wording: Message {
        switch self {
        case .claimNotFound(let id):
            Message("error.claim.not-found", "There is no claim \(id). It may have been deleted; go back to the claims.", ["claim": .text("\(id)")])
        case .invalid(let error):
            error.summaryWording
        case .closed(let name):
            Message("error.claim.closed", "The claim “\(name)” is closed: it is kept as it was settled and cannot be changed. Start a new claim for anything else.",
                    ["name": .text(name)])
        case .versionMismatch:
            Message("error.claim.changed", "This claim was changed elsewhere since you loaded it; nothing was saved. Load it again, then re-apply your change.")
        case .itemNotFound(let id):
            Message("error.claim.no-item", "There is no item \(id). It may have been deleted; choose the items again.", ["item": .text("\(id)")])
        case .lineNotFound(let claimID, let itemID):
            Message("error.claim.no-line", "Item \(itemID) is not in claim \(claimID). Add it to the claim first.", ["item": .text("\(itemID)"), "claim": .text("\(claimID)")])
        case .expenseNotFound(let claimID, let expenseID):
            Message("error.claim.no-expense", "Claim \(claimID) has no living expense \(expenseID). It may have been deleted; load the claim's expenses again.",
                    ["claim": .text("\(claimID)"), "expense": .text("\(expenseID)")])
        case .bundleNotFound(let claimID, let bundleID):
            Message("error.claim.no-bundle", "Claim \(claimID) has no bundle \(bundleID). It may have been removed; load the claim again.",
                    ["claim": .text("\(claimID)"), "bundle": .text("\(bundleID)")])
        }
    }

    public var fieldWordings: [(field: String, message: Message)] {
        guard case .invalid(let error) = self else { return [] }
        return error.errors.map { (field: $0.field, message: $0.wording) }
    }
}
