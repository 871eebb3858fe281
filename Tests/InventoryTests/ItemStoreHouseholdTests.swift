import Database
import Foundation
import Inventory
import PDFPreview
import Testing

/// The inventory works in one household (the first, until requests name one): every statement names
/// it, and another household's items, places, tags, photos, documents, evidence, readings and settings
/// are not there for it, exactly as unknown ones are not.
@Suite struct ItemStoreHouseholdTests {
    static let inventoryTables: Set<String> = [
        "settings", "images", "items", "locations", "tags", "item_tags", "item_custom_fields", "item_photos", "item_documents",
        "item_evidence", "readings", "sources_read", "dismissed_suggestions", "walkthroughs", "walkthrough_frames",
        "walkthrough_drafts", "captures", "deleted_label_targets",
    ]
    static let zxing = ReaderStamp(name: "zxing-cpp", version: "1.4.0/1")
    static let pdfReader = ReaderStamp(name: "pdf-text", version: "1", scope: .documents(.receipt))

    /// Every kind of inventory work, once.
    static func everyKindOfWork(_ test: TestInventory) throws {
        let store = test.store
        try store.setCurrency(Currency(code: "EUR")!)
        try store.setKeepsOfflineCopy(true)
        _ = try (store.currency(), store.keepsOfflineCopy())
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: .some(home.id)))
        let box = try store.createLocation(LocationInput(name: "Box 1", parentID: .some(kitchen.id), isBox: true))
        _ = try store.updateLocation(id: kitchen.id, LocationInput(name: "Kitchen and pantry"))
        var input = ItemInput(name: "Drill", serialNumber: "SN-1", locationID: .some(box.id))
        var details = ItemDetailsInput()
        details.tags = ["tools", "garage"]
        details.customFields = ["Voltage": "18 V"]
        details.texts["brand"] = "Bosch"
        input.details = details
        let drill = try store.create(input)
        let lamp = try store.create(ItemInput(name: "Lamp", locationID: .some(kitchen.id)))
        _ = try store.update(id: lamp.id, ItemInput(name: "Desk lamp"))
        _ = try store.move(id: lamp.id, to: 0)
        _ = try store.updateEach(ids: [lamp.id]) { _ in ItemInput(serialNumber: "L-2") }
        let photo = try store.addPhoto(to: drill.id) { try ImageStoreFixtures.photo(1) }
        let plate = try store.addPhoto(to: drill.id, kind: .serial) { try ImageStoreFixtures.photo(2) }
        _ = try store.setKind(.closeup, ofPhoto: photo.id, of: drill.id)
        _ = try store.orderPhotos(of: drill.id, [plate.id, photo.id])
        let receipt = try store.addDocument(to: drill.id, kind: .receipt, name: "Receipt") { SamplePDF.make() }
        _ = try store.document(receipt.id, of: drill.id)
        let asset = LibraryPhotoID(stringLiteral: "a1")
        _ = try store.link(EvidenceLink(assetID: asset, takenAt: nil, camera: nil, lastPath: "/photos/a1.jpg"), to: drill.id)
        _ = try store.evidenceAssetIDs(inLocationOrBelow: home.id)
        try store.recordReadings([Reading(field: .serialNumber, value: "SN-99")], of: .photo(plate.id), by: zxing)
        try store.recordReadings([Reading(field: .serialNumber, value: "SN-1")], of: .asset(asset), by: zxing)
        try store.beginReading(.document(receipt.id), by: pdfReader)
        _ = try store.abandonInterruptedReadings(by: pdfReader)
        _ = try store.photosToRead(by: zxing, limit: 10)
        _ = try store.documentsToRead(by: pdfReader, limit: 10)
        _ = try store.suggestions(for: drill.id, awaiting: [zxing])
        try store.dismissSuggestion(for: drill.id, field: .serialNumber, value: "SN-99")
        _ = try store.assetsRead([asset: zxing])
        _ = try store.libraryReadings(matching: drill.id)
        let draft = try store.makeDraft(in: kitchen.id, capture: Capture(id: "c-1", sender: 1)) { try ImageStoreFixtures.photo(3) }
        _ = try store.captured(Capture(id: "c-1", sender: 1))
        _ = try (store.drafts(in: kitchen.id), store.draftCount())
        _ = try store.mergeDraft(draft.id, into: lamp.id)
        for sort in ItemSort.allCases {
            _ = try store.items(matching: ItemQuery(sort: sort, limit: 1))
        }
        _ = try store.items(matching: ItemQuery(text: "drill", locationID: home.id, tag: "tools", limit: 10))
        _ = try store.items(matching: ItemQuery(text: "d"))
        _ = try store.count(matching: ItemQuery(text: "drill"))
        _ = try store.count(matching: ItemQuery(text: "drill", tag: "tools"))
        var missing = ItemQuery()
        missing.missingEvidence = true
        _ = try store.count(matching: missing)
        _ = try (store.all(), store.count(), store.item(id: drill.id), store.tags(), store.tagNames(), store.totals())
        _ = try (store.locations(), store.itemCountsByLocation(), store.ownedItemCounts(places: store.locations()))
        _ = try (store.packing(of: drill.id), store.packedBoxes(holding: [drill.id]))
        _ = try store.labelTarget(LabelCode(place: kitchen.id))
        _ = try store.labelTarget(LabelCode(item: drill.id))
        _ = try store.labelContents(of: kitchen.id, limit: 5)
        _ = try store.applyImport(try HomeboxFixtures.bytes("sysadminsmedia-v0.26.2/fields.csv"))
        _ = try store.importRefs()
        let snapshot = try store.exportSnapshot()
        try snapshot.writeHomeboxCSV { _ in }
        try snapshot.writeArchive(to: { _ in })
        try store.unlink(asset, from: drill.id)
        try store.removeDocument(receipt.id, of: drill.id)
        try store.removePhoto(photo.id, of: drill.id)
        try store.delete(id: drill.id)
        try store.deleteLocation(id: box.id)
        _ = try store.labelTarget(LabelCode(place: box.id))
        try store.removeLeftoverFiles()
    }

    @Test func noInventoryStatementLeavesTheHouseholdUnnamed() throws {
        let test = try TestInventory("household")
        defer { test.remove() }
        try Self.everyKindOfWork(test)
        let unnamed = test.database.householdGuardReports.all.filter { !$0.value.isDisjoint(with: Self.inventoryTables) }
        #expect(unnamed.isEmpty, "\(unnamed.keys.sorted())")
    }

    @Test func anotherHouseholdsInventoryIsNotThere() throws {
        let test = try TestInventory("household")
        defer { test.remove() }
        let store = test.store
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen"))
        let lamp = try store.create(ItemInput(name: "Lamp", locationID: .some(kitchen.id)))
        // Household 2's rows, as a second household would hold them (its ids from its own prefix).
        let other: Int64 = 2 << 32 | 1
        try test.database.write { connection in
            try connection.execute("""
                INSERT INTO locations (household_id, id, name) VALUES (2, \(other), 'Their attic');
                INSERT INTO items (household_id, id, name, date_created_ms, position, location_id, replacement_cost)
                    VALUES (2, \(other), 'Their bike', 0, 0, \(other), 45000);
                INSERT INTO tags (household_id, id, name) VALUES (2, \(other), 'theirs');
                INSERT INTO item_tags (household_id, item_id, tag_id) VALUES (2, \(other), \(other));
                INSERT INTO item_custom_fields (household_id, item_id, name, value) VALUES (2, \(other), 'Frame', 'steel');
                INSERT INTO settings (household_id, key, value) VALUES (2, 'theirs', 'x');
                INSERT INTO item_evidence (household_id, item_id, asset_id, last_path, added_ms) VALUES (2, \(other), 'a2', '/p/a2.jpg', 0);
                INSERT INTO readings (household_id, source_kind, source_ref, field, value, reader, reader_version)
                    VALUES (2, 'asset', 'a2', 'serialNumber', 'LAMP-1', 'zxing-cpp', '1.4.0/1');
                """)
        }
        _ = try store.update(id: lamp.id, ItemInput(serialNumber: "LAMP-1"))
        let id = Item.ID(other), place = Location.ID(other)
        #expect(try store.all().map(\.name) == ["Lamp"])
        #expect(try store.count() == 1)
        #expect(try store.count(matching: ItemQuery()) == 1)
        #expect(try store.items(matching: ItemQuery(sort: .name)).items.map(\.name) == ["Lamp"])
        #expect(try store.locations().map(\.name) == ["Kitchen"])
        #expect(try store.tagNames().isEmpty)
        #expect(try store.totals().byLocation[place] == nil)
        let total = try store.totals().all
        #expect(total.value == 0 && total.items == 1, "their bike's 450.00 is theirs")
        // Their amounts do not hold this household's currency to its decimals.
        try store.setCurrency(Currency(code: "JPY")!)
        #expect(throws: InventoryError.itemNotFound(id: id)) { try store.item(id: id) }
        #expect(throws: InventoryError.itemNotFound(id: id)) { try store.delete(id: id) }
        #expect(throws: InventoryError.itemNotFound(id: id)) { try store.update(id: id, ItemInput(name: "Mine now")) }
        #expect(throws: InventoryError.locationNotFound(id: place)) { try store.location(id: place) }
        #expect(throws: InventoryError.locationNotFound(id: place)) { try store.deleteLocation(id: place) }
        #expect(throws: (any Error).self) { try store.items(matching: ItemQuery(locationID: place)) }
        // A thing of theirs deleted keeps its name in their household: its code says nothing here.
        let gone: Int64 = 2 << 32 | 2
        try test.database.write { connection in
            try connection.execute("""
                INSERT INTO items (household_id, id, name, date_created_ms, position) VALUES (2, \(gone), 'Their old sofa', 0, 1);
                DELETE FROM items WHERE id = \(gone);
                """)
        }
        #expect(try test.database.read { try $0.scalar("SELECT household_id FROM deleted_label_targets WHERE target_id = \(gone)") } == 2)
        for code in [LabelCode(item: id), LabelCode(place: place), LabelCode(item: Item.ID(gone))] {
            guard case .unknown = try store.labelTarget(code) else { Issue.record("\(code) opens their thing"); continue }
        }
        #expect(try store.libraryReadings(matching: lamp.id).isEmpty, "their library photo's reading is theirs")
        #expect(try store.evidenceAssetIDs(inLocationOrBelow: kitchen.id).isEmpty)
        var csv: [UInt8] = []
        try store.exportSnapshot().writeHomeboxCSV { csv += $0 }
        let exported = String(decoding: csv, as: UTF8.self)
        #expect(exported.contains("Lamp") && !exported.contains("Their bike") && !exported.contains("Their attic"))
        // Their rows are as they were.
        #expect(try test.database.read { try $0.scalar("SELECT count(*) FROM items WHERE household_id = 2") } == 1)
        #expect(try test.database.read { try $0.scalar("SELECT count(*) FROM locations WHERE household_id = 2") } == 1)
    }
}
