import Database
import Foundation

/// What readers found on photos and documents (barcodes; plate and receipt text), kept per source
/// and reader with the reader's version, and offered on the item as suggestions: never written
/// into the item by themselves. A source read by an older version of a reader is read again; a
/// suggestion dismissed on an item stays dismissed whoever reads it again. Readings go with their
/// photo or document (triggers of migration 17), and are found by the item's search.
extension ItemStore {
    /// Replaces what `reader` (any version) read on `source` with `readings`: an empty list says
    /// it was read and nothing found; `failure` says it could not be read (not retried until the
    /// reader's version changes). One transaction with the item's search index; a source that is
    /// gone meanwhile (its photo deleted) records nothing and returns false.
    @discardableResult
    public func recordReadings(_ readings: [Reading], of source: ReadingSource, by reader: ReaderStamp, failure: String? = nil) throws -> Bool {
        try changeSearchText { connection in
            let items = try Self.items(of: source, in: connection)
            if case .asset = source {} else if items.isEmpty { return false }
            try connection.run("DELETE FROM readings WHERE household_id = :household AND source_kind = ? AND source_ref = ? AND reader = ?", source.kind, source.reference, reader.name)
            for reading in readings {
                try connection.run("""
                    INSERT INTO readings (household_id, source_kind, source_ref, field, value, region_x, region_y, region_width, region_height, reader, reader_version)
                    VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [source.kind, source.reference, reading.field.rawValue, reading.value,
                                     reading.region?.x, reading.region?.y, reading.region?.width, reading.region?.height,
                                     reader.name, reader.version])
            }
            try mark(source, by: reader, state: failure == nil ? "read" : "failed", failure: failure, in: connection)
            let paths = LocationPaths(connection)
            for item in items { try Self.indexItem(id: item, in: connection, paths: paths) }
            return true
        }
    }

    /// Says that `reader` is reading `source` now (before it starts): a source whose reading never
    /// ends, the process killed or crashed by a hostile file, is not read again by that version
    /// (`abandonInterruptedReadings`), so one photo cannot stop the server at every start.
    public func beginReading(_ source: ReadingSource, by reader: ReaderStamp) throws {
        try household.write { connection in try mark(source, by: reader, state: "reading", failure: nil, in: connection) }
    }

    /// Readings `reader` began and never finished (the last process stopped in the middle), recorded
    /// as failed; how many.
    @discardableResult
    public func abandonInterruptedReadings(by reader: ReaderStamp) throws -> Int {
        try household.write { connection in
            try connection.run("""
                UPDATE sources_read SET state = 'failed', failure = 'the reader stopped while reading it'
                WHERE household_id = :household AND reader = ? AND state = 'reading'
                """, reader.name)
            return connection.changes
        }
    }

    private func mark(_ source: ReadingSource, by reader: ReaderStamp, state: String, failure: String?, in connection: HouseholdConnection) throws {
        try connection.run("""
            INSERT INTO sources_read (household_id, source_kind, source_ref, reader, reader_version, state, failure, read_ms) VALUES (:household, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_kind, source_ref, reader) DO UPDATE SET reader_version = excluded.reader_version,
                state = excluded.state, failure = excluded.failure, read_ms = excluded.read_ms
                WHERE sources_read.household_id = excluded.household_id
            """, arguments: [source.kind, source.reference, reader.name, reader.version, state, failure, Int64(clock.now.timeIntervalSince1970 * 1000)])
    }

    /// Item photos `reader` has not read at its version (of the kind it reads), oldest first, after
    /// `after` (to walk them in batches); at most `limit`.
    public func photosToRead(by reader: ReaderStamp, after: ItemPhoto.ID? = nil, limit: Int) throws -> [PhotoToRead] {
        guard let photos = Self.photosCondition(of: reader.scope) else { return [] }
        return try household.read { connection in
            try connection.rows("""
                SELECT item_photos.id, item_photos.item_id, \(ImageStore.joinedColumns)
                FROM item_photos JOIN images ON images.household_id = item_photos.household_id AND images.hash = item_photos.image_hash
                WHERE item_photos.household_id = :household AND item_photos.id > ? AND \(photos.sql) AND NOT EXISTS (
                    SELECT 1 FROM sources_read WHERE source_kind = 'photo' AND source_ref = CAST(item_photos.id AS TEXT)
                        AND reader = ? AND reader_version = ?)
                ORDER BY item_photos.id LIMIT ?
                """, arguments: [after?.rawValue ?? 0] + photos.arguments + [reader.name, reader.version, limit]) { row in
                ImageStore.decode(row, from: 2).map { PhotoToRead(photoID: row.id(0), itemID: row.id(1), image: $0) }
            }.compactMap { $0 }
        }
    }

    /// Which of `item_photos` a scope of photos reads, as a condition on that table (nil for documents).
    private static func photosCondition(of scope: ReadingScope) -> (sql: HouseholdSQL, arguments: [any DatabaseValueConvertible])? {
        switch scope {
        case .photos(let kind): ("(? IS NULL OR item_photos.kind = ?)", [kind?.rawValue, kind?.rawValue])
        case .platePhotos: ("(item_photos.kind = ? OR EXISTS (SELECT 1 FROM items WHERE household_id = :household AND items.id = item_photos.item_id AND items.draft = 1))",
                            [ItemPhoto.Kind.serial.rawValue])
        case .documents: nil
        }
    }

    /// Item documents of the kind `reader` reads that it has not read at its version, oldest
    /// first, after `after`; at most `limit`.
    public func documentsToRead(by reader: ReaderStamp, after: ItemDocument.ID? = nil, limit: Int) throws -> [DocumentToRead] {
        guard case .documents(let kind) = reader.scope else { return [] }
        return try household.read { connection in
            try connection.rows("""
                SELECT id, item_id, sha256, content_type FROM item_documents
                WHERE household_id = :household AND id > ? AND kind = ? AND NOT EXISTS (
                    SELECT 1 FROM sources_read WHERE source_kind = 'document' AND source_ref = CAST(item_documents.id AS TEXT)
                        AND reader = ? AND reader_version = ?)
                ORDER BY id LIMIT ?
                """, arguments: [after?.rawValue ?? 0, kind.rawValue, reader.name, reader.version, limit]) { row in
                DocumentType(contentType: row.string(3)).map { DocumentToRead(documentID: row.id(0), itemID: row.id(1), sha256: row.string(2), type: $0) }
            }.compactMap { $0 }
        }
    }

    /// What was read on the item's photos and documents, less what was dismissed on it and what its
    /// field already holds; `pending` while one of its photos is not yet read by every reader in `awaiting`.
    public func suggestions(for id: Item.ID, awaiting readers: [ReaderStamp]) throws -> ItemSuggestions {
        try household.readTransaction { connection in
            let item = try Self.item(id: id, in: connection)
            var pending = false
            for reader in readers where !pending {
                switch reader.scope {
                case .photos, .platePhotos:
                    let photos = Self.photosCondition(of: reader.scope)!
                    pending = try connection.scalar("""
                        SELECT 1 FROM item_photos WHERE household_id = :household AND item_id = ? AND \(photos.sql) AND NOT EXISTS (
                            SELECT 1 FROM sources_read WHERE source_kind = 'photo' AND source_ref = CAST(item_photos.id AS TEXT)
                                AND reader = ? AND reader_version = ? AND state != 'reading') LIMIT 1
                        """, arguments: [id] + photos.arguments + [reader.name, reader.version]) != nil
                case .documents(let kind):
                    pending = try connection.scalar("""
                        SELECT 1 FROM item_documents WHERE household_id = :household AND item_id = ? AND kind = ? AND NOT EXISTS (
                            SELECT 1 FROM sources_read WHERE source_kind = 'document' AND source_ref = CAST(item_documents.id AS TEXT)
                                AND reader = ? AND reader_version = ? AND state != 'reading') LIMIT 1
                        """, id, kind.rawValue, reader.name, reader.version) != nil
                }
            }
            var dismissed: [SuggestionField: [String]] = [:]
            try connection.forEachRow("SELECT field, value FROM dismissed_suggestions WHERE household_id = :household AND item_id = ?", [id]) { row in
                if let field = SuggestionField(rawValue: row.string(0)) { dismissed[field, default: []].append(row.string(1)) }
            }
            let currency = try Self.currency(in: connection)
            let suggestions = try connection.rows("""
                SELECT readings.source_kind, readings.source_ref, readings.field, readings.value, readings.region_x, readings.region_y,
                       readings.region_width, readings.region_height, readings.reader, readings.reader_version
                FROM \(Self.itemReadings) ORDER BY readings.id
                """, id, id) { row -> Suggestion? in
                guard let source = ReadingSource(kind: row.string(0), reference: row.string(1)),
                      let field = SuggestionField(rawValue: row.string(2)) else { return nil }
                let region = row.isNull(4) ? nil : ReadingRegion(x: row.double(4), y: row.double(5), width: row.double(6), height: row.double(7))
                return Suggestion(field: field, value: row.string(3), source: source, region: region,
                                  reader: ReaderStamp(name: row.string(8), version: row.string(9)))
            }.compactMap { $0 }
            // A serial plate's Code 128 or QR code holds its serial number: that code is the serial,
            // not the item's barcode (a product code or an asset tag), so it is offered only as the serial.
            let serials = suggestions.filter { $0.field == .serialNumber }.map(\.value) + [item.serialNumber]
            // A value dismissed, or already offered, is the same value read again however it is
            // written ("abc" is "ABC" for a code): dismissing it once hides every spelling of it.
            var offered: [Suggestion] = []
            for suggestion in suggestions {
                let field = suggestion.field
                let same = { (other: String) in Self.same(field, other, suggestion.value, currency: currency) }
                guard !(dismissed[field] ?? []).contains(where: same), !Self.field(field, of: item, holds: suggestion.value, currency: currency),
                      !offered.contains(where: { $0.field == field && same($0.value) }) else { continue }
                if field == .barcode, serials.contains(where: { Self.sameCode($0, suggestion.value) }) { continue }
                offered.append(suggestion)
            }
            return ItemSuggestions(pending: pending, suggestions: offered)
        }
    }

    /// Whether the item's field already holds `value` as a person would read them: a code (serial
    /// number, barcode) whatever its case and spaces, a barcode's digits whatever zeros lead them
    /// (UPC-A `036000291452` is EAN-13 `0036000291452`); a name (model, brand, shop) whatever its
    /// case and runs of spaces; an amount by its value in the inventory's currency (`86.20` is
    /// `86.2`); a date by its day.
    static func field(_ field: SuggestionField, of item: Item, holds value: String, currency: Currency) -> Bool {
        switch field {
        case .serialNumber: same(field, item.serialNumber, value, currency: currency)
        case .barcode, .model, .brand, .purchasedFrom: same(field, item.details.text(named: field.rawValue), value, currency: currency)
        case .purchaseDate: item.details.purchaseDate != nil && item.details.purchaseDate == CalendarDate(iso: value.trimmingWhitespace()).map(PurchaseDate.day)
        case .purchasePrice: item.details.purchasePrice != nil && item.details.purchasePrice == (try? Money.parseTyped(value, currency: currency))?.minorUnits
        }
    }

    /// Whether two values read for `field` are the same as a person would read them (see above).
    static func same(_ field: SuggestionField, _ one: String, _ other: String, currency: Currency) -> Bool {
        switch field {
        case .serialNumber: sameCode(one, other)
        case .barcode: sameCode(one, other, digitsAsNumber: true)
        case .model, .brand, .purchasedFrom: sameWords(one, other)
        case .purchaseDate:
            CalendarDate(iso: one.trimmingWhitespace()).map { $0 == CalendarDate(iso: other.trimmingWhitespace()) } ?? (one == other)
        case .purchasePrice:
            (try? Money.parseTyped(one, currency: currency)).map { $0.minorUnits == (try? Money.parseTyped(other, currency: currency))?.minorUnits } ?? (one == other)
        }
    }

    private static func sameCode(_ held: String, _ read: String, digitsAsNumber: Bool = false) -> Bool {
        func key(_ text: String) -> String {
            let packed = String(text.filter { !$0.isWhitespace }).uppercased()
            guard digitsAsNumber, !packed.isEmpty, packed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return packed }
            let significant = packed.drop { $0 == "0" }
            return significant.isEmpty ? "0" : String(significant)
        }
        let heldKey = key(held)
        return !heldKey.isEmpty && heldKey == key(read)
    }

    private static func sameWords(_ held: String, _ read: String) -> Bool {
        func key(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() }
        let heldKey = key(held)
        return !heldKey.isEmpty && heldKey == key(read)
    }

    /// Keeps `value` from being suggested for the item's `field` again, whoever reads it again.
    public func dismissSuggestion(for id: Item.ID, field: SuggestionField, value: String) throws {
        try change { connection in
            _ = try Self.item(id: id, in: connection)
            try connection.run("INSERT OR IGNORE INTO dismissed_suggestions (household_id, item_id, field, value) VALUES (:household, ?, ?, ?)", id, field.rawValue, value)
        }
    }

    /// The readings of one item's photos and documents (two `?`: the item's id twice).
    static let itemReadings: HouseholdSQL = """
        readings WHERE readings.household_id = :household AND (
            (readings.source_kind = 'photo' AND readings.source_ref IN (SELECT CAST(id AS TEXT) FROM item_photos WHERE item_id = ?))
            OR (readings.source_kind = 'document' AND readings.source_ref IN (SELECT CAST(id AS TEXT) FROM item_documents WHERE item_id = ?)))
        """

    /// Every value read on the item's photos and documents, for its search text.
    static func readValues(of id: Item.ID, in connection: HouseholdConnection) throws -> [String] {
        try connection.rows("SELECT DISTINCT readings.value FROM \(itemReadings)", id, id) { $0.string(0) }
    }

    /// The items a photo or document belongs to (none once it is deleted; a library photo's are not the inventory's).
    private static func items(of source: ReadingSource, in connection: HouseholdConnection) throws -> [Item.ID] {
        switch source {
        case .photo(let id): try connection.rows("SELECT item_id FROM item_photos WHERE household_id = :household AND id = ?", id) { $0.id(0) }
        case .document(let id): try connection.rows("SELECT item_id FROM item_documents WHERE household_id = :household AND id = ?", id) { $0.id(0) }
        case .asset: []
        }
    }
}
