import Database
import Foundation

/// What was read on the household's library photos (`.asset` readings), matched to items: a serial
/// number or barcode photographed years ago is evidence that the item was owned then. The
/// inventory never reads the library's tables: the App says which photos exist and who may see them.
extension ItemStore {
    /// Of `assets`, those read (or failed, or begun) by exactly the reader and version given for
    /// each: the App puts the photo file's fingerprint in the version, so a photo changed since is read again.
    public func assetsRead(_ assets: [LibraryPhotoID: ReaderStamp]) throws -> Set<LibraryPhotoID> {
        guard !assets.isEmpty else { return [] }
        return try household.read { connection in
            var read = Set<LibraryPhotoID>()
            try connection.forEachRow("""
                SELECT source_ref, reader, reader_version FROM sources_read WHERE household_id = :household AND source_kind = 'asset'
                    AND source_ref IN (SELECT value FROM json_each(?))
                """, [Self.jsonList(assets.keys.map(\.rawValue))]) { row in
                if let id = LibraryPhotoID(row.string(0)), let wanted = assets[id], wanted.name == row.string(1), wanted.version == row.string(2) {
                    read.insert(id)
                }
            }
            return read
        }
    }

    /// Library photos on which the item's serial number or barcode was read (as a serial or a code),
    /// compared without case, spaces or dashes ("0b7d-4bar 300512k" is 0B7D4BAR300512K); those
    /// already linked to it as evidence left out.
    public func libraryReadings(matching id: Item.ID) throws -> [Suggestion] {
        try household.readTransaction { connection in
            let item = try Self.item(id: id, in: connection)
            let wanted = Set([item.serialNumber, item.details.text(named: SuggestionField.barcode.rawValue)].map(Self.matchKey).filter { !$0.isEmpty })
            guard !wanted.isEmpty else { return [] }
            let linked = Set(try Self.evidence(of: id, in: connection).map(\.assetID.rawValue))
            var seen = Set<String>()
            return try connection.rows("""
                SELECT source_ref, field, value, region_x, region_y, region_width, region_height, reader, reader_version FROM readings
                WHERE household_id = :household AND source_kind = 'asset' AND field IN ('serialNumber', 'barcode')
                    AND REPLACE(REPLACE(UPPER(value), ' ', ''), '-', '') IN (SELECT value FROM json_each(?))
                ORDER BY id
                """, Self.jsonList(Array(wanted))) { row -> Suggestion? in
                guard let asset = LibraryPhotoID(row.string(0)), !linked.contains(asset.rawValue),
                      let field = SuggestionField(rawValue: row.string(1)), seen.insert(asset.rawValue).inserted else { return nil }
                let region = row.isNull(3) ? nil : ReadingRegion(x: row.double(3), y: row.double(4), width: row.double(5), height: row.double(6))
                return Suggestion(field: field, value: row.string(2), source: .asset(asset), region: region,
                                  reader: ReaderStamp(name: row.string(7), version: row.string(8)))
            }.compactMap { $0 }
        }
    }

    /// A serial or code as matched: ASCII letters in capitals (as SQLite's UPPER), spaces and dashes gone.
    static func matchKey(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar in
            if scalar == " " || scalar == "-" { return nil }
            if ("a"..."z").contains(scalar) { return Unicode.Scalar(scalar.value - 32) }
            return scalar
        }))
    }

    private static func jsonList(_ texts: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(texts)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
