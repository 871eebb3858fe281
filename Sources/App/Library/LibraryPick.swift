import Inventory

/// The library opened from an item to choose a photo: to copy it into the item (`?pick=7`), or to
/// link it to the item as evidence (`?pick=7&as=evidence`), keeping it where it is.
struct LibraryPick: Sendable, Equatable {
    let itemID: Item.ID
    let asEvidence: Bool

    init(itemID: Item.ID, asEvidence: Bool = false) {
        self.itemID = itemID
        self.asEvidence = asEvidence
    }

    static let evidenceParameter = "as"

    /// `pick=7` or `pick=7&as=evidence`, for the library's URLs.
    var query: String { "\(LibraryRoutes.pickParameter)=\(itemID)" + (asEvidence ? "&\(Self.evidenceParameter)=evidence" : "") }

    /// Where a tapped photo is posted.
    var formURL: String { asEvidence ? ItemRoutes.linkEvidence(itemID) : ItemRoutes.pickPhoto(itemID) }

    /// The message of the library's title while picking.
    var titleKey: String { asEvidence ? "library.pick.evidence-title" : "library.pick.photo-title" }
}
