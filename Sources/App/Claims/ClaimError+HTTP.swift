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

    public var message: String {
        switch self {
        case .claimNotFound(let id):
            "There is no claim \(id). It may have been deleted; go back to the claims."
        case .invalid(let error):
            error.summary
        case .closed(let name):
            "The claim “\(name)” is closed: it is kept as it was settled and cannot be changed. Start a new claim for anything else."
        case .versionMismatch:
            "This claim was changed elsewhere since you loaded it; nothing was saved. Load it again, then re-apply your change."
        case .itemNotFound(let id):
            "There is no item \(id). It may have been deleted; choose the items again."
        case .lineNotFound(let claimID, let itemID):
            "Item \(itemID) is not in claim \(claimID). Add it to the claim first."
        case .expenseNotFound(let claimID, let expenseID):
            "Claim \(claimID) has no living expense \(expenseID). It may have been deleted; load the claim's expenses again."
        case .bundleNotFound(let claimID, let bundleID):
            "Claim \(claimID) has no bundle \(bundleID). It may have been removed; load the claim again."
        }
    }

    public var wording: Message {
        guard case .invalid(let error) = self else { return Message(english: message) }
        return error.summaryWording
    }

    public var fieldWordings: [(field: String, message: Message)] {
        guard case .invalid(let error) = self else { return [] }
        return error.errors.map { (field: $0.field, message: $0.wording) }
    }
}
