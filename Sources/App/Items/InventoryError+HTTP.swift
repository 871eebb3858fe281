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
        case .photoNotFound: .photoNotFound
        case .tooManyPhotos: .tooManyPhotos
        case .photoOrderMismatch: .invalidPhotoOrder
        case .documentNotFound: .documentNotFound
        case .invalidDocument: .invalidDocument
        case .unsupportedDocumentType: .unsupportedDocumentType
        case .tooManyDocuments: .tooManyDocuments
        case .evidenceNotFound: .evidenceNotFound
        case .tooManyEvidencePhotos: .tooManyEvidencePhotos
        case .invalidMerge: .invalidMerge
        case .walkthroughNotFound: .walkthroughNotFound
        case .alreadyCaptured: .captureIDReused
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
        case .locationNotEmpty(let name, let items, let locations, let walkthroughs):
            "“\(name)” still holds \([Self.count(items, "item"), Self.count(locations, "location"), Self.count(walkthroughs, "walk-through")].compactMap { $0 }.joined(separator: " and ")); "
                + "move or delete \(items + locations + walkthroughs == 1 ? "it" : "them") first, so nothing loses its place."
        case .invalidQuery(_, let message):
            message
        case .photoNotFound(let itemID, let photoID):
            "Item \(itemID) has no photo \(photoID). It may have been deleted; load the item again."
        case .tooManyPhotos(let limit):
            "This item already has \(limit) photos, the most an item can hold. Delete one before adding another."
        case .photoOrderMismatch(let missing, let unknown, let repeated):
            "Send every one of the item's photo ids once, the first being the primary: "
                + [Self.ids(missing, "is missing", "are missing"), Self.ids(unknown, "is not one of its photos", "are not its photos"),
                   Self.ids(repeated, "is listed more than once", "are listed more than once")].compactMap { $0 }.joined(separator: "; ") + "."
        case .documentNotFound(let itemID, let documentID):
            "Item \(itemID) has no document \(documentID). It may have been deleted; load the item again."
        case .invalidDocument(let error):
            error.summary
        case .unsupportedDocumentType:
            "Homepwner keeps \(DocumentType.acceptedList) as documents; this file is none of them (HTML, SVG, programs and archives are refused). "
                + "Save it as a PDF, and upload that."
        case .tooManyDocuments(let limit):
            "This item already has \(limit) documents, the most an item can hold. Delete one before adding another."
        case .evidenceNotFound(let itemID, _):
            Self.evidenceNotFoundMessage(itemID)
        case .tooManyEvidencePhotos(let limit):
            "This item already links \(limit) library photos as evidence, the most an item can hold. Unlink one before linking another."
        case .invalidMerge(.notADraft(let id)):
            "Item \(id) is not a draft; only a draft is merged into another item. Merge the draft into it instead."
        case .invalidMerge(.sameItem(let id)):
            "A draft cannot be merged into itself (both are item \(id)). Choose the other item its photo shows."
        case .walkthroughNotFound(let id):
            "There is no walk-through \(id). It may have been deleted; open its place again."
        case .alreadyCaptured(let earlier):
            "This Capture-Id was sent before and made \(earlier.description), which this request does not make or which was deleted since; "
                + "nothing was stored again. Give each capture an id of its own."
        }
    }

    static func evidenceNotFoundMessage(_ itemID: Item.ID) -> String {
        "Item \(itemID) has no link to that library photo. It may have been unlinked already; load the item again."
    }

    public var headers: HTTPHeaders {
        guard case .versionMismatch(let current) = self else { return HTTPHeaders() }
        return ["ETag": ItemJSON.etag(of: current)]
    }

    public var wording: Message {
        switch self {
        case .invalid(let error), .invalidDocument(let error): error.summaryWording
        default: Message(english: message)
        }
    }

    public var fieldWordings: [(field: String, message: Message)] {
        if case .invalidQuery(let parameter, let message) = self { return [(field: parameter, message: Message(english: message))] }
        let error: ValidationError
        switch self {
        case .invalid(let invalid), .invalidDocument(let invalid): error = invalid
        default: return []
        }
        return error.errors.map { (field: $0.field, message: $0.wording) }
    }

    /// "5 is missing", "5 and 6 are missing"; nil for no ids.
    private static func ids(_ ids: [ItemPhoto.ID], _ one: String, _ many: String) -> String? {
        switch ids.count {
        case 0: nil
        case 1: "\(ids[0]) \(one)"
        default: ids.dropLast().map(String.init).joined(separator: ", ") + " and \(ids.last!) \(many)"
        }
    }

    private static func count(_ number: Int, _ noun: String) -> String? {
        number == 0 ? nil : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
