import HTTPServer
import Households
import Messages

extension HouseholdError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .householdNotFound: .householdNotFound
        case .invalidName: .invalidHouseholdName
        case .notAMember: .memberNotFound
        case .alreadyAMember: .alreadyAMember
        case .accountNotFound: .accountNotFound
        case .lastOwner: .lastOwner
        }
    }

    public var message: String { description }

    public var fieldWordings: [(field: String, message: Message)] {
        guard case .invalidName = self else { return [] }
        return [(field: "name", message: wording)]
    }
}
