import Database

/// An item field a reader can suggest a value for (the JSON API's `field`).
public enum SuggestionField: String, Sendable, CaseIterable, Codable {
    case barcode, serialNumber, model, brand, purchaseDate, purchasePrice, purchasedFrom
}

/// What was read: an item's photo, one of its documents, or a photo of the library.
public enum ReadingSource: Sendable, Hashable {
    case photo(ItemPhoto.ID)
    case document(ItemDocument.ID)
    case asset(LibraryPhotoID)

    /// How the source is stored: its kind and its id as text.
    var kind: String {
        switch self {
        case .photo: "photo"
        case .document: "document"
        case .asset: "asset"
        }
    }

    var reference: String {
        switch self {
        case .photo(let id): id.description
        case .document(let id): id.description
        case .asset(let id): id.rawValue
        }
    }

    init?(kind: String, reference: String) {
        switch kind {
        case "photo": guard let id = ItemPhoto.ID(reference) else { return nil }; self = .photo(id)
        case "document": guard let id = ItemDocument.ID(reference) else { return nil }; self = .document(id)
        case "asset": guard let id = LibraryPhotoID(reference) else { return nil }; self = .asset(id)
        default: return nil
        }
    }
}

/// Which sources of an item a reader reads: its photos (all, or those of one kind), the photos that
/// may show a plate, or its documents of one kind (receipts).
public enum ReadingScope: Sendable, Hashable {
    case photos(ItemPhoto.Kind?)
    /// Photos marked as the serial plate, and every photo of a draft: a plate photographed while
    /// walking a room is not marked as one, and reading every photo for text would cost seconds each.
    case platePhotos
    case documents(ItemDocument.Kind)
}

/// A reader and its version: a source read by an older version (or never) is read again.
public struct ReaderStamp: Sendable, Hashable {
    public let name: String
    public let version: String
    /// What it reads (what an item's suggestions wait for while `pending`).
    public let scope: ReadingScope

    public init(name: String, version: String, scope: ReadingScope = .photos(nil)) {
        self.name = name
        self.version = version
        self.scope = scope
    }
}

/// Where on a photo a value was read, as fractions (0–1) of the upright photo's width and height.
public struct ReadingRegion: Sendable, Equatable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    /// The region clamped into the photo (a reader may place a corner just outside it).
    public init(x: Double, y: Double, width: Double, height: Double) {
        let left = min(max(x, 0), 1), top = min(max(y, 0), 1)
        self.x = left
        self.y = top
        self.width = min(max(width, 0), 1 - left)
        self.height = min(max(height, 0), 1 - top)
    }
}

/// One value a reader found on a source.
public struct Reading: Sendable, Equatable {
    public let field: SuggestionField
    public let value: String
    public let region: ReadingRegion?

    public init(field: SuggestionField, value: String, region: ReadingRegion? = nil) {
        self.field = field
        self.value = value
        self.region = region
    }
}

/// A reading offered for an item's field: not saved into the item until someone uses it.
public struct Suggestion: Sendable, Equatable {
    public let field: SuggestionField
    public let value: String
    public let source: ReadingSource
    public let region: ReadingRegion?
    public let reader: ReaderStamp
}

/// What was read for an item, and whether some of its sources are still to be read.
public struct ItemSuggestions: Sendable, Equatable {
    public let pending: Bool
    public let suggestions: [Suggestion]
}

/// An item photo waiting to be read, with its image.
public struct PhotoToRead: Sendable, Equatable {
    public let photoID: ItemPhoto.ID
    public let itemID: Item.ID
    public let image: StoredImage
}

/// An item document waiting to be read, with where its bytes are and what they are.
public struct DocumentToRead: Sendable, Equatable {
    public let documentID: ItemDocument.ID
    public let itemID: Item.ID
    /// Hex SHA-256 of its bytes (`DocumentStore.originalPath(sha256:)`).
    public let sha256: String
    public let type: DocumentType
}
