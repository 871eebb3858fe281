import Claims
import HTTPServer
import Messages

extension ValuationError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .unknownCategory, .usefulLifeOutOfRange: .invalidUsefulLife
        case .overrideOutOfRange, .overrideWithoutReason, .quantityLostOutOfRange, .totalTooLarge: .invalidClaim
        }
    }

    public var fieldWordings: [(field: String, message: Message)] {
        switch self {
        case .unknownCategory(let category, _), .usefulLifeOutOfRange(let category, _, _): [(field: category, message: wording)]
        default: []
        }
    }
}
