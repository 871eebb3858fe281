import Database

/// A capture as the device that took it names it (the outbox makes an id for each photo, document and
/// video before sending it), with who sent it. A request whose answer was lost is sent again with the
/// same id; the inventory remembers what the first one made, in the same transaction, so the retry
/// makes nothing twice.
public struct Capture: Sendable, Hashable {
    /// 1 to 64 of `A–Z a–z 0–9 . _ -`: a UUID fits, and nothing else needs quoting anywhere.
    public let id: String
    /// The account that sent it: one account's ids never meet another's.
    public let sender: Int64

    public init?(id: String, sender: Int64) {
        guard (1...Self.maxLength).contains(id.utf8.count), id.utf8.allSatisfy(Self.isAllowed) else { return nil }
        self.id = id
        self.sender = sender
    }

    public static let maxLength = 64

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// What a capture made, and where it was sent.
public enum CapturedThing: Sendable, Hashable {
    case photo(ItemPhoto.ID, of: Item.ID)
    case document(ItemDocument.ID, of: Item.ID)
    case walkthrough(Walkthrough.ID, of: Location.ID)
    case draft(Item.ID, in: Location.ID)

    /// How it is described in a message: "photo 12 of item 3".
    public var description: String {
        switch self {
        case .photo(let photo, let item): "photo \(photo) of item \(item)"
        case .document(let document, let item): "document \(document) of item \(item)"
        case .walkthrough(let walkthrough, let place): "walk-through \(walkthrough) of place \(place)"
        case .draft(let draft, let place): "draft \(draft) in place \(place)"
        }
    }

    var kind: String {
        switch self {
        case .photo: "photo"
        case .document: "document"
        case .walkthrough: "walkthrough"
        case .draft: "draft"
        }
    }

    var targetID: Int64 {
        switch self {
        case .photo(_, let item), .document(_, let item): item.rawValue
        case .walkthrough(_, let place), .draft(_, let place): place.rawValue
        }
    }

    var madeID: Int64 {
        switch self {
        case .photo(let photo, _): photo.rawValue
        case .document(let document, _): document.rawValue
        case .walkthrough(let walkthrough, _): walkthrough.rawValue
        case .draft(let draft, _): draft.rawValue
        }
    }

    init?(kind: String, target: Int64, made: Int64) {
        switch kind {
        case "photo": self = .photo(ItemPhoto.ID(made), of: Item.ID(target))
        case "document": self = .document(ItemDocument.ID(made), of: Item.ID(target))
        case "walkthrough": self = .walkthrough(Walkthrough.ID(made), of: Location.ID(target))
        case "draft": self = .draft(Item.ID(made), in: Location.ID(target))
        default: return nil
        }
    }
}
