import Database
import Foundation

/// One of an item's photos. Its image may be shared with other photos (of this item or others): the
/// image store keeps each content once.
public struct ItemPhoto: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<ItemPhoto>

    /// What the photo shows, for an adjuster: the item, its serial plate, or a detail.
    public enum Kind: String, Sendable, CaseIterable {
        case general, serial, closeup

        /// "general, serial or closeup", for messages.
        public static let choices = "general, serial or closeup"
    }

    public let id: ID
    public let image: StoredImage
    public var kind: Kind

    public init(id: ID, image: StoredImage, kind: Kind) {
        self.id = id
        self.image = image
        self.kind = kind
    }
}
