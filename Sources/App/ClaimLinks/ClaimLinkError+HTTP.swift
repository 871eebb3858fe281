import Claims
import HTTPServer
import Messages

extension ClaimLinkError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .invalid: .invalidClaimLink
        case .linkNotFound: .claimLinkNotFound
        }
    }

    public var message: String { wording.english }

    public var wording: Message {
        switch self {
        case .invalid(let error):
            error.summaryWording
        case .linkNotFound(let id, let claimID):
            Message("error.claim.no-link", "Claim \(claimID) has no link \(id). List its links at \(ClaimLinkRoutes.apiList(claimID)).",
                    ["claim": .text("\(claimID)"), "link": .text("\(id)"), "address": .text(ClaimLinkRoutes.apiList(claimID))])
        }
    }

    public var fieldWordings: [(field: String, message: Message)] {
        guard case .invalid(let error) = self else { return [] }
        return error.errors.map { (field: $0.field, message: $0.wording) }
    }
}
