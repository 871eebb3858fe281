import Messages

/// A Homebox backup's items as the rows a CSV import reads, so both are planned and imported alike:
/// the same fields, the same custom fields for what Homepwner has no field for (insured, archived,
/// asset id, the item an item is inside), the same update of an item already imported.
extension HomeboxBackup {
    /// Homebox's text columns and the item fields they fill.
    static let textColumns = [("description", "description"), ("notes", "notes"), ("purchase_from", "purchasedFrom"),
                              ("manufacturer", "brand"), ("model_number", "model"), ("warranty_details", "warrantyDetails")]

    /// The backup as rows, amounts read in `currency`; each value that cannot be read is a problem
    /// naming its item and column.
    func sheet(currency: Currency, vocabulary: HomeboxCSVVocabulary = .english) -> HomeboxSheet {
        var sheet = HomeboxSheet()
        sheet.format = .homeboxExport
        sheet.entityFile = Self.entitiesFile
        sheet.problems = problems
        sheet.ignoredColumns = notImported
        sheet.places = places
        sheet.rowsRead = items.count
        for (index, item) in items.enumerated() {
            let before = sheet.problems.count
            let row = row(item, line: index + 1, currency: currency, vocabulary: vocabulary, problems: &sheet.problems)
            if sheet.problems.count == before { sheet.append(row) }
        }
        return sheet
    }

    private func row(_ item: HomeboxRecord, line: Int, currency: Currency, vocabulary: HomeboxCSVVocabulary, problems: inout [ImportProblem]) -> HomeboxRow {
        let id = item.id("id") ?? ""
        var row = HomeboxRow(line: line)
        var found: [ImportProblem] = []
        let name = Self.name(of: item)
        func problem(_ column: String, _ wording: Message) {
            found.append(ImportProblem(line: nil, column: Self.entitiesFile, Message("error.import.file.item-field", "“\(name)”, \(column): \(wording)",
                                                                                     ["name": .text(name), "column": .text(column), "why": .message(wording)])))
        }
        /// The first of `columns` the row has (Homebox v0.25 and older named dates `…_time`).
        func text(_ columns: String...) -> String { columns.lazy.compactMap { item.text($0) }.first ?? "" }
        func read<T>(_ column: String, _ parse: (String) -> Result<T, HomeboxValueError>, or older: String? = nil) -> T? {
            switch parse(older.map { text(column, $0) } ?? text(column)) {
            case .success(let value): return value
            case .failure(let error):
                problem(column, error.wording)
                return nil
            }
        }
        let flag = { (column: String) in read(column, { _ in item.flag(column) }) ?? false }

        row.importRef = refs[id]
        row.parentImportRef = .some(placement[id]?.insideRef)
        row.locationPath = placement[id]?.path ?? []
        row.input.name = text("name")
        row.input.serialNumber = text("serial_number")
        row.input.details.tags = tags[id] ?? []
        for (column, field) in Self.textColumns { row.input.details.texts[field] = text(column) }
        if let parsed = read("quantity", HomeboxValue.quantity), let parsed {
            row.input.details.quantity = parsed.quantity
            if parsed.rounded { row.roundedQuantity = text("quantity") }
        }
        let amount = { (text: String) in HomeboxValue.amount(text, currency: currency) }
        row.input.details.purchasePrice = read("purchase_price", amount)
        row.input.details.purchaseDate = read("purchase_date", { HomeboxValue.date($0).map { $0.map(PurchaseDate.day) } }, or: "purchase_time")
        row.input.details.warrantyExpires = read("warranty_expires", HomeboxValue.date)
        row.input.details.lifetimeWarranty = flag("lifetime_warranty")

        row.customFields[HomeboxRow.FieldName.insured] = flag("insured") ? "Yes" : ""
        row.customFields[HomeboxRow.FieldName.archived] = flag("archived") ? "Yes" : ""
        row.customFields[HomeboxRow.FieldName.assetID] = (read("asset_id", HomeboxValue.assetID) ?? nil) ?? ""
        for field in fields[id] ?? [] { row.customFields[field.name] = field.value }

        let soldTo = text("sold_to").trimmingWhitespace(), notes = text("sold_notes").trimmingWhitespace()
        let price = read("sold_price", amount) ?? nil
        let date = read("sold_date", HomeboxValue.date, or: "sold_time") ?? nil
        let joinedNotes = [soldTo.isEmpty ? "" : "Sold to \(soldTo)", notes].filter { !$0.isEmpty }.joined(separator: "\n")
        row.sold = .some(price == nil && date == nil && joinedNotes.isEmpty ? nil : Disposal(kind: .sold, date: date, price: price, notes: joinedNotes))

        row.dateCreated = item.moment("created_at")
        row.attachments = attachments[id] ?? []
        row.takeHomepwnerFields(currency: currency, vocabulary: vocabulary) { column, message in problem(column, message) }
        problems += found
        return row
    }
}
