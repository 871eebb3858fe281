import Database
import Foundation
import Inventory
import Testing

/// Library photos linked to items as evidence, in the store: what a link keeps, idempotent links,
/// the limit, order, readiness, and what deleting the item does.
@Suite struct ItemEvidenceTests {
    static func day(_ iso: String) -> Date { try! Date(iso + "Z", strategy: .iso8601) }
    static func link(_ id: String, _ taken: String?, camera: String? = "Canon EOS R6") -> EvidenceLink {
        EvidenceLink(assetID: LibraryPhotoID(stringLiteral: id), takenAt: taken.map(day), camera: camera, lastPath: "/photos/\(id).jpg")
    }

    @Test func aLinkKeepsWhatThePhotoWasAndLinkingTwiceChangesNothing() throws {
        let inventory = try TestInventory("evidence")
        defer { inventory.remove() }
        let item = try inventory.add(["Bicycle"])[0]
        let (first, created) = try inventory.store.link(Self.link("a1", "2019-05-04T18:30:07"), to: item.id)
        #expect(created)
        #expect(first.takenAt.map(EvidenceLink.isoText) == "2019-05-04T18:30:07")
        let afterLink = try inventory.store.item(id: item.id)
        #expect(afterLink.version == item.version + 1, "a link is a change to the item")
        let (again, createdAgain) = try inventory.store.link(Self.link("a1", "2001-01-01T00:00:00", camera: nil), to: item.id)
        #expect(!createdAgain)
        #expect(again.takenAt == first.takenAt && again.camera == "Canon EOS R6", "the first link stands")
        let stored = try inventory.store.item(id: item.id)
        #expect(stored.evidence.map(\.assetID) == ["a1"])
        #expect(stored.version == afterLink.version)
        #expect(stored.evidence[0].lastPath == "/photos/a1.jpg")
        #expect(stored.evidence[0].isMissing == nil, "the store cannot know whether the library still has it")
    }

    @Test func evidenceComesByCaptureTimeUndatedLastInEveryRead() throws {
        let inventory = try TestInventory("evidence-order")
        defer { inventory.remove() }
        let items = try inventory.add(["Piano", "Lamp"])
        for (id, taken) in [("b", "2021-01-01T00:00:00"), ("u", nil), ("a", "2018-06-01T12:00:00")] {
            _ = try inventory.store.link(Self.link(id, taken), to: items[0].id)
        }
        #expect(try inventory.store.item(id: items[0].id).evidence.map(\.assetID) == ["a", "b", "u"])
        #expect(try inventory.store.all()[0].evidence.map(\.assetID) == ["a", "b", "u"])
        #expect(try inventory.store.all()[1].evidence.isEmpty)
        #expect(try inventory.store.items(matching: ItemQuery(text: "piano")).items[0].evidence.map(\.assetID) == ["a", "b", "u"])
    }

    @Test func onlyEvidenceKnownToBeThereCountsAsAPhotoAndDatesTheItem() throws {
        let inventory = try TestInventory("evidence-readiness")
        defer { inventory.remove() }
        let item = try inventory.add(["Guitar"])[0]
        _ = try inventory.store.link(Self.link("old", "2015-03-02T10:00:00"), to: item.id)
        _ = try inventory.store.link(Self.link("new", "2020-07-08T10:00:00"), to: item.id)
        var read = try inventory.store.item(id: item.id)
        #expect(read.claimReadiness(today: CalendarDate(iso: "2026-01-01")!).gaps.contains(.noPhoto), "unresolved evidence counts for nothing")
        #expect(read.documentedSince == nil)
        read.evidence[0].isMissing = false
        read.evidence[1].isMissing = false
        #expect(!read.claimReadiness(today: CalendarDate(iso: "2026-01-01")!).gaps.contains(.noPhoto))
        #expect(read.claimReadiness(today: CalendarDate(iso: "2026-01-01")!).gaps.contains(.noCloseUp), "evidence is never a close-up")
        #expect(read.documentedSince?.iso == "2015-03-02")
        read.evidence[0].isMissing = true
        #expect(read.documentedSince?.iso == "2020-07-08", "a photo gone from the library no longer dates the item")
    }

    @Test func unlinkingAndDeletingTheItemRemoveLinks() throws {
        let inventory = try TestInventory("evidence-delete")
        defer { inventory.remove() }
        let items = try inventory.add(["Sofa", "Chair"])
        _ = try inventory.store.link(Self.link("s1", nil), to: items[0].id)
        _ = try inventory.store.link(Self.link("s2", nil), to: items[0].id)
        _ = try inventory.store.link(Self.link("s1", nil), to: items[1].id)
        try inventory.store.unlink("s2", from: items[0].id)
        #expect(try inventory.store.item(id: items[0].id).evidence.map(\.assetID) == ["s1"])
        #expect(throws: InventoryError.evidenceNotFound(itemID: items[0].id, assetID: "s2")) { try inventory.store.unlink("s2", from: items[0].id) }
        #expect(throws: InventoryError.itemNotFound(id: 999)) { try inventory.store.unlink("s1", from: 999) }
        #expect(throws: InventoryError.itemNotFound(id: 999)) { try inventory.store.link(Self.link("s1", nil), to: 999) }
        try inventory.store.delete(id: items[0].id)
        let left = try inventory.database.read { try $0.rows("SELECT item_id, asset_id FROM item_evidence") { "\($0.int64(0)):\($0.string(1))" } }
        #expect(left == ["\(items[1].id):\("s1" as LibraryPhotoID)"])
    }

    @Test func anItemLinksAtMostTheLimit() throws {
        let inventory = try TestInventory("evidence-limit")
        defer { inventory.remove() }
        let item = try inventory.add(["Record collection"])[0]
        for index in 0..<ItemStore.maxEvidencePerItem { _ = try inventory.store.link(Self.link("p\(index)", nil), to: item.id) }
        #expect(throws: InventoryError.tooManyEvidencePhotos(limit: ItemStore.maxEvidencePerItem)) {
            try inventory.store.link(Self.link("one-more", nil), to: item.id)
        }
        #expect(try inventory.store.link(Self.link("p7", nil), to: item.id).created == false, "linking one it has is still fine")
    }

    @Test func anInventoryFromThePreviousSchemaGainsEvidence() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-evidence-migration-\(UUID().uuidString).sqlite").path
        do {
            let old = try Database(path: path, migrations: InventorySchema.migrations.filter { $0.version < 14 })
            try old.write { connection in
                try connection.execute("INSERT INTO items (id, name, serial_number, date_created_ms, position) VALUES (1, 'Kettle', 'K-1', 0, 0)")
            }
        }
        let inventory = try TestInventory(path: path)
        defer { inventory.remove() }
        #expect(try inventory.store.item(id: 1).evidence.isEmpty)
        _ = try inventory.store.link(Self.link("k", "2012-12-12T12:12:12"), to: 1)
        #expect(try inventory.store.item(id: 1).evidence.first?.takenAt.map(EvidenceLink.isoText) == "2012-12-12T12:12:12")
        #expect(try inventory.store.item(id: 1).serialNumber == "K-1")
    }
}
