import Claims
import HTTPServer

extension ValuationError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .unknownCategory, .usefulLifeOutOfRange: .invalidUsefulLife
        case .overrideOutOfRange, .overrideWithoutReason, .quantityLostOutOfRange, .totalTooLarge: .invalidClaim
        }
    }

    public var fieldMessages: [(field: String, message: String)] {
        switch self {
        case .unknownCategory(let category, _), .usefulLifeOutOfRange(let category, _, _): [(field: category, message: message)]
        default: []
        }
    }
}
