import Database

/// Captures remembered (`Capture`): each photo, document, walk-through or draft a capture made is
/// recorded in the transaction that stores it, so a capture sent twice is stored once, even when the
/// server stopped between storing it and answering.
extension ItemStore {
    /// What `capture` made when it was first sent; nil when it is new (or nil).
    public func captured(_ capture: Capture?) throws -> CapturedThing? {
        guard let capture else { return nil }
        return try household.read { try Self.captured(capture, in: $0) }
    }

    static func captured(_ capture: Capture, in connection: HouseholdConnection) throws -> CapturedThing? {
        try connection.rows("SELECT kind, target_id, made_id FROM captures WHERE household_id = :household AND sender = ? AND capture_id = ?", capture.sender, capture.id, decode: { row in
            CapturedThing(kind: row.string(0), target: row.int64(1), made: row.int64(2))
        }).first ?? nil
    }

    /// Records that `capture` made `thing`, inside the transaction that made it. A capture already
    /// recorded (the same one sent twice at once) throws `alreadyCaptured`, which rolls the second back.
    static func record(_ capture: Capture?, made thing: CapturedThing, at milliseconds: Int64, in connection: HouseholdConnection) throws {
        guard let capture else { return }
        if let earlier = try captured(capture, in: connection) { throw InventoryError.alreadyCaptured(earlier) }
        try connection.run("""
            INSERT INTO captures (household_id, sender, capture_id, kind, target_id, made_id, added_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)
            """, capture.sender, capture.id, thing.kind, thing.targetID, thing.madeID, milliseconds)
    }
}
