import Database

/// An item's photos: any number up to a limit, in the owner's order, the first being the primary
/// (the list's thumbnail, the popover, and what the single-photo API reads and writes). Every change
/// to them is a change to the item: its version moves.
extension ItemStore {
    /// The most photos one item holds: plenty for any possession, few enough that its page and JSON stay small.
    public static let maxPhotosPerItem = 200

    // MARK: The primary photo (the single-photo API)

    /// Gives item `id` a primary photo (replacing the one it had): a missing item is refused before
    /// `photo` is asked for its bytes, which are decoded and cut into renditions outside any lock.
    /// Every way of giving an item its photo (upload, library pick, demo) comes here.
    public func givePhoto(to id: Item.ID, expectedVersion: Int? = nil, capture: Capture? = nil, _ photo: () throws -> [UInt8]) throws -> Item {
        _ = try item(id: id)
        return try setImage(id: id, try images.prepare(try photo()), expectedVersion: expectedVersion, capture: capture)
    }

    /// Makes the prepared photo the item's primary, in the place of the primary it had (which goes,
    /// its files with it when nothing else uses them); with no photos, it becomes the first.
    /// A `capture` sent before throws `alreadyCaptured` and stores nothing.
    public func setImage(id: Item.ID, _ prepared: ImageStore.PreparedImage, expectedVersion: Int? = nil, capture: Capture? = nil) throws -> Item {
        // Refuse before writing anything: a missing item or a stale version leaves no files.
        let current = try item(id: id)
        if let expectedVersion, expectedVersion != current.version { throw InventoryError.versionMismatch(current: current) }
        return try withFiles(adding: prepared) { connection in
            let before = try Self.item(id: id, in: connection)
            if let expectedVersion, expectedVersion != before.version { throw InventoryError.versionMismatch(current: before) }
            try Self.countChange(to: id, in: connection)
            // Inserted before the old primary goes, so an image both use is never forgotten between.
            let first = try connection.scalar("SELECT min(position) FROM item_photos WHERE household_id = :household AND item_id = ?", id) ?? 1
            let photoID = try Self.insertPhoto(prepared.image.hash, of: id, at: first - 1, kind: .general, in: connection)
            try Self.record(capture, made: .photo(photoID, of: id), at: Self.nowMilliseconds(), in: connection)
            let unused = try before.photos.first.map { try Self.deletePhoto($0, of: id, in: connection) } ?? FilesToDelete()
            return (try Self.item(id: id, in: connection), unused)
        }
    }

    /// Takes the item's primary photo away; the next one becomes the primary.
    public func removeImage(id: Item.ID, expectedVersion: Int? = nil) throws -> Item {
        try withFiles { connection in
            let before = try Self.item(id: id, in: connection)
            if let expectedVersion, expectedVersion != before.version { throw InventoryError.versionMismatch(current: before) }
            guard let primary = before.photos.first else { return (before, FilesToDelete()) }
            try Self.countChange(to: id, in: connection)
            let unused = try Self.deletePhoto(primary, of: id, in: connection)
            return (try Self.item(id: id, in: connection), unused)
        }
    }

    // MARK: Every photo

    /// Adds a photo after the item's others. A missing item, or one already holding the most photos,
    /// is refused before `photo` is asked for its bytes; they are decoded outside any lock.
    /// A `capture` sent before throws `alreadyCaptured` and stores nothing.
    public func addPhoto(to id: Item.ID, kind: ItemPhoto.Kind = .general, capture: Capture? = nil, _ photo: () throws -> [UInt8]) throws -> ItemPhoto {
        try household.read { try Self.checkRoomForPhoto(in: id, connection: $0) }
        return try addPhoto(to: id, images.prepare(try photo()), kind: kind, capture: capture)
    }

