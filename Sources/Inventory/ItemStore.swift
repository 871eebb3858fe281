import Database
import Foundation
import Synchronization

/// The items of the inventory, in list order. Every change is one transaction: all of it is
/// stored, or none.
public final class ItemStore: Sendable {
    let database: Database
    public let images: ImageStore
    private let revisionCounter = Atomic<Int>(0)

    /// Opens the store; fills the search index first if it is out of date (`ItemSearchText.format`).
    public init(database: Database, images: ImageStore) throws {
        self.database = database
        self.images = images
        try database.write { try Self.refreshSearchIndexIfStale(in: $0) }
    }

    /// Goes up after every committed change; anything made from the items at one revision stays
    /// valid until it moves.
    public var revision: Int { revisionCounter.load(ordering: .acquiring) }

    /// A write transaction that counts as a change once it commits.
    func change<T>(_ body: (Connection) throws -> T) throws -> T {
        let result = try database.write(body)
        revisionCounter.add(1, ordering: .releasing)
        return result
    }

    /// The item's columns and its image's, for `FROM items LEFT JOIN images`.
    static let columns = "items.id, items.name, items.serial_number, items.value_in_dollars, items.date_created_ms, "
        + "items.position, items.version, images.hash, images.format, images.width, images.height, images.byte_size, items.location_id, "
        + ItemStore.detailColumns.map { "items.\($0)" }.joined(separator: ", ")
    static let source = "items LEFT JOIN images ON images.hash = items.image_hash"

    /// How many of `columns` there are: what a query selects after them starts here.
    static let columnCount: Int32 = 13 + Int32(detailColumns.count)

    static func decode(_ row: Row) -> Item {
        Item(
            id: row.int64(0), name: row.string(1), serialNumber: row.string(2), valueInDollars: row.int(3),
            dateCreated: Date(timeIntervalSince1970: Double(row.int64(4)) / 1000), position: row.int(5), version: row.int(6),
            image: ImageStore.decode(row, from: 7), locationID: row.optionalInt64(12), details: decodeDetails(row, from: 13)
        )
    }

    /// Every item, in list order.
    public func all() throws -> [Item] {
        try database.read { connection in
            let tags = try Self.tagsByItem(in: connection)
            let customFields = try Self.customFieldsByItem(in: connection)
            return try connection.rows("SELECT \(Self.columns) FROM \(Self.source) ORDER BY items.position, items.id") { row in
                var item = Self.decode(row)
                item.details.tags = tags[item.id] ?? []
                item.details.customFields = customFields[item.id] ?? []
                return item
            }
        }
    }

    public func count() throws -> Int {
        try database.read { Int(try $0.scalar("SELECT count(*) FROM items") ?? 0) }
    }

    public func item(id: Int64) throws -> Item {
        try database.read { try Self.item(id: id, in: $0) }
    }

    /// Adds an item at the end of the list.
    public func create(_ unchecked: ItemInput, dateCreated: Date = Date()) throws -> Item {
        let input = try Self.validate(unchecked, creating: true)
        return try change { connection in
            let position = try connection.scalar("SELECT count(*) FROM items") ?? 0
            let locationID = input.locationID ?? nil
            try Self.checkLocation(locationID, in: connection)
            var item = Item(id: 0, name: input.name ?? "", serialNumber: input.serialNumber ?? "", valueInDollars: 0,
                            dateCreated: dateCreated, position: Int(position), version: 1, locationID: locationID)
            try Self.apply(input, to: &item, currency: try Self.currency(in: connection))
            try connection.run(
                "INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position, location_id) VALUES (?, ?, ?, ?, ?, ?)",
                item.name, item.serialNumber, item.valueInDollars,
                Int64((dateCreated.timeIntervalSince1970 * 1000).rounded()), position, locationID
            )
            let id = connection.lastInsertRowID
            try Self.writeDetails(item.details, of: id, in: connection)
            try Self.indexItem(id: id, in: connection)
            return try Self.item(id: id, in: connection)
        }
    }

