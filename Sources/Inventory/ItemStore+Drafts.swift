import Database
import Foundation

/// Drafts: each photo taken while walking a room becomes an item in that room without a name yet
/// (`Item.isDraft`). A draft is named with the usual update (a name clears the flag), merged into
/// another item when two photos show the same thing, or discarded with `delete`.
extension ItemStore {
    /// Makes a draft in place `locationID` whose one photo is `photo`'s bytes: the same checks,
    /// limits and renditions as giving an item its photo (`givePhoto`). A missing place is refused
    /// before `photo` is asked for its bytes, which are decoded and cut outside any lock.
    /// Every way of making a draft (a photo from the walk, a frame of a walk-through video) comes here.
    /// A `capture` sent before throws `alreadyCaptured` and stores nothing.
    public func makeDraft(in locationID: Location.ID, capture: Capture? = nil, _ photo: () throws -> [UInt8]) throws -> Item {
        try household.read { try Self.checkPlaceExists(locationID, in: $0) }
        return try makeDraft(in: locationID, images.prepare(try photo()), capture: capture)
    }

    /// Makes a draft in place `locationID` whose one photo is the prepared image.
    public func makeDraft(in locationID: Location.ID, _ prepared: ImageStore.PreparedImage, capture: Capture? = nil) throws -> Item {
        try withFiles(adding: prepared) { connection in
            try Self.checkPlaceExists(locationID, in: connection)
            let position = try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0
            let id = try Self.insert(ItemInput(name: "", locationID: .some(locationID)), dateCreated: clock.now, position: position, in: connection)
            try connection.run("UPDATE items SET draft = 1 WHERE household_id = :household AND id = ?", id)
            try Self.insertPhoto(prepared.image.hash, of: id, at: 0, kind: .general, in: connection)
            try Self.record(capture, made: .draft(id, in: locationID), at: Self.nowMilliseconds(), in: connection)
            return (try Self.item(id: id, in: connection), FilesToDelete())
        }
    }

    /// Merges draft `draftID` into item `targetID` (a draft or not) when both show the same thing:
    /// the draft's photos join the target's, after them, with its documents and evidence; the draft
    /// goes. Nothing changes when `draftID` is no draft, is the target, or the target would hold too many photos.
    public func mergeDraft(_ draftID: Item.ID, into targetID: Item.ID) throws -> Item {
        guard draftID != targetID else { throw InventoryError.invalidMerge(.sameItem(draftID)) }
        return try withFiles { connection in
            let draft = try Self.item(id: draftID, in: connection)
            guard draft.isDraft else { throw InventoryError.invalidMerge(.notADraft(draftID)) }
            let target = try Self.item(id: targetID, in: connection)
            guard target.photos.count + draft.photos.count <= Self.maxPhotosPerItem else {
                throw InventoryError.tooManyPhotos(limit: Self.maxPhotosPerItem)
            }
            let last = try connection.scalar("SELECT coalesce(max(position), -1) FROM item_photos WHERE household_id = :household AND item_id = ?", targetID) ?? -1
            for (offset, photo) in draft.photos.enumerated() {
                try connection.run("UPDATE item_photos SET item_id = ?, position = ? WHERE household_id = :household AND id = ?", targetID, last + 1 + Int64(offset), photo.id)
            }
            try connection.run("UPDATE item_documents SET item_id = ? WHERE household_id = :household AND item_id = ?", targetID, draftID)
            try connection.run("""
                INSERT OR IGNORE INTO item_evidence (household_id, item_id, asset_id, taken_at, camera, last_path, added_ms)
                    SELECT household_id, ?, asset_id, taken_at, camera, last_path, added_ms FROM item_evidence WHERE household_id = :household AND item_id = ?
                """, targetID, draftID)
            try connection.run("DELETE FROM items WHERE household_id = :household AND id = ?", draftID)
            try Self.unindexItem(id: draftID, in: connection)
            try Self.forgetUnusedTags(in: connection)
            try connection.run("UPDATE items SET position = position - 1 WHERE household_id = :household AND position > ?", draft.position)
            try Self.countChange(to: targetID, in: connection)
            try Self.indexItem(id: targetID, in: connection)
            return (try Self.item(id: targetID, in: connection), FilesToDelete())
        }
    }

