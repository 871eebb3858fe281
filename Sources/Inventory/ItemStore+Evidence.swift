import Database
import Foundation

/// Library photos linked to an item as evidence: links, not copies (the library's files stay where
/// they are). Linking or unlinking is a change to the item: its version moves.
extension ItemStore {
    /// The most library photos one item links: far more than anyone picks, few enough that its JSON stays small.
    public static let maxEvidencePerItem = 500

    /// Links a library photo to item `id`, as `link` describes it. A photo linked already keeps its
    /// link as it was (nothing changes); `created` says which happened.
    public func link(_ link: EvidenceLink, to id: Item.ID) throws -> (link: EvidenceLink, created: Bool) {
        try change { connection in
            if let existing = try Self.evidence(link.assetID, of: id, in: connection) { return (existing, false) }
            guard let count = try connection.firstRow("SELECT (SELECT count(*) FROM item_evidence WHERE item_id = items.id) FROM items WHERE household_id = :household AND id = ?",
                                                      id, decode: { $0.int(0) }) else { throw InventoryError.itemNotFound(id: id) }
            guard count < Self.maxEvidencePerItem else { throw InventoryError.tooManyEvidencePhotos(limit: Self.maxEvidencePerItem) }
            try Self.countChange(to: id, in: connection)
            let added = Date(timeIntervalSince1970: Double(Self.nowMilliseconds()) / 1000)
            try connection.run("""
                INSERT INTO item_evidence (household_id, item_id, asset_id, taken_at, camera, last_path, added_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)
                """, id, link.assetID, link.takenAt.map(EvidenceLink.isoText), link.camera, link.lastPath,
                Int64((added.timeIntervalSince1970 * 1000).rounded()))
            return (EvidenceLink(assetID: link.assetID, takenAt: link.takenAt, camera: link.camera, lastPath: link.lastPath, added: added), true)
        }
    }

    /// Takes the link to library photo `assetID` off item `id` (the photo stays in the library).
    public func unlink(_ assetID: LibraryPhotoID, from id: Item.ID) throws {
        try change { connection in
            guard try Self.evidence(assetID, of: id, in: connection) != nil else {
                _ = try Self.item(id: id, in: connection)
                throw InventoryError.evidenceNotFound(itemID: id, assetID: assetID)
            }
            try Self.countChange(to: id, in: connection)
            try connection.run("DELETE FROM item_evidence WHERE household_id = :household AND item_id = ? AND asset_id = ?", id, assetID)
        }
    }

    // MARK: Reading

    /// The library photos linked to anything kept in location `id` or anywhere below it: where the
    /// library's photos of that room are likely to be found.
    public func evidenceAssetIDs(inLocationOrBelow id: Location.ID) throws -> Set<LibraryPhotoID> {
        Set(try household.read { connection in
            try connection.rows("""
                SELECT DISTINCT item_evidence.asset_id FROM item_evidence JOIN items ON items.id = item_evidence.item_id
                WHERE +items.household_id = :household AND items.location_id IN (WITH RECURSIVE below (id) AS (
                    SELECT ? UNION SELECT locations.id FROM locations JOIN below ON locations.parent_id = below.id
                ) SELECT id FROM below)
                """, id) { $0.libraryPhotoID(0) }
        })
    }

    /// By capture time (undated last), then as linked. Capture times are fixed-width text, so they sort as text.
    /// The links' columns and table, for a query that goes on with a condition on `household_id`.
    private static let evidenceColumns: HouseholdSQL = "item_id, asset_id, taken_at, camera, last_path, added_ms FROM item_evidence"
    private static let evidenceOrder: HouseholdSQL = "taken_at IS NULL, taken_at, added_ms, asset_id"

    private static func decodeEvidence(_ row: Row) -> EvidenceLink {
        EvidenceLink(assetID: row.libraryPhotoID(1), takenAt: row.optionalString(2).flatMap(EvidenceLink.date(isoText:)), camera: row.optionalString(3),
                     lastPath: row.string(4), added: Date(timeIntervalSince1970: Double(row.int64(5)) / 1000))
    }

    static func evidence(of id: Item.ID, in connection: HouseholdConnection) throws -> [EvidenceLink] {
        try connection.rows("SELECT \(evidenceColumns) WHERE household_id = :household AND item_id = ? ORDER BY \(evidenceOrder)", id, decode: decodeEvidence)
    }

    private static func evidence(_ assetID: LibraryPhotoID, of id: Item.ID, in connection: HouseholdConnection) throws -> EvidenceLink? {
        try connection.firstRow("SELECT \(evidenceColumns) WHERE household_id = :household AND item_id = ? AND asset_id = ?", id, assetID, decode: decodeEvidence)
    }

    /// The evidence of every item, or of the items `ids` names (a JSON array), in one query.
    static func evidenceByItem(ids: String? = nil, in connection: HouseholdConnection) throws -> [Item.ID: [EvidenceLink]] {
        var links: [Item.ID: [EvidenceLink]] = [:]
        let filter: HouseholdSQL = ids == nil ? "" : " AND item_id IN (SELECT value FROM json_each(?))"
        try connection.forEachRow("SELECT \(evidenceColumns) WHERE household_id = :household\(filter) ORDER BY item_id, \(evidenceOrder)", ids.map { [$0] } ?? []) { row in
            links[row.id(0), default: []].append(decodeEvidence(row))
        }
        return links
    }
}
