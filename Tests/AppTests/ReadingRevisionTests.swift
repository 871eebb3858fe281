import Database
import Foundation
import HTTPTestClient
@testable import Inventory
import Testing

/// Text read on a photo changes what a search finds, not the items: recording it (every second or
/// so while a library is read) leaves the item list as it was made, so the list is not read and
/// rendered again for it, and the search still finds the new text at once.
@Suite struct ReadingRevisionTests {
    @Test func aReadingLeavesTheListAsItWasAndTheSearchFindsItAtOnce() throws {
        let app = try TestApp()
        let id = try app.createItem("Heat pump").id
        for number in 1...20 { _ = try app.createItem("Item \(number)") }
        let photoID = try TextSuggestionsTests.addPhoto(app, to: id, try TextSuggestionsTests.bytes("plates/synthetic-plate-07.jpg"), kind: "general")
        _ = try SuggestionsTests.suggestions(app, of: id)
        #expect(try app.client.get("/?q=ZX4411QQ", headers: ["Accept": "text/html"]).text.contains("Nothing found"))

        let counted = app.app.items.database.readWork
        // The fewest of three tries: a background reader may read the database while a request is counted.
        var fewest = Int.max
        for _ in 0..<3 {
            #expect(try app.client.get("/api/v1/items").status == 200)
            #expect(try app.client.get("/", headers: ["Accept": "text/html"]).status == 200)
            try app.app.items.recordReadings([Reading(field: .serialNumber, value: "ZX4411QQ")], of: .photo(ItemPhoto.ID(photoID)),
                                             by: ReaderStamp(name: "a test's reader", version: "1"))
            let steps = counted.steps
            #expect(try app.client.get("/api/v1/items").status == 200)
            fewest = min(fewest, counted.steps - steps)
        }
        #expect(fewest == 0, "the list was read again after a reading: \(fewest) steps")
        #expect(try app.client.get("/api/v1/items?q=ZX4411QQ", as: [ItemModel].self).map(\.id) == [id])
        #expect(try app.client.get("/?q=ZX4411QQ", headers: ["Accept": "text/html"]).text.contains("1 item found"))
    }
}
