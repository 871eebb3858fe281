import Foundation
import Imaging
import Inventory

/// A few items, each with a photo, so that a newcomer's first look is a populated list.
enum DemoContent {
    struct DemoItem {
        let input: ItemInput
        let emoji: String
        let colors: ([UInt8], [UInt8])
    }

    static let items: [DemoItem] = [
        DemoItem(input: ItemInput(name: "Mirrorless Camera", serialNumber: "EOS-R6-0417732", valueInDollars: 1899),
                 emoji: "📷", colors: ([52, 73, 94], [133, 193, 233])),
        DemoItem(input: ItemInput(name: "Road Bike", serialNumber: "WTU-228-K91", valueInDollars: 1250),
                 emoji: "🚲", colors: ([39, 174, 96], [241, 196, 15])),
        DemoItem(input: ItemInput(name: "Espresso Machine", serialNumber: "BES870-55120", valueInDollars: 549),
                 emoji: "☕", colors: ([110, 76, 60], [236, 214, 186])),
        DemoItem(input: ItemInput(name: "Acoustic Guitar", serialNumber: "1606-23-9951", valueInDollars: 780),
                 emoji: "🎸", colors: ([192, 57, 43], [245, 176, 65])),
        DemoItem(input: ItemInput(name: "Table Lamp", serialNumber: "", valueInDollars: 35),
                 emoji: "💡", colors: ([44, 62, 80], [247, 220, 111])),
        DemoItem(input: ItemInput(name: "Cast-Iron Skillet", serialNumber: "", valueInDollars: 42),
                 emoji: "🍳", colors: ([86, 101, 115], [214, 219, 223])),
    ]

    static func seed(into store: ItemStore) throws {
        let now = Date()
        for (offset, demo) in items.enumerated() {
            let item = try store.create(demo.input, dateCreated: now.addingTimeInterval(Double(offset - items.count) * 86_400 * 9))
            _ = try store.givePhoto(to: item.id) { try SamplePhoto.jpeg(emoji: demo.emoji, colors: demo.colors) }
        }
    }
}
