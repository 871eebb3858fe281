import HTTPServer
import Inventory
import Messages

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

    public var message: String { wording.english }

    public var wording: Message {
        switch self {
        case .itemNotFound(let id):
            Message("error.inventory.no-item", "There is no item \(id). It may have been deleted; go back to the list.", ["item": .text("\(id)")])
        case .versionMismatch:
            Message("error.inventory.item-changed",
                    "This item was changed elsewhere since you loaded it; nothing was saved. Load it again, then re-apply your change.")
        case .invalid(let error), .invalidDocument(let error):
            error.summaryWording
        case .positionOutOfRange(_, 0):
            Message("error.inventory.nothing-to-move", "There are no items to move.")
        case .positionOutOfRange(let position, let count):
            Message("error.inventory.position", "Position \(position) is outside the list; use a position from 0 to \(count - 1).",
                    ["position": .text("\(position)"), "last": .text("\(count - 1)")])
        case .locationNotFound(let id):
            Message("error.inventory.no-location", "There is no location \(id). It may have been deleted; go back to the locations.", ["location": .text("\(id)")])
        case .locationNotEmpty(let name, let items, let locations, let walkthroughs):
            Self.notEmpty(name, items: items, locations: locations, walkthroughs: walkthroughs)
        case .invalidQuery(_, let message):
            message
        case .photoNotFound(let itemID, let photoID):
            Message("error.inventory.no-photo", "Item \(itemID) has no photo \(photoID). It may have been deleted; load the item again.",
                    ["item": .text("\(itemID)"), "photo": .text("\(photoID)")])
        case .tooManyPhotos(let limit):
            Message("error.inventory.too-many-photos", "This item already has \(limit) photos, the most an item can hold. Delete one before adding another.",
                    ["limit": .count(limit)])
        case .photoOrderMismatch(let missing, let unknown, let repeated):
            Self.photoOrder(missing: missing, unknown: unknown, repeated: repeated)
        case .documentNotFound(let itemID, let documentID):
            Message("error.inventory.no-document", "Item \(itemID) has no document \(documentID). It may have been deleted; load the item again.",
                    ["item": .text("\(itemID)"), "document": .text("\(documentID)")])
        case .unsupportedDocumentType:
            Self.unsupportedDocument
        case .tooManyDocuments(let limit):
            Message("error.inventory.too-many-documents", "This item already has \(limit) documents, the most an item can hold. Delete one before adding another.",
                    ["limit": .count(limit)])
        case .evidenceNotFound(let itemID, _):
            Self.evidenceNotFound(itemID)
        case .tooManyEvidencePhotos(let limit):
            Message("error.inventory.too-many-evidence",
                    "This item already links \(limit) library photos as evidence, the most an item can hold. Unlink one before linking another.",
                    ["limit": .count(limit)])
        case .invalidMerge(.notADraft(let id)):
            Message("error.inventory.merge-not-draft", "Item \(id) is not a draft; only a draft is merged into another item. Merge the draft into it instead.",
                    ["item": .text("\(id)")])
        case .invalidMerge(.sameItem(let id)):
            Message("error.inventory.merge-same-item", "A draft cannot be merged into itself (both are item \(id)). Choose the other item its photo shows.",
                    ["item": .text("\(id)")])
        case .walkthroughNotFound(let id):
            Message("error.inventory.no-walkthrough", "There is no walk-through \(id). It may have been deleted; open its place again.", ["walkthrough": .text("\(id)")])
        case .alreadyCaptured(let earlier):
            Self.alreadyCaptured(earlier)
        }
    }

    static func evidenceNotFound(_ itemID: Item.ID) -> Message {
        Message("error.inventory.no-evidence", "Item \(itemID) has no link to that library photo. It may have been unlinked already; load the item again.",
                ["item": .text("\(itemID)")])
    }

    public var headers: HTTPHeaders {
        guard case .versionMismatch(let current) = self else { return HTTPHeaders() }
        return ["ETag": ItemJSON.etag(of: current)]
    }

    public var fieldWordings: [(field: String, message: Message)] {
        switch self {
        case .invalidQuery(let parameter, let message): [(field: parameter, message: message)]
        case .invalid(let error), .invalidDocument(let error): error.errors.map { (field: $0.field, message: $0.wording) }
        default: []
        }
    }

    /// The kinds are written out (`DocumentType.acceptedList`, a test checks) so that each language lists them in its own words.
    static let unsupportedDocument = Message(
        "error.inventory.document-type",
        "Homepwner keeps PDF, images (JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF) and plain UTF-8 text as documents; this file is none of them "
            + "(HTML, SVG, programs and archives are refused). Save it as a PDF, and upload that.")

    /// "“Attic” still holds 3 items and 1 location; move or delete them first, …": each count a plural
    /// of its own, never a noun glued to a number.
    private static func notEmpty(_ name: String, items: Int, locations: Int, walkthroughs: Int) -> Message {
        func count(_ key: String, _ number: Int, _ noun: String) -> Message {
            Message(key, number == 1 ? "1 \(noun)" : "\(number.grouped) \(noun)s", ["count": .count(number)])
        }
        var held: [Message] = []
        if items > 0 { held.append(count("error.inventory.holds-items", items, "item")) }
        if locations > 0 { held.append(count("error.inventory.holds-locations", locations, "location")) }
        if walkthroughs > 0 { held.append(count("error.inventory.holds-walkthroughs", walkthroughs, "walk-through")) }
        let contents = held.dropFirst().reduce(held.first ?? Message(english: "")) { first, next in
            Message("error.inventory.holds-and", "\(first.english) and \(next.english)", ["first": .message(first), "next": .message(next)])
        }
        let total = items + locations + walkthroughs
        let pronoun = total == 1 ? "it" : "them"
        let english = "“\(name)” still holds \(contents.english); move or delete \(pronoun) first, so nothing loses its place."
        return Message("error.inventory.place-not-empty", english, ["name": .text(name), "contents": .message(contents), "count": .count(total)])
    }

    /// "Send every one of the item's photo ids once, …: 5 is missing; 7 and 8 are listed more than once."
    private static func photoOrder(missing: [ItemPhoto.ID], unknown: [ItemPhoto.ID], repeated: [ItemPhoto.ID]) -> Message {
        var problems: [Message] = []
        if let ids = ids(missing) {
            let english = missing.count == 1 ? "\(ids.english) is missing" : "\(ids.english) are missing"
            problems.append(Message("error.inventory.photo-order-missing", english, ["ids": .message(ids), "count": .count(missing.count)]))
        }
        if let ids = ids(unknown) {
            let english = unknown.count == 1 ? "\(ids.english) is not one of its photos" : "\(ids.english) are not its photos"
            problems.append(Message("error.inventory.photo-order-unknown", english, ["ids": .message(ids), "count": .count(unknown.count)]))
        }
        if let ids = ids(repeated) {
            let english = repeated.count == 1 ? "\(ids.english) is listed more than once" : "\(ids.english) are listed more than once"
            problems.append(Message("error.inventory.photo-order-repeated", english, ["ids": .message(ids), "count": .count(repeated.count)]))
        }
        let listed = problems.dropFirst().reduce(problems.first ?? Message(english: "")) { first, next in
            Message("error.inventory.photo-order-then", "\(first.english); \(next.english)", ["first": .message(first), "next": .message(next)])
        }
        return Message("error.inventory.photo-order", "Send every one of the item's photo ids once, the first being the primary: \(listed.english).",
                       ["problems": .message(listed)])
    }

    /// "5", "5 and 6", "4, 5 and 6"; nil for no ids.
    private static func ids(_ ids: [ItemPhoto.ID]) -> Message? {
        guard let last = ids.last else { return nil }
        guard ids.count > 1 else { return Message("error.inventory.photo-id", "\(last)", ["id": .text("\(last)")]) }
        let rest = ids.dropLast().map(String.init).joined(separator: ", ")
        return Message("error.inventory.photo-ids", "\(rest) and \(last)", ["rest": .text(rest), "last": .text("\(last)")])
    }

    /// "This Capture-Id was sent before and made photo 12 of item 3, …".
    private static func alreadyCaptured(_ earlier: CapturedThing) -> Message {
        let made = switch earlier {
        case .photo(let photo, let item):
            Message("error.inventory.captured-photo", "photo \(photo) of item \(item)", ["photo": .text("\(photo)"), "item": .text("\(item)")])
        case .document(let document, let item):
            Message("error.inventory.captured-document", "document \(document) of item \(item)", ["document": .text("\(document)"), "item": .text("\(item)")])
        case .walkthrough(let walkthrough, let place):
            Message("error.inventory.captured-walkthrough", "walk-through \(walkthrough) of place \(place)",
                    ["walkthrough": .text("\(walkthrough)"), "place": .text("\(place)")])
        case .draft(let draft, let place):
            Message("error.inventory.captured-draft", "draft \(draft) in place \(place)", ["draft": .text("\(draft)"), "place": .text("\(place)")])
        }
        return Message("error.inventory.capture-reused",
                       "This Capture-Id was sent before and made \(made.english), which this request does not make or which was deleted since; "
                           + "nothing was stored again. Give each capture an id of its own.",
                       ["made": .message(made)])
    }
}