    /// Adds the prepared photo after the item's others: one INSERT at the end, however many it has.
    public func addPhoto(to id: Item.ID, _ prepared: ImageStore.PreparedImage, kind: ItemPhoto.Kind = .general, capture: Capture? = nil) throws -> ItemPhoto {
        try withFiles(adding: prepared) { connection in
            try Self.countChange(to: id, in: connection)
            let last = try Self.checkRoomForPhoto(in: id, connection: connection)
            let photoID = try Self.insertPhoto(prepared.image.hash, of: id, at: last + 1, kind: kind, in: connection)
            try Self.record(capture, made: .photo(photoID, of: id), at: Self.nowMilliseconds(), in: connection)
            return (ItemPhoto(id: photoID, image: prepared.image, kind: kind), FilesToDelete())
        }
    }

    /// Deletes one of the item's photos; when it was the primary, the next one becomes the primary.
    public func removePhoto(_ photoID: ItemPhoto.ID, of id: Item.ID) throws {
        try withFiles { connection in
            let photo = try Self.photo(photoID, of: id, in: connection)
            try Self.countChange(to: id, in: connection)
            return ((), try Self.deletePhoto(photo, of: id, in: connection))
        }
    }

    /// Says what one of the item's photos shows.
    public func setKind(_ kind: ItemPhoto.Kind, ofPhoto photoID: ItemPhoto.ID, of id: Item.ID) throws -> ItemPhoto {
        try change { connection in
            var photo = try Self.photo(photoID, of: id, in: connection)
            guard photo.kind != kind else { return photo }
            try Self.countChange(to: id, in: connection)
            try connection.run("UPDATE item_photos SET kind = ? WHERE household_id = :household AND id = ?", kind.rawValue, photoID)
            photo.kind = kind
            return photo
        }
    }

    /// Puts the item's photos in the order of `photoIDs`, which must name each of them once; the
    /// first becomes the primary.
    public func orderPhotos(of id: Item.ID, _ photoIDs: [ItemPhoto.ID]) throws -> Item {
        try change { connection in
            let item = try Self.item(id: id, in: connection)
            let current = item.photos.map(\.id)
            var seen = Set<ItemPhoto.ID>(), unknown: [ItemPhoto.ID] = [], repeated: [ItemPhoto.ID] = []
            for photoID in photoIDs {
                if !seen.insert(photoID).inserted {
                    if !repeated.contains(photoID) { repeated.append(photoID) }
                } else if !current.contains(photoID) {
                    unknown.append(photoID)
                }
            }
            let missing = current.filter { !seen.contains($0) }
            guard missing.isEmpty, unknown.isEmpty, repeated.isEmpty else {
                throw InventoryError.photoOrderMismatch(missing: missing, unknown: unknown, repeated: repeated)
            }
            if photoIDs == current { return item }
            try Self.countChange(to: id, in: connection)
            for (position, photoID) in photoIDs.enumerated() {
                try connection.run("UPDATE item_photos SET position = ? WHERE household_id = :household AND id = ?", position, photoID)
            }
            return try Self.item(id: id, in: connection)
        }
    }

    // MARK: Reading

    /// A photo's fields, read by `decodePhoto`, from `photoSource` or an outer join of it.
    /// The kind comes as its index in `ItemPhoto.Kind.allCases`: no String is made for it, in a list of thousands.
    static let photoFields: HouseholdSQL = "item_photos.id, \(kindIndex), images.hash, images.format, images.width, images.height, images.byte_size"
    /// Each kind's index in `ItemPhoto.Kind.allCases`, `general` (0) for any other.
    private static let kindIndex: HouseholdSQL = "CASE item_photos.kind WHEN 'serial' THEN 1 WHEN 'closeup' THEN 2 ELSE 0 END"
    private static let photoSource: HouseholdSQL = "item_photos JOIN images ON images.household_id = item_photos.household_id AND images.hash = item_photos.image_hash"

    /// The photo whose `photoFields` start at `column`; nil where an outer join found none.
    static func decodePhoto(_ row: Row, from column: Int32) -> ItemPhoto? {
        guard !row.isNull(column), let image = ImageStore.decode(row, from: column + 2) else { return nil }
        let kinds = ItemPhoto.Kind.allCases, kind = row.int(column + 1)
        return ItemPhoto(id: row.id(column), image: image, kind: kinds.indices.contains(kind) ? kinds[kind] : .general)
    }

