import Claims
import HTTPServer

extension ClaimLinkError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .invalid: .invalidClaimLink
        case .linkNotFound: .claimLinkNotFound
        }
    }

    public var message: String {
        switch self {
        case .invalid(let error):
            error.summary
        case .linkNotFound(let id, let claimID):
            "Claim \(claimID) has no link \(id). List its links at \(ClaimLinkRoutes.apiList(claimID))."
        }
    }

    public var fieldMessages: [(field: String, message: String)] {
        guard case .invalid(let error) = self else { return [] }
        return error.errors.map { (field: $0.field, message: $0.message) }
    }
}