    /// Changes the fields given in `input`.
    /// - Parameter expectedVersion: when given and the item's version differs, nothing changes and
    ///   `versionMismatch` is thrown.
    public func update(id: Int64, _ unchecked: ItemInput, expectedVersion: Int? = nil) throws -> Item {
        let input = try Self.validate(unchecked, creating: false)
        return try change { connection in try Self.update(id: id, input, expectedVersion: expectedVersion, in: connection) }
    }

    /// Makes one change to many items (moving them, tagging them): all of them change, or none.
    /// - Parameter makeInput: the change for each item as it stands.
    public func updateEach(ids: [Int64], _ makeInput: (Item) -> ItemInput) throws -> [Item] {
        try change { connection in
            try ids.map { id in
                let input = try Self.validate(makeInput(try Self.item(id: id, in: connection)), creating: false)
                return try Self.update(id: id, input, expectedVersion: nil, in: connection)
            }
        }
    }

    private static func update(id: Int64, _ input: ItemInput, expectedVersion: Int?, in connection: Connection) throws -> Item {
        var item = try Self.item(id: id, in: connection)
        if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
        let before = item
        item.name = input.name ?? item.name
        item.serialNumber = input.serialNumber ?? item.serialNumber
        try Self.apply(input, to: &item, currency: try Self.currency(in: connection))
        if let locationID = input.locationID {
            try Self.checkLocation(locationID, in: connection)
            item.locationID = locationID
        }
        // Nothing new: the version stays, so nobody else's save is refused over it.
        if item == before { return item }
        try connection.run(
            "UPDATE items SET name = ?, serial_number = ?, value_in_dollars = ?, location_id = ?, version = version + 1 WHERE id = ?",
            item.name, item.serialNumber, item.valueInDollars, item.locationID, id
        )
        try Self.writeDetails(item.details, of: id, in: connection)
        try Self.indexItem(id: id, in: connection)
        return try Self.item(id: id, in: connection)
    }

    /// Removes the item, and its photo when no other item uses it; the items after it move up.
    public func delete(id: Int64, expectedVersion: Int? = nil) throws {
        try images.withFileLock {
            let unused = try change { connection -> String? in
                let item = try Self.item(id: id, in: connection)
                if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
                try connection.run("DELETE FROM items WHERE id = ?", id)
                try Self.unindexItem(id: id, in: connection)
                try Self.forgetUnusedTags(in: connection)
                try connection.run("UPDATE items SET position = position - 1 WHERE position > ?", item.position)
                return try Self.forgetIfUnused(item.image, in: connection)
            }
            if let unused { images.deleteFiles(hash: unused) }
        }
    }

    /// Gives item `id` a photo: a missing item is refused before `photo` is asked for its bytes, and
    /// they are decoded and their renditions made outside any lock, then stored as `setImage` does.
    /// Every way of giving an item a photo (upload, library pick, demo) comes here.
    public func givePhoto(to id: Int64, expectedVersion: Int? = nil, _ photo: () throws -> [UInt8]) throws -> Item {
        _ = try item(id: id)
        return try setImage(id: id, try images.prepare(try photo()), expectedVersion: expectedVersion)
    }