    static func photos(of id: Item.ID, in connection: HouseholdConnection) throws -> [ItemPhoto] {
        try connection.rows("SELECT \(photoFields) FROM \(photoSource) WHERE item_photos.household_id = :household AND item_photos.item_id = ? ORDER BY item_photos.position, item_photos.id", id) {
            decodePhoto($0, from: 0)
        }.compactMap { $0 }
    }

    private static func photo(_ photoID: ItemPhoto.ID, of id: Item.ID, in connection: HouseholdConnection) throws -> ItemPhoto {
        guard let photo = try connection.firstRow("SELECT \(photoFields) FROM \(photoSource) WHERE item_photos.household_id = :household AND item_photos.id = ? AND item_photos.item_id = ?",
                                                  photoID, id, decode: { decodePhoto($0, from: 0) }) ?? nil else {
            _ = try item(id: id, in: connection)
            throw InventoryError.photoNotFound(itemID: id, photoID: photoID)
        }
        return photo
    }

    // MARK: Writing

    /// Counts a change to item `id` (its version moves), refusing a missing item or a stale version.
    static func countChange(to id: Item.ID, expectedVersion: Int? = nil, in connection: HouseholdConnection) throws {
        if let expectedVersion {
            let item = try item(id: id, in: connection)
            if expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
        }
        try connection.run("UPDATE items SET version = version + 1 WHERE household_id = :household AND id = ?", id)
        guard connection.changes > 0 else { throw InventoryError.itemNotFound(id: id) }
    }

    /// The last photo's position (-1 without photos), refusing an item that is missing or full.
    @discardableResult
    private static func checkRoomForPhoto(in id: Item.ID, connection: HouseholdConnection) throws -> Int64 {
        guard let (count, last) = try connection.firstRow(
            """
            SELECT (SELECT count(*) FROM item_photos WHERE item_id = items.id),
                (SELECT coalesce(max(position), -1) FROM item_photos WHERE item_id = items.id) FROM items WHERE household_id = :household AND id = ?
            """, id,
            decode: { ($0.int(0), $0.int64(1)) }) else { throw InventoryError.itemNotFound(id: id) }
        guard count < maxPhotosPerItem else { throw InventoryError.tooManyPhotos(limit: maxPhotosPerItem) }
        return last
    }

    @discardableResult
    static func insertPhoto(_ hash: String, of id: Item.ID, at position: Int64, kind: ItemPhoto.Kind, in connection: HouseholdConnection) throws -> ItemPhoto.ID {
        try connection.run("INSERT INTO item_photos (household_id, item_id, image_hash, position, kind, added_ms) VALUES (:household, ?, ?, ?, ?, ?)",
                           id, hash, position, kind.rawValue, nowMilliseconds())
        return connection.lastInsertedID()
    }

    private static func deletePhoto(_ photo: ItemPhoto, of id: Item.ID, in connection: HouseholdConnection) throws -> FilesToDelete {
        try connection.run("DELETE FROM item_photos WHERE household_id = :household AND id = ? AND item_id = ?", photo.id, id)
        // What was read on it went with it (a trigger): the item is found by it no longer.
        try indexItem(id: id, in: connection)
        return FilesToDelete(images: try forgetImageIfUnused(photo.image.hash, in: connection) ? [photo.image.hash] : [])
    }

    /// Drops the image's row when no photo of any item of the household uses it; true then, so the
    /// caller removes its files once the change has committed.
    static func forgetImageIfUnused(_ hash: String, in connection: HouseholdConnection) throws -> Bool {
        try connection.run("""
            DELETE FROM images WHERE household_id = :household AND hash = ?
                AND NOT EXISTS (SELECT 1 FROM item_photos WHERE household_id = :household AND image_hash = ?)
                AND NOT EXISTS (SELECT 1 FROM walkthrough_frames WHERE household_id = :household AND image_hash = ?)
                AND NOT EXISTS (SELECT 1 FROM walkthroughs WHERE household_id = :household AND poster_hash = ?)
            """, hash, hash, hash, hash)
        return connection.changes > 0
    }
}
