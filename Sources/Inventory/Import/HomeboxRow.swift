import Foundation
import TextRules

/// One row of a Homebox file in Homepwner's terms: only what its columns say. A column the file does
/// not have leaves that field alone (`nil`), unlike Homebox, which blanks it; a column that is there
/// but empty in this row clears the field.
struct HomeboxRow: Sendable {
    let line: Int
    /// The item's id in Homebox (`HB.import_ref`): a row whose ref is already in the inventory updates that item.
    var importRef: String?
    /// `HB.parent_import_ref` (v0.26: an item kept inside another): `.some(nil)` when the cell is empty.
    var parentImportRef: String??
    /// Where it is kept, top first; empty for nowhere in particular.
    var locationPath: [String]?
    /// The fields that need nothing from the item as it stands: name, serial, texts, amounts, dates, tags.
    var input = ItemInput()
    /// Custom fields to set; an empty value removes the field. Homebox's own fields with no place of ours
    /// (insured, archived, asset id) come here too.
    var customFields: [String: String] = [:]
    /// nil: no sold column; `.some(nil)`: sold columns all empty (a `sold` disposal is cleared).
    var sold: Disposal??
    /// Photos and documents that come with the item (a Homebox backup's attachments), the primary photo first.
    var attachments: [ImportAttachment] = []
    /// When the item was made where it comes from; nil: when it is imported.
    var dateCreated: Date?
    /// The quantity as the file wrote it, when it had more decimals than a `Quantity` keeps and was rounded.
    var roundedQuantity: String?

    /// The custom fields that hold Homebox's fields Homepwner has no field for.
    enum FieldName {
        static let insured = "Insured"
        static let archived = "Archived"
        static let assetID = "Asset ID"
        /// The item this one is kept inside (`HB.parent_import_ref`), by name.
        static let inside = "Inside"
    }

    static let maxImportRefLength = 100
    static let importRefRule = TextRule(Message("error.field.label.import-ref", "An import ref"), maxCharacters: maxImportRefLength, oneLine: true)
    /// A place's name in a path, in messages about `HB.location`.
    static let placeRule = LocationInput.nameRule.text.named(Message("error.field.label.place-in-path", "A place in the path"))

    /// A row to fill in (from a Homebox backup's entity): `line` is its place in the file's order.
    init(line: Int) { self.line = line }

