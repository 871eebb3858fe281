/// A connection lent for one household's work: it runs only `HouseholdSQL` that names the household
/// as `:household`, refusing any other when it is prepared, and binds `:household` itself, so a store
/// cannot read or write another household's rows. The store's `?`s take its arguments in order, as on
/// a plain `Connection`.
public struct HouseholdConnection {
    private let connection: Connection
    private let scope: StatementScope
    /// The household's id, for naming its own tables (`SQLIdentifier("item_search", number: household)`).
    public let household: Int64

    init(_ connection: Connection, household: Int64) {
        self.connection = connection
        self.household = household
        scope = .household(household)
    }

    /// The household's own table of the kind `prefix` names: the first household's is `prefix` itself
    /// (it was the folder's before there were households), another's `prefix_<id>`.
    public func ownTable(_ prefix: StaticString) -> HouseholdTable {
        HouseholdTable(name: household == 1 ? prefix.description : SQLIdentifier(prefix, number: household).name, household: household)
    }

    /// How `sql` runs here: bound to the household, or, naming only the household's own table, allowed that table.
    private func scope(of sql: HouseholdSQL) -> StatementScope {
        guard let own = sql.ownTable, !sql.text.contains(":household") else { return scope }
        precondition(own.household == household, "a statement names another household's table")
        return StatementScope(access: .ownTable(own.name), household: nil)
    }

    /// Runs one statement, ignoring any rows.
    public func run(_ sql: HouseholdSQL, _ arguments: any DatabaseValueConvertible...) throws(DatabaseError) {
        try run(sql, arguments: arguments)
    }

    public func run(_ sql: HouseholdSQL, arguments: [any DatabaseValueConvertible]) throws(DatabaseError) {
        try connection.run(sql.text, in: scope(of: sql), arguments: arguments)
    }

    /// Calls `body` for each row of the query.
    public func forEachRow(
        _ sql: HouseholdSQL, _ arguments: [any DatabaseValueConvertible] = [], _ body: (Row) throws -> Void
    ) throws {
        try connection.forEachRow(sql.text, in: scope(of: sql), arguments, body)
    }

    /// The rows of the query, each turned into a value by `decode`.
    public func rows<T>(
        _ sql: HouseholdSQL, _ arguments: any DatabaseValueConvertible..., decode: (Row) throws -> T
    ) throws -> [T] {
        try rows(sql, arguments: arguments, decode: decode)
    }

    public func rows<T>(
        _ sql: HouseholdSQL, arguments: [any DatabaseValueConvertible], decode: (Row) throws -> T
    ) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql, arguments) { result.append(try decode($0)) }
        return result
    }

    /// The first row of the query, or nil.
    public func firstRow<T>(
        _ sql: HouseholdSQL, _ arguments: any DatabaseValueConvertible..., decode: (Row) throws -> T
    ) throws -> T? {
        try firstRow(sql, arguments: arguments, decode: decode)
    }

    public func firstRow<T>(
        _ sql: HouseholdSQL, arguments: [any DatabaseValueConvertible], decode: (Row) throws -> T
    ) throws -> T? {
        try connection.firstRow(sql.text, in: scope(of: sql), arguments: arguments, decode: decode)
    }

    /// The integer in the first column of the first row, or nil.
    public func scalar(_ sql: HouseholdSQL, _ arguments: any DatabaseValueConvertible...) throws -> Int64? {
        try scalar(sql, arguments: arguments)
    }

    public func scalar(_ sql: HouseholdSQL, arguments: [any DatabaseValueConvertible]) throws -> Int64? {
        try firstRow(sql, arguments: arguments) { $0.optionalInt64(0) } ?? nil
    }

    /// The rowid of the last successful insert on this connection.
    public var lastInsertRowID: Int64 { connection.lastInsertRowID }

    /// The id of the row just inserted, typed by what it names.
    public func lastInsertedID<Entity>(of entity: Entity.Type = Entity.self) -> RowID<Entity> { RowID(lastInsertRowID) }

    /// The same connection for the server's own tables (the exchange rates), which a household's
    /// work reads inside its transaction. Its statements are plain ones: the guard keeps them off
    /// every household table.
    public var serverTables: Connection { connection }

    /// Rows changed by the last statement.
    public var changes: Int { connection.changes }
}
