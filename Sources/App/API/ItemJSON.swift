import Foundation
import Inventory

/// An item as the JSON API shows it.
struct ItemJSON: Encodable {
    let item: Item

    enum CodingKeys: String, CodingKey {
        case id, name, serialNumber, valueInDollars, dateCreated, position, image
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.id, forKey: .id)
        try container.encode(item.name, forKey: .name)
        try container.encode(item.serialNumber, forKey: .serialNumber)
        try container.encode(item.valueInDollars, forKey: .valueInDollars)
        try container.encode(item.dateCreated, forKey: .dateCreated)
        try container.encode(item.position, forKey: .position)
        try container.encodeNil(forKey: .image)
    }

    /// A strong validator that changes whenever the stored item does.
    static func etag(of item: Item) -> String { "\"\(item.id)-\(item.version)\"" }
}
