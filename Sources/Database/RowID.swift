/// A row's id that knows which kind of row it names (`RowID<Item>`, `RowID<Claim>`), so an item's id
/// cannot be passed where a claim's is wanted: swapped arguments do not compile. It binds and reads
/// as the integer SQLite stores; `rawValue` is for the real boundaries only (JSON numbers, URL text).
public struct RowID<Entity>: RawRepresentable, Hashable, Comparable, Sendable, Codable, LosslessStringConvertible,
    DatabaseValueConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// An id read from text (a URL's segment, a form's field): a positive whole number, or nil.
    public init?(_ text: some StringProtocol) {
        guard let value = Int64(text), value > 0 else { return nil }
        rawValue = value
    }

    public init?(_ description: String) { self.init(description[...]) }

    public var description: String { String(rawValue) }
    public var databaseValue: DatabaseValue { .integer(rawValue) }
    public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

extension Row {
    /// The column as the id of a row of `Entity`.
    public func id<Entity>(_ column: Int32, of entity: Entity.Type = Entity.self) -> RowID<Entity> { RowID(int64(column)) }
    public func optionalID<Entity>(_ column: Int32, of entity: Entity.Type = Entity.self) -> RowID<Entity>? {
        isNull(column) ? nil : RowID(int64(column))
    }
}

extension Connection {
    /// The id SQLite gave the row the last `INSERT` on this connection added, as an id of `Entity`.
    public func lastInsertedID<Entity>(of entity: Entity.Type = Entity.self) -> RowID<Entity> { RowID(lastInsertRowID) }
}

/// Tests and fixtures name rows by number (`item(id: 3)`); a variable of another kind of id still does not fit.
extension RowID: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { rawValue = value }
}
