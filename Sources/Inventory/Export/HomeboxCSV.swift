/// The inventory as a CSV that every Homebox from hay-kot v0.10.3 to sysadminsmedia v0.26 imports
/// unchanged (read from its Go sources, `backend/internal/core/services/reporting`): the older column
/// names every version reads (`HB.labels`, `HB.purchase_time`, `HB.sold_time`), the quantity as
/// Homebox v0.25 and later write their float64 (`strconv.FormatFloat(q, 'f', -1, 64)`: `2.5`, `0.75`,
/// `12`, so a whole quantity is the whole number v0.10 reads with `Atoi`; its unit in
/// `HB.field.Quantity unit`), a location on every row (without one, Homebox's import stops with
/// "failed to create location"), dates as `YYYY-MM-DD`, and what Homebox has no column for as
/// `HB.field.<Name>` custom fields. Texts are cut to the lengths Homebox's database takes (bytes,
/// as its `MaxLen` counts them): a longer one would stop the whole import.
public struct HomeboxCSV {
    let items: [Item]
    let locationPaths: [Location.ID: [String]]
    let currency: Currency
    let importRefs: [Item.ID: String]
    let words: HomeboxCSVWords
    let vocabulary: HomeboxCSVVocabulary

    /// - Parameter words: the language of what a person reads in it; `vocabulary`: every language's, so a
    ///   household's own field named like one of ours in any of them is told apart.
    /// - Parameter importRefs: the refs items were imported with, kept so that Homebox (and we) match
    ///   them again; an item without one is `homepwner-<id>`.
    public init(items: [Item], locations: [Location], currency: Currency, importRefs: [Item.ID: String] = [:],
                words: HomeboxCSVWords = .english, vocabulary: HomeboxCSVVocabulary = .english) {
        self.words = words
        self.vocabulary = vocabulary
        self.items = items
        self.locationPaths = Dictionary(uniqueKeysWithValues: locations.map { ($0.id, $0.pathNames) })
        self.currency = currency
        self.importRefs = importRefs
    }

    /// Homebox's columns, in the order its own export writes them.
    static let columns = [
        "HB.import_ref", "HB.location", "HB.labels", "HB.asset_id", "HB.archived", "HB.name", "HB.quantity", "HB.description",
        "HB.insured", "HB.notes", "HB.purchase_price", "HB.purchase_from", "HB.purchase_time", "HB.manufacturer", "HB.model_number",
        "HB.serial_number", "HB.lifetime_warranty", "HB.warranty_expires", "HB.warranty_details", "HB.sold_to", "HB.sold_price",
        "HB.sold_time", "HB.sold_notes",
    ]

    /// Our fields Homebox has no column for, as custom fields: name and value (read back by our import).
    func extraFields(of item: Item) -> [(String, String)] {
        HomepwnerField.allCases.map { (words.name(of: $0), $0.text(of: item.details, currency: currency, words: words)) }
    }

    var extraFieldNames: [String] { HomepwnerField.allCases.map(words.name(of:)) }

    /// A household's custom field under the name it has in the CSV: one of ours keeps its name, so
    /// a custom field named like it (in any language) gets " (custom)" after its own.
    func columnName(ofCustomField name: String) -> String {
        vocabulary.field(named: name) == nil ? name : name + words.customSuffix
    }

    /// Hands `write` the header line, then one line per item.
    public func write(_ write: (String) throws -> Void) rethrows {
        var customNames: [String: String] = [:]
        for item in items {
            for field in item.details.customFields {
                let column = columnName(ofCustomField: field.name)
                customNames[column.lowercased()] = customNames[column.lowercased()] ?? column
            }
        }
        let fieldColumns = extraFieldNames + customNames.values.sorted()
        try write(CSVLine.make(Self.columns + fieldColumns.map { "HB.field.\($0)" }))
        for item in items { try write(CSVLine.make(cells(of: item, fieldColumns: fieldColumns))) }
    }

    func cells(of item: Item, fieldColumns: [String]) -> [String] {
        let details = item.details
        let location = item.locationID.flatMap { locationPaths[$0] } ?? [words.noLocation]
        let disposal = details.disposal
        func amount(_ minorUnits: Int64?) -> String { minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "0" }
        var fields: [String: String] = [:]
        for (name, value) in extraFields(of: item) { fields[name.lowercased()] = value }
        for field in details.customFields { fields[columnName(ofCustomField: field.name).lowercased()] = field.value }
        let row: [String] = [
            importRefs[item.id] ?? "homepwner-\(item.id)",
            // Homebox splits the path at every "/", so a slash inside a name becomes a division slash.
            location.map { Self.cut($0.replacingOccurrences(of: "/", with: "\u{2215}"), to: 255) }.joined(separator: " / "),
            details.tags.map { Self.cut($0.replacingOccurrences(of: ";", with: ","), to: 255) }.joined(separator: "; "),
            "",
            String(disposal != nil),
            Self.cut(item.name, to: 255),
            details.quantity.text,
            Self.cut(details.description, to: 1000),
            String(details.scheduled),
            Self.cut(details.notes, to: 1000),
            amount(details.purchasePrice),
            Self.cut(details.purchasedFrom, to: 255),
            // Homebox takes a day only: a rough date's middle, with what was said in its own field.
            details.purchaseDate?.reckoningDay.iso ?? "",
            Self.cut(details.brand, to: 255),
            Self.cut(details.model, to: 255),
            Self.cut(item.serialNumber, to: 255),
            String(details.lifetimeWarranty),
            details.warrantyExpires?.iso ?? "",
            Self.cut(details.warrantyDetails, to: 1000),
            "",
            amount(disposal?.price),
            disposal?.date?.iso ?? "",
            Self.cut(disposal?.notes ?? "", to: 1000),
        ]
        return row + fieldColumns.map { Self.cut(fields[$0.lowercased()] ?? "", to: 500) }
    }

    /// `text` cut to at most `limit` UTF-8 bytes as the cell will hold it (with the `'` that
    /// neutralises a formula), at a character boundary, ending in "…" when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        let extra = CSVLine.neutralised(text).utf8.count - text.utf8.count
        guard text.utf8.count + extra > limit else { return text }
        var kept = "", size = extra + "…".utf8.count
        for character in text {
            size += character.utf8.count
            if size > limit { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
