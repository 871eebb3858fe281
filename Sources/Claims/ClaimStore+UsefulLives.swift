import Database

/// The household's changes to the useful-life table (only what differs from the defaults; years nil:
/// not depreciated). The table itself checks them (`UsefulLifeTable.replacing`).
extension ClaimStore {
    public func usefulLifeOverrides() throws -> [String: Int?] {
        try household.read { try Self.usefulLifeOverrides(in: $0) }
    }

    /// The policy's country's defaults with the household's changes.
    public func usefulLifeTable() throws -> UsefulLifeTable {
        try household.readTransaction { try Self.usefulLifeTable(in: $0) }
    }

    /// Sets these categories' years (nil: not depreciated; the default: back to it), keeping the other changes.
    public func changeUsefulLives(_ years: [String: Int?]) throws -> UsefulLifeTable {
        try change { connection in
            let table = try Self.usefulLifeTable(in: connection).replacing(years)
            try connection.run("DELETE FROM useful_lives WHERE household_id = :household")
            for (category, years) in table.overrides.sorted(by: { $0.key < $1.key }) {
                try connection.run("INSERT INTO useful_lives (household_id, category, years) VALUES (:household, ?, ?)", category, years)
            }
            return table
        }
    }

    static func usefulLifeOverrides(in connection: HouseholdConnection) throws -> [String: Int?] {
        var overrides: [String: Int?] = [:]
        try connection.forEachRow("SELECT category, years FROM useful_lives WHERE household_id = :household") { row in
            overrides[row.string(0)] = .some(row.optionalInt64(1).map(Int.init))
        }
        return overrides
    }

    static func usefulLifeTable(in connection: HouseholdConnection) throws -> UsefulLifeTable {
        UsefulLifeTable(overrides: try usefulLifeOverrides(in: connection), country: try policy(in: connection).usefulLifeCountry)
    }
}