    /// Reads the cells of `record`; every cell that cannot be read adds a problem instead.
    init(_ record: DelimitedText.Record, columns: HomeboxColumns, currency: Currency, today: CalendarDate? = nil, vocabulary: HomeboxCSVVocabulary = .english,
         problems: inout [ImportProblem]) {
        line = record.line
        // Our own export's formulas made plain (`'=…`) read as they were.
        let cells = record.cells.map(CSVLine.unneutralised)
        var found: [ImportProblem] = []
        func problem(_ column: HomeboxColumn, _ wording: Message) {
            found.append(ImportProblem(line: record.line, column: columns.header(of: column), wording))
        }
        func read<T>(_ column: HomeboxColumn, _ parse: (String) -> Result<T, HomeboxValueError>) -> T? {
            guard let cell = columns.cell(column, in: cells) else { return nil }
            switch parse(cell) {
            case .success(let value): return value
            case .failure(let error):
                found.append(ImportProblem(line: record.line, column: columns.header(of: column), error.wording))
                return nil
            }
        }
        func reference(_ column: HomeboxColumn) -> String?? {
            guard let text = columns.cell(column, in: cells)?.trimmingWhitespace() else { return nil }
            if text.isEmpty { return .some(nil) }
            let summary = Message("error.import.file.import-ref-rule", "An import ref is 1 to \(Self.maxImportRefLength) characters on one line; this one is not.",
                                  ["max": .text(String(Self.maxImportRefLength))])
            if let wording = Self.importRefRule.wording(checking: text, summary: summary) {
                problem(column, wording)
                return .some(nil)
            }
            return .some(text)
        }

        importRef = reference(.importRef) ?? nil
        parentImportRef = reference(.parentImportRef)
        locationPath = columns.cell(.location, in: cells).map(HomeboxValue.path)
        if let path = locationPath, path.count > Location.maxDepth {
            let shown = HomeboxValue.quoted(Location.shortened(path))
            found.append(ImportProblem(line: record.line, column: columns.header(of: .location), Message(
                "error.import.row.path-too-deep",
                "This path is \(path.count.grouped) places deep (“\(shown)”); Homepwner keeps places at most \(Location.maxDepth) deep. "
                    + "Move the place higher up in Homebox and export again, or shorten the path in the file.",
                ["count": .count(path.count), "path": .text(shown), "limit": .text("\(Location.maxDepth)")])))
        }
        for part in (locationPath ?? []).prefix(Location.maxDepth) {
            let shown = HomeboxValue.quoted(part)
            let summary = Message("error.import.file.path-place-rule", "Each place in a path is 1 to \(LocationInput.maxNameLength.grouped) "
                                  + "characters on one line; “\(shown)” is not.", ["max": .count(LocationInput.maxNameLength), "name": .text(shown)])
            if let wording = Self.placeRule.wording(checking: part, summary: summary) {
                problem(.location, wording)
            }
        }
        input.name = columns.cell(.name, in: cells)
        input.serialNumber = columns.cell(.serialNumber, in: cells)
        input.details.tags = columns.cell(.tags, in: cells).map(HomeboxValue.tags)
        for column in HomeboxColumn.allCases {
            if let field = column.detailText, let text = columns.cell(column, in: cells) { input.details.texts[field] = text }
        }
        if let parsed = read(.quantity, HomeboxValue.quantity), let parsed {
            input.details.quantity = parsed.quantity
            if parsed.rounded { roundedQuantity = columns.cell(.quantity, in: cells) }
        }
        let amount = { (text: String) in HomeboxValue.amount(text, currency: currency) }
        input.details.purchasePrice = read(.purchasePrice, amount)
        input.details.purchaseDate = read(.purchaseDate) { HomeboxValue.purchaseDate($0, today: today) }
        input.details.warrantyExpires = read(.warrantyExpires, HomeboxValue.date)
        input.details.lifetimeWarranty = read(.lifetimeWarranty, HomeboxValue.bool)

        if let insured = read(.insured, HomeboxValue.bool) { customFields[FieldName.insured] = insured ? "Yes" : "" }
        if let archived = read(.archived, HomeboxValue.bool) { customFields[FieldName.archived] = archived ? "Yes" : "" }
        if let assetID = read(.assetID, HomeboxValue.assetID) { customFields[FieldName.assetID] = assetID ?? "" }
        for (index, name) in columns.customFields where index < cells.count { customFields[name] = cells[index] }

        let soldColumns: [HomeboxColumn] = [.soldTo, .soldPrice, .soldDate, .soldNotes]
        if soldColumns.contains(where: columns.has) {
            let soldTo = columns.cell(.soldTo, in: cells)?.trimmingWhitespace() ?? ""
            let notes = columns.cell(.soldNotes, in: cells)?.trimmingWhitespace() ?? ""
            let price = read(.soldPrice, amount) ?? nil
            let date = read(.soldDate, HomeboxValue.date) ?? nil
            let joinedNotes = [soldTo.isEmpty ? "" : "Sold to \(soldTo)", notes].filter { !$0.isEmpty }.joined(separator: "\n")
            sold = .some(price == nil && date == nil && joinedNotes.isEmpty ? nil : Disposal(kind: .sold, date: date, price: price, notes: joinedNotes))
        }
        takeHomepwnerFields(currency: currency, vocabulary: vocabulary) { column, wording in found.append(ImportProblem(line: record.line, column: column, wording)) }
        problems += found
    }
}
