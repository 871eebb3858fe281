import Foundation
import Inventory
import Testing

/// What readers found on item photos (`ItemStore+Readings`): kept per source and reader version,
/// offered as suggestions, never written into the item.
struct ItemReadingsTests {
    typealias F = ImageStoreFixtures
    static let zxing1 = ReaderStamp(name: "zxing-cpp", version: "1.4.0/1")
    static let zxing2 = ReaderStamp(name: "zxing-cpp", version: "1.4.0/2")
    static let ocr = ReaderStamp(name: "tesseract", version: "5.3/1")

    @Test func aBetterReaderReadsAgainAndItsReadingsReplaceTheOldOnes() throws {
        let inventory = try TestInventory("readings")
        defer { inventory.remove() }
        let item = try inventory.add(["Kettle"])[0]
        let photo = try inventory.store.addPhoto(to: item.id) { try F.photo(1) }
        #expect(try inventory.store.photosToRead(by: Self.zxing1, limit: 10).map(\.photoID) == [photo.id])
        #expect(try inventory.store.suggestions(for: item.id, awaiting: [Self.zxing1]).pending)
        try inventory.store.recordReadings([Reading(field: .barcode, value: "4006381333931", region: ReadingRegion(x: 0.1, y: 0.2, width: 0.3, height: 0.1))],
                                           of: .photo(photo.id), by: Self.zxing1)
        // The lead's OCR readings go in the same way, beside the codes.
        try inventory.store.recordReadings([Reading(field: .serialNumber, value: "0B7D4BAR300512K")], of: .photo(photo.id), by: Self.ocr)
        let read = try inventory.store.suggestions(for: item.id, awaiting: [Self.zxing1])
        #expect(!read.pending)
        #expect(read.suggestions.map(\.value) == ["4006381333931", "0B7D4BAR300512K"])
        #expect(try inventory.store.item(id: item.id).details.barcode == "")
        #expect(try inventory.store.photosToRead(by: Self.zxing1, limit: 10).isEmpty)
        // Version 2 reads it again; what it finds replaces version 1's, the OCR's stays.
        #expect(try inventory.store.photosToRead(by: Self.zxing2, limit: 10).map(\.photoID) == [photo.id])
        try inventory.store.recordReadings([Reading(field: .barcode, value: "4006381333932")], of: .photo(photo.id), by: Self.zxing2)
        #expect(try inventory.store.suggestions(for: item.id, awaiting: [Self.zxing2]).suggestions.map(\.value) == ["0B7D4BAR300512K", "4006381333932"])
    }

    @Test func aReadingThatNeverEndedIsNotStartedAgainByThatVersion() throws {
        let inventory = try TestInventory("readings")
        defer { inventory.remove() }
        let item = try inventory.add(["Kettle"])[0]
        let photo = try inventory.store.addPhoto(to: item.id) { try F.photo(1) }
        try inventory.store.beginReading(.photo(photo.id), by: Self.zxing1)
        // While it is read, the item's suggestions are pending, and it is not handed out again.
        #expect(try inventory.store.suggestions(for: item.id, awaiting: [Self.zxing1]).pending)
        #expect(try inventory.store.photosToRead(by: Self.zxing1, limit: 10).isEmpty)
        // The process died there (a hostile photo crashing the reader): at the next start it counts as failed.
        #expect(try inventory.store.abandonInterruptedReadings(by: Self.zxing1) == 1)
        #expect(!(try inventory.store.suggestions(for: item.id, awaiting: [Self.zxing1]).pending))
        #expect(try inventory.store.photosToRead(by: Self.zxing1, limit: 10).isEmpty)
    }

    @Test func aReadingOfAPhotoDeletedMeanwhileStoresNothing() throws {
        let inventory = try TestInventory("readings")
        defer { inventory.remove() }
        let item = try inventory.add(["Kettle"])[0]
        let photo = try inventory.store.addPhoto(to: item.id) { try F.photo(1) }
        try inventory.store.removePhoto(photo.id, of: item.id)
        #expect(try inventory.store.recordReadings([Reading(field: .barcode, value: "4006381333931")], of: .photo(photo.id), by: Self.zxing1) == false)
        let other = try inventory.store.addPhoto(to: item.id) { try F.photo(2) }
        #expect(try inventory.store.photosToRead(by: Self.zxing1, limit: 10).map(\.photoID) == [other.id])
        #expect(try inventory.store.suggestions(for: item.id, awaiting: []).suggestions.isEmpty)
    }
}
