import Foundation
/// An item as the JSON API writes it (`ItemJSON`): every key, so two models are equal exactly when
/// the two JSON objects are.
struct ItemModel: Decodable, Equatable, Sendable {
    let id: Int64
    let name: String
    let serialNumber: String
    let valueInDollars: Int
    /// ISO 8601, as sent.
    let dateCreated: String
    let position: Int
    /// nil for JSON `null`: the item is in no location.
    let locationId: Int64?
    /// A photo from walking a room, not named yet.
    let draft: Bool
    /// nil for JSON `null`: the item has no photo.
    let image: ItemImageModel?
    /// An exact decimal: Foundation reads a JSON number into `Decimal` digit for digit.
    let quantity: Decimal
    let quantityUnit: String
    let businessUse: Bool
    let description: String
    let brand: String
    let model: String
    let barcode: String
    let condition: String?
    let notes: String
    /// Decimal strings in `currency`, `"1299.99"`.
    let purchasePrice: String?
    let purchaseDate: String?
    let purchasedFrom: String
    let replacementCost: String?
    let replacementCostDate: String?
    let replacementCostSource: String
    let currency: String
    let tags: [String]
    let customFields: [String: String]
    let warrantyExpires: String?
    let lifetimeWarranty: Bool
    let warrantyDetails: String
    let scheduled: Bool
    let riderAmount: String?
    /// nil for JSON `null`: still owned.
    let disposed: DisposalModel?
    let readiness: ReadinessModel
    /// In the owner's order; the first is `image`.
    let photos: [ItemPhotoModel]
    let documents: [ItemDocumentModel]
    /// Library photos linked as evidence, by capture time.
    let evidence: [EvidenceModel]
    /// `YYYY-MM-DD` of the earliest evidence still in the library, or nil.
    let documentedSince: String?
}

/// A library photo linked to an item as evidence.
struct EvidenceModel: Decodable, Equatable, Sendable {
    let assetId: String
    /// The camera's wall-clock time, `2019-05-04T18:30:07`; nil when the photo does not say.
    let takenAt: String?
    let camera: String?
    /// Where its file was when it was linked; nil when withheld.
    let path: String?
    let missing: Bool
    /// True when the photo is in a library folder the caller has not been granted: its capture time,
    /// camera, path and URLs are then nil.
    let withheld: Bool
    /// nil once the photo has left the library.
    let thumbnailURL: String?
    let viewerURL: String?
}

/// Whether an item would stand up in a claim, and the codes of what is missing.
struct ReadinessModel: Decodable, Equatable, Sendable {
    let ready: Bool
    let gaps: [String]
}

/// What became of an item no longer owned.
struct DisposalModel: Decodable, Equatable, Sendable {
    let kind: String
    let date: String?
    let price: String?
    let notes: String
}

/// One of an item's photos.
struct ItemPhotoModel: Decodable, Equatable, Sendable {
    let id: Int64
    let width: Int
    let height: Int
    let contentType: String
    let thumbnailURL: String
    let screenURL: String
    let originalURL: String
    /// `general`, `serial` or `closeup`.
    let kind: String
}

/// One of an item's documents.
struct ItemDocumentModel: Decodable, Equatable, Sendable {
    let id: Int64
    let kind: String
    let name: String
    let contentType: String
    let size: Int
    let sha256: String
    let url: String
    /// nil for JSON `null`: no thumbnail (plain text, a damaged PDF).
    let thumbnailURL: String?
}

/// An item's photo: its size, type and the URLs of its renditions.
struct ItemImageModel: Decodable, Equatable, Sendable {
    let width: Int
    let height: Int
    let contentType: String
    let thumbnailURL: String
    let screenURL: String
    let originalURL: String
}

/// A location as the JSON API writes it.
struct LocationModel: Decodable, Equatable, Sendable {
    let id: Int64
    let name: String
    let parentId: Int64?
    let path: String
    let notes: String
}
