import Foundation

/// Something a household owns, as the inventory stores it.
public struct Item: Sendable, Equatable, Identifiable {
    public let id: Int64
    public var name: String
    public var serialNumber: String
    public var valueInDollars: Int
    public let dateCreated: Date
    /// Its place in the list, from 0.
    public var position: Int
    /// Bumped by every change to the stored item; the basis of its ETag.
    public var version: Int
    /// The item's photo, if it has one.
    public var image: StoredImage?
    /// Where it is kept, if that was said.
    public var locationID: Int64?
    /// Quantity, description, costs and dates: what a claim needs.
    public var details = ItemDetails()

    public init(id: Int64, name: String, serialNumber: String, valueInDollars: Int, dateCreated: Date, position: Int, version: Int,
                image: StoredImage? = nil, locationID: Int64? = nil, details: ItemDetails = ItemDetails()) {
        self.id = id
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
        self.position = position
        self.version = version
        self.image = image
        self.locationID = locationID
        self.details = details
    }
}
