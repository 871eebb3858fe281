import Clocks
import Database
import Foundation
import Synchronization

/// The items of the inventory, in list order. Every change is one transaction: all of it is
/// stored, or none.
public final class ItemStore: Sendable {
    let database: Database
    public let images: ImageStore
    public let documents: DocumentStore
    /// Walk-through videos, in `videos/` beside the images' folder.
    public let videos: VideoStore
    /// The time of day items are dated by, and "today" for warranties and claim readiness.
    public let clock: any TimeSource
    /// The revisions and the caches made from them: one set for the server, shared by every
    /// household's view of the store (`in(_:)`), so a change anywhere moves them.
    let shared: Shared
    /// The household every method works in: `in(_:)` gives another household's view. The store made
    /// by `init` works in the first household (the folder's own) until every request names its
    /// household (docs/plans/households.md, session 2, step 2b). Every statement names `:household`,
    /// which this binds.
    let household: HouseholdDatabase

    final class Shared: Sendable {
        let revision = Atomic<Int>(0)
        let searchRevision = Atomic<Int>(0)
        /// What each place and tag would add to a claim, by household, made again only after a change
        /// (`ownedItemCounts`).
        let ownedCounts = RevisionKeyedCache<Int64, OwnedItemCounts>(capacity: 16)

        init() {}
    }

    /// Opens the store; fills the search index first if it is out of date (`ItemSearchText.format`).
    /// A store whose index is current writes nothing as it opens, so it can read a copy opened
    /// read-only (`Database(readingOnly:)`, a backup's).
    public init(database: Database, images: ImageStore, documents: DocumentStore, clock: any TimeSource = WallClock()) throws {
        self.database = database
        self.images = images
        self.documents = documents
        self.videos = VideoStore(directory: "\(images.directory.parentPath)/videos")
        self.clock = clock
        shared = Shared()
        household = HouseholdDatabase(database, household: 1)
        if try database.read({ try Self.searchIndexIsStale(in: $0) }) {
            try household.write { try Self.refreshSearchIndexIfStale(in: $0) }
        }
    }

    private init(sharing store: ItemStore, household: Int64) {
        database = store.database
        images = store.images
        documents = store.documents
        videos = store.videos
        clock = store.clock
        shared = store.shared
        self.household = HouseholdDatabase(store.database, household: household)
    }

    /// The household this view works in (what a household's caches are keyed by).
    public var householdID: HouseholdID { HouseholdID(household.household) }

    /// The same store working in `access`'s household: what a request reads and changes.
    public func `in`(_ access: HouseholdAccess) -> ItemStore {
        access.id.rawValue == household.household ? self : ItemStore(sharing: self, household: access.id.rawValue)
    }

    /// Goes up after every committed change; anything made from the items at one revision stays
    /// valid until it moves.
    public var revision: Int { shared.revision.load(ordering: .acquiring) }

    /// Goes up with `revision` and whenever what was read on the items' photos and documents
    /// changes: what a search finds moves with it, the items and their list do not.
    public var searchRevision: Int { shared.searchRevision.load(ordering: .acquiring) }

