import HTTPServer
import Inventory

extension InventoryError: CataloguedError {
    var errorCode: ErrorCode {
        switch self {
        case .itemNotFound: .itemNotFound
        case .versionMismatch: .itemChanged
        case .invalid: .invalidItem
        case .positionOutOfRange: .invalidPosition
        case .locationNotFound: .locationNotFound
        case .locationNotEmpty: .locationNotEmpty
        case .invalidQuery(let parameter, _): parameter == "limit" ? .invalidLimit : .invalidItemQuery
        }
    }

    public var message: String {
        switch self {
        case .itemNotFound(let id):
            "There is no item \(id). It may have been deleted; go back to the list."
        case .versionMismatch:
            "This item was changed elsewhere since you loaded it; nothing was saved. Load it again, then re-apply your change."
        case .invalid(let error):
            error.summary
        case .positionOutOfRange(let position, let count):
            count == 0
                ? "There are no items to move."
                : "Position \(position) is outside the list; use a position from 0 to \(count - 1)."
        case .locationNotFound(let id):
            "There is no location \(id). It may have been deleted; go back to the locations."
        case .locationNotEmpty(let name, let items, let locations):
            "“\(name)” still holds \([Self.count(items, "item"), Self.count(locations, "location")].compactMap { $0 }.joined(separator: " and ")); "
                + "move or delete \(items + locations == 1 ? "it" : "them") first, so nothing loses its place."
        case .invalidQuery(_, let message):
            message
        }
    }

    public var headers: HTTPHeaders {
        guard case .versionMismatch(let current) = self else { return HTTPHeaders() }
        return ["ETag": ItemJSON.etag(of: current)]
    }

    public var fieldMessages: [(field: String, message: String)] {
        if case .invalidQuery(let parameter, let message) = self { return [(field: parameter, message: message)] }
        guard case .invalid(let error) = self else { return [] }
        return error.errors.map { (field: $0.field, message: $0.message) }
    }

    private static func count(_ number: Int, _ noun: String) -> String? {
        number == 0 ? nil : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
