import Database

/// An item's documents: receipts, manuals, warranties, appraisals, kept byte for byte. Adding or
/// deleting one is a change to the item: its version moves.
extension ItemStore {
    public static let maxDocumentsPerItem = 200
    public static let maxDocumentNameLength = 200
    static let documentNameRule = NameRule(noun: "document", example: "Receipt", maxLength: maxDocumentNameLength)

    /// Adds a document to the item. A missing or full item and a bad name are refused before
    /// `file` is asked for its bytes; they are sniffed and thumbnailed outside any lock.
    /// A `capture` sent before throws `alreadyCaptured` and stores nothing.
    public func addDocument(to id: Item.ID, kind: ItemDocument.Kind, name: String?, capture: Capture? = nil,
                            _ file: () throws -> [UInt8]) throws -> ItemDocument {
        var errors: [FieldError] = []
        let name = Self.documentNameRule.check(name, creating: true, into: &errors)
        guard errors.isEmpty, let name else { throw InventoryError.invalidDocument(ValidationError(errors: errors)) }
        try household.read { try Self.checkRoomForDocument(in: id, connection: $0) }
        let prepared = try documents.prepare(try file())
        return try withFiles(adding: nil, prepared) { connection in
            try Self.countChange(to: id, in: connection)
            try Self.checkRoomForDocument(in: id, connection: connection)
            try connection.run("""
                INSERT INTO item_documents (household_id, item_id, kind, name, content_type, byte_size, sha256, has_thumbnail, added_ms)
                VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?)
                """, id, kind.rawValue, name, prepared.type.contentType, prepared.bytes.count, prepared.sha256, prepared.thumbnail != nil,
                Self.nowMilliseconds())
            let document = ItemDocument(id: connection.lastInsertedID(), kind: kind, name: name, type: prepared.type, byteSize: prepared.bytes.count,
                                        sha256: prepared.sha256, hasThumbnail: prepared.thumbnail != nil)
            try Self.record(capture, made: .document(document.id, of: id), at: Self.nowMilliseconds(), in: connection)
            return (document, FilesToDelete())
        }
    }

    /// Deletes one of the item's documents, and its file when no other document has the same bytes.
    public func removeDocument(_ documentID: ItemDocument.ID, of id: Item.ID) throws {
        try withFiles { connection in
            let document = try Self.document(documentID, of: id, in: connection)
            try Self.countChange(to: id, in: connection)
            try connection.run("DELETE FROM item_documents WHERE household_id = :household AND id = ?", documentID)
            // What was read on it went with it (a trigger): the item is found by it no longer.
            try Self.indexItem(id: id, in: connection)
            return ((), FilesToDelete(documents: try Self.isDocumentUnused(document.sha256, in: connection) ? [document.sha256] : []))
        }
    }

    /// One of the item's documents.
    public func document(_ documentID: ItemDocument.ID, of id: Item.ID) throws -> ItemDocument {
        try household.read { try Self.document(documentID, of: id, in: $0) }
    }

    // MARK: Reading

    /// The documents' columns and table, for a query that goes on with a condition on `household_id`.
    private static let documentColumns: HouseholdSQL = "item_id, id, kind, name, content_type, byte_size, sha256, has_thumbnail FROM item_documents"

    private static func decodeDocument(_ row: Row) -> ItemDocument? {
        guard let kind = ItemDocument.Kind(rawValue: row.string(2)), let type = DocumentType(contentType: row.string(4)) else { return nil }
        return ItemDocument(id: row.id(1), kind: kind, name: row.string(3), type: type, byteSize: row.int(5), sha256: row.string(6),
                            hasThumbnail: row.int(7) != 0)
    }

    static func documents(of id: Item.ID, in connection: HouseholdConnection) throws -> [ItemDocument] {
        try connection.rows("SELECT \(documentColumns) WHERE household_id = :household AND item_id = ? ORDER BY id", id, decode: decodeDocument).compactMap { $0 }
    }

    /// Every item's documents in one query, for the whole list.
    static func documentsByItem(in connection: HouseholdConnection) throws -> [Item.ID: [ItemDocument]] {
        var documents: [Item.ID: [ItemDocument]] = [:]
        try connection.forEachRow("SELECT \(documentColumns) WHERE household_id = :household ORDER BY item_id, id", []) { row in
            if let document = decodeDocument(row) { documents[row.id(0), default: []].append(document) }
        }
        return documents
    }

    private static func document(_ documentID: ItemDocument.ID, of id: Item.ID, in connection: HouseholdConnection) throws -> ItemDocument {
        guard let document = try connection.firstRow("SELECT \(documentColumns) WHERE household_id = :household AND id = ? AND item_id = ?", documentID, id,
                                                     decode: decodeDocument) ?? nil else {
            _ = try item(id: id, in: connection)
            throw InventoryError.documentNotFound(itemID: id, documentID: documentID)
        }
        return document
    }

    // MARK: Writing

    private static func checkRoomForDocument(in id: Item.ID, connection: HouseholdConnection) throws {
        guard let count = try connection.firstRow("SELECT (SELECT count(*) FROM item_documents WHERE item_id = items.id) FROM items WHERE household_id = :household AND id = ?", id,
                                                  decode: { $0.int(0) }) else { throw InventoryError.itemNotFound(id: id) }
        guard count < maxDocumentsPerItem else { throw InventoryError.tooManyDocuments(limit: maxDocumentsPerItem) }
    }

    /// Whether no document of any item has these bytes (so their files may go).
    static func isDocumentUnused(_ sha256: String, in connection: HouseholdConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM item_documents WHERE household_id = :household AND sha256 = ? LIMIT 1", sha256) == nil
    }
}