    /// A write transaction that counts as a change once it commits.
    func change<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        let result = try household.write(body)
        shared.revision.add(1, ordering: .releasing)
        shared.searchRevision.add(1, ordering: .releasing)
        return result
    }

    /// A write transaction that changes only what a search finds (text read on photos, and the
    /// search index): the lists made at `revision` stay valid. Readings are recorded every second
    /// or so while a library is read; each rebuilt the item list (its p99 7.7 → 15 ms at one
    /// connection, make bench PARTS=readingload).
    func changeSearchText<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        let result = try household.write(body)
        shared.searchRevision.add(1, ordering: .releasing)
        return result
    }

    /// The item's own columns (its photos, tags and documents are read with `photoFields` and apart).
    static let columns: HouseholdSQL = """
        items.id, items.name, items.serial_number, items.value_in_dollars, items.date_created_ms, items.position, items.version, \
        items.location_id, \(ItemStore.detailColumns.map { "items.\($0)" as HouseholdSQL }.joined(separator: ", ")), items.draft
        """

    /// Where a photo's fields start in a row of `columns` followed by `photoFields`.
    private static let photoColumn = columnCount
    /// What the item's columns are read from (its photos, tags and documents are read apart).
    static let source: HouseholdSQL = "items"

    /// How many of `columns` there are: what a query selects after them starts here.
    static let columnCount: Int32 = 9 + Int32(detailColumns.count)

    static func decode(_ row: Row) -> Item {
        Item(
            id: row.id(0), name: row.string(1), serialNumber: row.string(2), valueInDollars: row.int(3),
            dateCreated: Date(timeIntervalSince1970: Double(row.int64(4)) / 1000), position: row.int(5), version: row.int(6),
            locationID: row.optionalID(7), details: decodeDetails(row, from: 8),
            isDraft: row.int(8 + Int32(detailColumns.count)) != 0
        )
    }

    /// Every item, in list order: five queries whatever the number of items (items with their
    /// photos, then every item's tags, documents, custom fields and evidence). Photos come in the
    /// items' query, one row each, already in order from the indexes: no sort, and no table of them to build.
    public func all() throws -> [Item] {
        try household.read { try Self.all(in: $0) }
    }

    static func all(in connection: HouseholdConnection) throws -> [Item] {
        do {
            let tags = try Self.tagsByItem(in: connection)
            let documents = try Self.documentsByItem(in: connection)
            let customFields = try Self.customFieldsByItem(in: connection)
            let evidence = try Self.evidenceByItem(in: connection)
            let origins = try Self.walkthroughOrigins(in: connection)
            var items: [Item] = [], lastID: Item.ID = 0
            try connection.forEachRow("""
                SELECT \(Self.columns), \(Self.photoFields) FROM items
                LEFT JOIN item_photos ON item_photos.item_id = items.id LEFT JOIN images ON images.household_id = item_photos.household_id AND images.hash = item_photos.image_hash
                WHERE items.household_id = :household
                ORDER BY items.position, items.id, item_photos.position, item_photos.id
                """, []) { row in
                let id: Item.ID = row.id(0)
                // `items.last?.id` would copy the whole item to read its id.
                if id != lastID {
                    lastID = id
                    // Changed in place once appended: an item is large, and each copy retains every field.
                    items.append(Self.decode(row))
                    if let tags = tags[id] { items[items.count - 1].details.tags = tags }
                    if let documents = documents[id] { items[items.count - 1].documents = documents }
                    if let fields = customFields[id] { items[items.count - 1].details.customFields = fields }
                    if let links = evidence[id] { items[items.count - 1].evidence = links }
                    items[items.count - 1].walkthroughOrigin = origins[id]
                }
                if let photo = Self.decodePhoto(row, from: Self.photoColumn) { items[items.count - 1].photos.append(photo) }
            }
            return items
        }
    }

    public func count() throws -> Int {
        try household.read { Int(try $0.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0) }
    }

    public func item(id: Item.ID) throws -> Item {
        try household.read { try Self.item(id: id, in: $0) }
    }

    /// Adds an item at the end of the list.
    public func create(_ unchecked: ItemInput, dateCreated: Date = Date()) throws -> Item {
        let input = try Self.validate(unchecked, creating: true)
        return try change { connection in
            let position = try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0
            return try Self.item(id: try Self.insert(input, dateCreated: dateCreated, position: position, in: connection), in: connection)
        }
    }

    /// Stores a checked new item at `position` (the caller makes room) with its details and search
    /// text; returns its id.
    static func insert(_ input: ItemInput, dateCreated: Date, position: Int64, in connection: HouseholdConnection, paths: LocationPaths? = nil) throws -> Item.ID {
        let locationID = input.locationID ?? nil
        try Self.checkLocation(locationID, in: connection)
        var item = Item(id: 0, name: input.name ?? "", serialNumber: input.serialNumber ?? "", valueInDollars: 0,
                        dateCreated: dateCreated, position: Int(position), version: 1, locationID: locationID)
        try Self.apply(input, to: &item, in: connection)
        try connection.run(
            "INSERT INTO items (household_id, name, serial_number, value_in_dollars, date_created_ms, position, location_id) VALUES (:household, ?, ?, ?, ?, ?, ?)",
            item.name, item.serialNumber, item.valueInDollars,
            Int64((dateCreated.timeIntervalSince1970 * 1000).rounded()), position, locationID
        )
        let id: Item.ID = connection.lastInsertedID()
        try Self.writeDetails(item.details, of: id, in: connection)
        try Self.indexItem(id: id, in: connection, paths: paths)
        return id
    }

    /// Changes the fields given in `input`.
    /// - Parameter expectedVersion: when given and the item's version differs, nothing changes and
    ///   `versionMismatch` is thrown.
    public func update(id: Item.ID, _ unchecked: ItemInput, expectedVersion: Int? = nil) throws -> Item {
        let input = try Self.validate(unchecked, creating: false)
        return try change { connection in try Self.update(id: id, input, expectedVersion: expectedVersion, in: connection) }
    }

    /// Makes one change to many items (moving them, tagging them): all of them change, or none.
    /// - Parameter makeInput: the change for each item as it stands.
    /// - Parameter alongside: more of the same transaction (another module's rows that change with these items).
    public func updateEach(ids: [Item.ID], alongside: ((HouseholdConnection) throws -> Void)? = nil, _ makeInput: (Item) -> ItemInput) throws -> [Item] {
        try change { connection in
            let paths = LocationPaths(connection)
            let items = try ids.map { id in
                let input = try Self.validate(makeInput(try Self.item(id: id, in: connection)), creating: false)
                return try Self.update(id: id, input, expectedVersion: nil, in: connection, paths: paths)
            }
            try alongside?(connection)
            return items
        }
    }

    static func update(id: Item.ID, _ input: ItemInput, expectedVersion: Int?, in connection: HouseholdConnection, paths: LocationPaths? = nil) throws -> Item {
        var item = try Self.item(id: id, in: connection)
        if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
        let before = item
        item.name = input.name ?? item.name
        item.serialNumber = input.serialNumber ?? item.serialNumber
        try Self.apply(input, to: &item, in: connection)
        if let locationID = input.locationID {
            try Self.checkLocation(locationID, in: connection)
            item.locationID = locationID
        }
        // Nothing new: the version stays, so nobody else's save is refused over it.
        // A draft given a name is an item like any other.
        if input.name != nil { item.isDraft = false }
        if item == before { return item }
        try connection.run(
            "UPDATE items SET name = ?, serial_number = ?, value_in_dollars = ?, location_id = ?, draft = ?, version = version + 1 WHERE household_id = :household AND id = ?",
            item.name, item.serialNumber, item.valueInDollars, item.locationID, item.isDraft, id
        )
        if item.locationID != before.locationID { try Self.notePacking(ofItem: id, from: before.locationID, to: item.locationID, in: connection) }
        try Self.writeDetails(item.details, of: id, in: connection)
        try Self.indexItem(id: id, in: connection, paths: paths)
        return try Self.item(id: id, in: connection)
    }

    /// Removes the item with its photos and documents; their files go when nothing else uses them.
    /// The items after it move up.
    public func delete(id: Item.ID, expectedVersion: Int? = nil) throws {
        try withFiles { connection in
            let item = try Self.item(id: id, in: connection)
            if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
            try connection.run("DELETE FROM items WHERE household_id = :household AND id = ?", id)
            try Self.unindexItem(id: id, in: connection)
            try Self.forgetUnusedTags(in: connection)
            try connection.run("UPDATE items SET position = position - 1 WHERE household_id = :household AND position > ?", item.position)
            let images = try Set(item.photos.map(\.image.hash)).filter { try Self.forgetImageIfUnused($0, in: connection) }
            let documents = try Set(item.documents.map(\.sha256)).filter { try Self.isDocumentUnused($0, in: connection) }
            return ((), FilesToDelete(images: images, documents: documents))
        }
    }

    /// Moves the item to `position` (from 0); the items in between shift by one. Versions count changes
    /// to an item's fields and photo, not to its place in the list, so no one's edit is refused over a move.
    public func move(id: Item.ID, to position: Int) throws -> Item {
        try change { connection in
            let item = try Self.item(id: id, in: connection)
            let count = Int(try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0)
            guard (0..<count).contains(position) else { throw InventoryError.positionOutOfRange(position: position, count: count) }
            if position == item.position { return item }
            if position < item.position {
                try connection.run(
                    "UPDATE items SET position = position + 1 WHERE household_id = :household AND position >= ? AND position < ?",
                    position, item.position)
            } else {
                try connection.run(
                    "UPDATE items SET position = position - 1 WHERE household_id = :household AND position > ? AND position <= ?",
                    item.position, position)
            }
            try connection.run("UPDATE items SET position = ? WHERE household_id = :household AND id = ?", position, id)
            return try Self.item(id: id, in: connection)
        }
    }

    private static func validate(_ input: ItemInput, creating: Bool) throws(InventoryError) -> ItemInput {
        do { return try input.validated(creating: creating) } catch { throw .invalid(error) }
    }

    static func item(id: Item.ID, in connection: HouseholdConnection) throws -> Item {
        guard var item = try connection.firstRow("SELECT \(columns) FROM items WHERE household_id = :household AND items.id = ?", id, decode: decode) else {
            throw InventoryError.itemNotFound(id: id)
        }
        item.details.tags = try tags(of: id, in: connection)
        item.photos = try photos(of: id, in: connection)
        item.documents = try documents(of: id, in: connection)
        item.details.customFields = try customFields(of: id, in: connection)
        item.evidence = try evidence(of: id, in: connection)
        item.walkthroughOrigin = try walkthroughOrigins(ids: "[\(id)]", in: connection)[id]
        return item
    }
}
