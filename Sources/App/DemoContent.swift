import Foundation
import Inventory

/// A few items so that a newcomer's first look is a populated list.
enum DemoContent {
    static let items: [ItemInput] = [
        ItemInput(name: "Mirrorless Camera", serialNumber: "EOS-R6-0417732", valueInDollars: 1899),
        ItemInput(name: "Road Bike", serialNumber: "WTU-228-K91", valueInDollars: 1250),
        ItemInput(name: "Espresso Machine", serialNumber: "BES870-55120", valueInDollars: 549),
        ItemInput(name: "Acoustic Guitar", serialNumber: "1606-23-9951", valueInDollars: 780),
        ItemInput(name: "Table Lamp", serialNumber: "", valueInDollars: 35),
        ItemInput(name: "Cast-Iron Skillet", serialNumber: "", valueInDollars: 42),
    ]

    static func seed(into store: ItemStore) throws {
        let now = Date()
        for (offset, item) in items.enumerated() {
            _ = try store.create(item, dateCreated: now.addingTimeInterval(Double(offset - items.count) * 86_400 * 9))
        }
    }
}
