import Database
import Foundation

/// Something a household owns, as the inventory stores it.
public struct Item: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<Item>

    public let id: ID
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    public let dateCreated: Date
    /// Its place in the list, from 0.
    public var position: Int
    /// Bumped by every change to the stored item; the basis of its ETag.
    public var version: Int
    /// The item's photos, in the order its owner set; the first is the primary.
    public var photos: [ItemPhoto]
    /// Receipts, manuals, warranties, appraisals, in the order they were added.
    public var documents: [ItemDocument]
    /// Library photos linked as evidence, by capture time (undated last).
    public var evidence: [EvidenceLink]
    /// Where it is kept, if that was said.
    public var locationID: Location.ID?
    /// Quantity, description, costs and dates: what a claim needs.
    public var details = ItemDetails()
    /// A photo taken while walking a room, not named yet: it may have an empty name, is never
    /// claim-ready, and stops being a draft once it is given a name.
    public var isDraft = false
    /// The walk-through video and second its first photo was taken from, when it was made from a frame.
    public var walkthroughOrigin: WalkthroughOrigin?

    public init(id: ID, name: String, serialNumber: String, valueInDollars: Int, dateCreated: Date, position: Int, version: Int,
                photos: [ItemPhoto] = [], documents: [ItemDocument] = [], evidence: [EvidenceLink] = [], locationID: Location.ID? = nil, details: ItemDetails = ItemDetails(), isDraft: Bool = false,
                walkthroughOrigin: WalkthroughOrigin? = nil) {
        self.id = id
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.position = position
        self.version = version
        self.photos = photos
        self.documents = documents
        self.evidence = evidence
        self.locationID = locationID
        self.details = details
        self.isDraft = isDraft
        self.walkthroughOrigin = walkthroughOrigin
    }

    /// The primary photo's image: what the list's thumbnail, the popover and the single-photo API show.
    public var image: StoredImage? { photos.first?.image }
}
