import Database
import Foundation
import Synchronization

/// The items of the inventory, in list order. Every change is one transaction: all of it is
/// stored, or none.
public final class ItemStore: Sendable {
    private let database: Database
    private let revisionCounter = Atomic<Int>(0)

    public init(database: Database) { self.database = database }

    /// Goes up after every committed change; anything made from the items at one revision stays
    /// valid until it moves.
    public var revision: Int { revisionCounter.load(ordering: .acquiring) }

    /// A write transaction that counts as a change once it commits.
    private func change<T>(_ body: (Connection) throws -> T) throws -> T {
        let result = try database.write(body)
        revisionCounter.add(1, ordering: .releasing)
        return result
    }

    private static let columns = "id, name, serial_number, value_in_dollars, date_created_ms, position, version"

    private static func decode(_ row: Row) -> Item {
        Item(
            id: row.int64(0), name: row.string(1), serialNumber: row.string(2), valueInDollars: row.int(3),
            dateCreated: Date(timeIntervalSince1970: Double(row.int64(4)) / 1000), position: row.int(5), version: row.int(6)
        )
    }

    /// Every item, in list order.
    public func all() throws -> [Item] {
        try database.read { try $0.rows("SELECT \(Self.columns) FROM items ORDER BY position, id", decode: Self.decode) }
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
            try connection.run(
                "INSERT INTO items (name, serial_number, value_in_dollars, date_created_ms, position) VALUES (?, ?, ?, ?, ?)",
                input.name ?? "", input.serialNumber ?? "", input.valueInDollars ?? 0,
                Int64((dateCreated.timeIntervalSince1970 * 1000).rounded()), position
            )
            return try Self.item(id: connection.lastInsertRowID, in: connection)
        }
    }

    /// Changes the fields given in `input`.
    /// - Parameter expectedVersion: when given and the item's version differs, nothing changes and
    ///   `versionMismatch` is thrown.
    public func update(id: Int64, _ unchecked: ItemInput, expectedVersion: Int? = nil) throws -> Item {
        let input = try Self.validate(unchecked, creating: false)
        return try change { connection in
            var item = try Self.item(id: id, in: connection)
            if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
            item.name = input.name ?? item.name
            item.serialNumber = input.serialNumber ?? item.serialNumber
            item.valueInDollars = input.valueInDollars ?? item.valueInDollars
            try connection.run(
                "UPDATE items SET name = ?, serial_number = ?, value_in_dollars = ?, version = version + 1 WHERE id = ?",
                item.name, item.serialNumber, item.valueInDollars, id
            )
            return try Self.item(id: id, in: connection)
        }
    }

    /// Removes the item; the items after it move up.
    public func delete(id: Int64, expectedVersion: Int? = nil) throws {
        try change { connection in
            let item = try Self.item(id: id, in: connection)
            if let expectedVersion, expectedVersion != item.version { throw InventoryError.versionMismatch(current: item) }
            try connection.run("DELETE FROM items WHERE id = ?", id)
            try connection.run("UPDATE items SET position = position - 1, version = version + 1 WHERE position > ?", item.position)
        }
    }

    /// Moves the item to `position` (from 0); the items in between shift by one.
    public func move(id: Int64, to position: Int) throws -> Item {
        try change { connection in
            let item = try Self.item(id: id, in: connection)
            let count = Int(try connection.scalar("SELECT count(*) FROM items") ?? 0)
            guard (0..<count).contains(position) else { throw InventoryError.positionOutOfRange(position: position, count: count) }
            if position == item.position { return item }
            if position < item.position {
                try connection.run(
                    "UPDATE items SET position = position + 1, version = version + 1 WHERE position >= ? AND position < ?",
                    position, item.position)
            } else {
                try connection.run(
                    "UPDATE items SET position = position - 1, version = version + 1 WHERE position > ? AND position <= ?",
                    item.position, position)
            }
            try connection.run("UPDATE items SET position = ?, version = version + 1 WHERE id = ?", position, id)
            return try Self.item(id: id, in: connection)
        }
    }

    private static func validate(_ input: ItemInput, creating: Bool) throws(InventoryError) -> ItemInput {
        do { return try input.validated(creating: creating) } catch { throw .invalid(error) }
    }

    private static func item(id: Int64, in connection: Connection) throws -> Item {
        guard let item = try connection.firstRow("SELECT \(columns) FROM items WHERE id = ?", id, decode: decode) else {
            throw InventoryError.itemNotFound(id: id)
        }
        return item
    }
}
