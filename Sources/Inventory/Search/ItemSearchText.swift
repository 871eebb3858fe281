/// The words an item is found by: one text per column of the `item_search` full-text index.
///
/// Everything the index holds comes from `make`, so a new searchable text (custom fields, document
/// names) is one more line there: append it to `other` and raise `format`, and every inventory is
/// re-indexed once when it is next opened. No migration is needed unless a text deserves its own
/// column (and weight).
import Database

package struct ItemSearchText: Equatable {
    /// The version of what `make` puts in the index. Raise it whenever `make` changes.
    static let format = 3

    /// The index's columns in table order, each with its weight in the ranking (bm25): a word in the
    /// name counts most, one in identifiers next, one in long notes least.
    static let columns: [(name: SQLIdentifier, weight: Int)] = [
        ("name", 10), ("brand", 4), ("model", 4), ("serial_number", 5), ("barcode", 5),
        ("tags", 3), ("location", 2), ("description", 1), ("notes", 1), ("other", 1),
    ]

    /// The column searched for the ranking's "matched in the name first".
    package static let nameColumn = "name"

    /// One text per entry of `columns`, in the same order.
    var values: [String]

    /// The texts of `item` kept in `locationPath` (`Home / Kitchen`, or empty), with what was read
    /// on its photos and documents (`readValues`: a serial or a code seen only on a photo).
    static func make(_ item: Item, locationPath: String, readValues: [String] = []) -> ItemSearchText {
        let details = item.details
        return ItemSearchText(values: [
            item.name, details.brand, details.model, item.serialNumber, details.barcode,
            details.tags.joined(separator: " "), locationPath, details.description, details.notes,
            (details.customFields.flatMap { [$0.name, $0.value] } + [details.warrantyDetails] + readValues).joined(separator: " "),
        ])
    }
}
