import Database

/// The ids a household gives its rows: `prefix << 32 | n`, `n` from the household's own counter for
/// that kind of row (`household_sequences`), so one household's ids say nothing of another's activity.
extension HouseholdStore {
    /// The next id of `entity` in `household`, taken on the write connection of the transaction that
    /// inserts the row: if the insert is rolled back, so is the counter. A counter cannot pass 2³² − 1
    /// (its CHECK), so an id never runs into the next household's range.
    public static func nextID<Entity>(of entity: HouseholdEntity, in household: HouseholdAccess, on connection: Connection) throws -> RowID<Entity> {
        guard let n = try connection.scalar("""
            UPDATE household_sequences SET next = next + 1 WHERE household_id = ? AND entity = ? RETURNING next - 1
            """, household.id, entity.rawValue) else {
            throw DatabaseError(message: "Household \(household.id) has no counter for \(entity.rawValue): its rows cannot be given ids.")
        }
        return RowID(household.idPrefix << 32 | n)
    }
}