    /// Gives the item the prepared photo (stored once, however many items use it). Its previous
    /// photo is deleted when no other item uses it.
    public func setImage(id: Int64, _ prepared: ImageStore.PreparedImage, expectedVersion: Int? = nil) throws -> Item {
        try images.withFileLock {
            // Refuse before writing anything: a missing item or a stale version leaves no files.
            let current = try item(id: id)
            if let expectedVersion, expectedVersion != current.version { throw InventoryError.versionMismatch(current: current) }
            let isNew = try images.storedImage(hash: prepared.image.hash) == nil
            try images.writeFiles(prepared)
            let (item, unused): (Item, String?)
            do {
                (item, unused) = try change { connection -> (Item, String?) in
                    let before = try Self.item(id: id, in: connection)
                    if let expectedVersion, expectedVersion != before.version { throw InventoryError.versionMismatch(current: before) }
                    let image = prepared.image
                    try connection.run(
                        "INSERT OR IGNORE INTO images (hash, format, width, height, byte_size, created_ms) VALUES (?, ?, ?, ?, ?, ?)",
                        image.hash, image.format.rawValue, image.width, image.height, image.byteSize,
                        Int64(Date().timeIntervalSince1970 * 1000))
                    try connection.run("UPDATE items SET image_hash = ?, version = version + 1 WHERE id = ?", image.hash, id)
                    let unused = before.image?.hash == image.hash ? nil : try Self.forgetIfUnused(before.image, in: connection)
                    return (try Self.item(id: id, in: connection), unused)
                }
            } catch {
                if isNew { images.deleteFiles(hash: prepared.image.hash) }
                throw error
            }
            if let unused { images.deleteFiles(hash: unused) }
            return item
        }
    }

    /// Takes the item's photo away; deleted when no other item uses it.
    public func removeImage(id: Int64, expectedVersion: Int? = nil) throws -> Item {
        try images.withFileLock {
            let (item, unused) = try change { connection -> (Item, String?) in
                let before = try Self.item(id: id, in: connection)
                if let expectedVersion, expectedVersion != before.version { throw InventoryError.versionMismatch(current: before) }
                guard before.image != nil else { return (before, nil) }
                try connection.run("UPDATE items SET image_hash = NULL, version = version + 1 WHERE id = ?", id)
                let unused = try Self.forgetIfUnused(before.image, in: connection)
                return (try Self.item(id: id, in: connection), unused)
            }
            if let unused { images.deleteFiles(hash: unused) }
            return item
        }
    }

    /// Drops the image's row when no item refers to it; returns its hash then, so the caller removes
    /// the files once the transaction has committed.
    private static func forgetIfUnused(_ image: StoredImage?, in connection: Connection) throws -> String? {
        guard let image else { return nil }
        try connection.run("DELETE FROM images WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM items WHERE image_hash = ?)", image.hash, image.hash)
        return connection.changes > 0 ? image.hash : nil
    }

    /// Moves the item to `position` (from 0); the items in between shift by one. Versions count changes
    /// to an item's fields and photo, not to its place in the list, so no one's edit is refused over a move.
    public func move(id: Int64, to position: Int) throws -> Item {
        try change { connection in
            let item = try Self.item(id: id, in: connection)
            let count = Int(try connection.scalar("SELECT count(*) FROM items") ?? 0)
            guard (0..<count).contains(position) else { throw InventoryError.positionOutOfRange(position: position, count: count) }
            if position == item.position { return item }
            if position < item.position {
                try connection.run(
                    "UPDATE items SET position = position + 1 WHERE position >= ? AND position < ?",
                    position, item.position)
            } else {
                try connection.run(
                    "UPDATE items SET position = position - 1 WHERE position > ? AND position <= ?",
                    item.position, position)
            }
            try connection.run("UPDATE items SET position = ? WHERE id = ?", position, id)
            return try Self.item(id: id, in: connection)
        }
    }

    private static func validate(_ input: ItemInput, creating: Bool) throws(InventoryError) -> ItemInput {
        do { return try input.validated(creating: creating) } catch { throw .invalid(error) }
    }

    static func item(id: Int64, in connection: Connection) throws -> Item {
        guard var item = try connection.firstRow("SELECT \(columns) FROM \(source) WHERE items.id = ?", id, decode: decode) else {
            throw InventoryError.itemNotFound(id: id)
        }
        item.details.tags = try tags(of: id, in: connection)
        item.details.customFields = try customFields(of: id, in: connection)
        return item
    }
}
