import Database

/// Why an inventory operation did not happen; in each case nothing was changed.
public enum InventoryError: Error, Sendable, Equatable {
    case itemNotFound(id: Item.ID)
    /// The caller's copy is out of date: the item changed since it was read.
    case versionMismatch(current: Item)
    case invalid(ValidationError)
    /// A move to a position outside the list.
    case positionOutOfRange(position: Int, count: Int)
    case locationNotFound(id: Location.ID)
    /// A location still holding items, other locations or walk-throughs is not deleted (their place would be lost).
    case locationNotEmpty(name: String, items: Int, locations: Int, walkthroughs: Int = 0)
    /// A search, filter, sort or window the item list cannot give: `parameter` names the part.
    case invalidQuery(parameter: String, message: Message)
    case photoNotFound(itemID: Item.ID, photoID: ItemPhoto.ID)
    /// An item already holds the most photos it may.
    case tooManyPhotos(limit: Int)
    /// A new order that is not exactly the item's photos, each once.
    case photoOrderMismatch(missing: [ItemPhoto.ID], unknown: [ItemPhoto.ID], repeated: [ItemPhoto.ID])
    case documentNotFound(itemID: Item.ID, documentID: ItemDocument.ID)
    case invalidDocument(ValidationError)
    /// Bytes that are not a PDF, an image the app reads, or plain UTF-8 text.
    case unsupportedDocumentType
    /// An item already holds the most documents it may.
    case tooManyDocuments(limit: Int)
    /// The item has no link to this library photo.
    case evidenceNotFound(itemID: Item.ID, assetID: LibraryPhotoID)
    /// An item already links the most library photos it may.
    case tooManyEvidencePhotos(limit: Int)
    /// A merge of drafts that cannot be made (`ItemStore.mergeDraft`).
    case invalidMerge(MergeProblem)
    case walkthroughNotFound(id: Walkthrough.ID)
    /// The capture was stored before (`Capture`): this is what it made, and nothing was stored again.
    case alreadyCaptured(CapturedThing)
}