    /// How many drafts there are, in place `locationID` and the places inside it, or in the whole home (nil).
    public func draftCount(in locationID: Location.ID? = nil) throws -> Int {
        try count(matching: Self.draftQuery(in: locationID))
    }

    /// The drafts in the order they were made, in place `locationID` and the places inside it, or in the whole home (nil).
    public func drafts(in locationID: Location.ID? = nil) throws -> [Item] {
        try items(matching: Self.draftQuery(in: locationID)).items
    }

    private static func draftQuery(in locationID: Location.ID?) -> ItemQuery {
        var query = ItemQuery(locationID: locationID)
        query.draft = true
        return query
    }

    private static func checkPlaceExists(_ id: Location.ID, in connection: HouseholdConnection) throws {
        guard try connection.scalar("SELECT 1 FROM locations WHERE household_id = :household AND id = ?", id) != nil else { throw InventoryError.locationNotFound(id: id) }
    }
}

/// Why a merge of drafts was refused.
public enum MergeProblem: Sendable, Equatable {
    /// Only a draft is merged into another item.
    case notADraft(Item.ID)
    /// A draft is merged into another item, not itself.
    case sameItem(Item.ID)
}

/// Where a draft made from a walk-through's frame came from: the video and the second.
public struct WalkthroughOrigin: Sendable, Equatable {
    public let walkthroughID: Walkthrough.ID
    public let second: Double
}

extension ItemStore {
    /// The walk-through frames items were made from, by item: of the items in the JSON list `ids`, or
    /// of every item. A table of its own, read apart (as evidence is): a column per item read
    /// with every list cost 1.3 µs an item, and only drafts from a video have one.
    static func walkthroughOrigins(ids: String? = nil, in connection: HouseholdConnection) throws -> [Item.ID: WalkthroughOrigin] {
        var origins: [Item.ID: WalkthroughOrigin] = [:]
        let filter: HouseholdSQL = ids == nil ? "" : " AND item_id IN (SELECT value FROM json_each(?))"
        try connection.forEachRow("SELECT item_id, walkthrough_id, second FROM walkthrough_drafts WHERE household_id = :household\(filter)", ids.map { [$0] } ?? []) { row in
            origins[row.id(0)] = WalkthroughOrigin(walkthroughID: row.id(1), second: row.double(2))
        }
        return origins
    }

    /// Makes a draft in the walk-through's place whose photo is its candidate frame at `second` (the
    /// frame's own image, shared, so no file is written), remembering the video and the second.
    /// Nil when the walk-through has no frame at that second.
    public func makeDraft(fromFrameAt second: Double, of walkthroughID: Walkthrough.ID) throws -> Item? {
        try withFiles { connection in
            let walkthrough = try Self.walkthrough(walkthroughID, in: connection)
            guard let frame = walkthrough.frames.min(by: { abs($0.second - second) < abs($1.second - second) }),
                  abs(frame.second - second) < 0.05 else { return (nil, FilesToDelete()) }
            let position = try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0
            let id = try Self.insert(ItemInput(name: "", locationID: .some(walkthrough.locationID)), dateCreated: clock.now, position: position, in: connection)
            try connection.run("UPDATE items SET draft = 1 WHERE household_id = :household AND id = ?", id)
            _ = try Self.insertPhoto(frame.image.hash, of: id, at: 0, kind: .general, in: connection)
            try connection.run("INSERT INTO walkthrough_drafts (household_id, item_id, walkthrough_id, second) VALUES (:household, ?, ?, ?)", id, walkthroughID, frame.second)
            return (try Self.item(id: id, in: connection), FilesToDelete())
        }
    }
}
