import Database

/// The household's changes to the useful-life table (only what differs from the defaults; years nil:
/// not depreciated). The table itself checks them (`UsefulLifeTable.replacing`).
extension ClaimStore {
    public func usefulLifeOverrides() throws -> [String: Int?] {
        try database.read { connection in
            var overrides: [String: Int?] = [:]
            try connection.forEachRow("SELECT category, years FROM useful_lives") { row in
                overrides[row.string(0)] = .some(row.optionalInt64(1).map(Int.init))
            }
            return overrides
        }
    }

    /// Replaces every change with these.
    public func setUsefulLifeOverrides(_ overrides: [String: Int?]) throws {
        try database.write { connection in
            try connection.run("DELETE FROM useful_lives")
            for (category, years) in overrides.sorted(by: { $0.key < $1.key }) {
                try connection.run("INSERT INTO useful_lives (category, years) VALUES (?, ?)", category, years)
            }
        }
    }
}
