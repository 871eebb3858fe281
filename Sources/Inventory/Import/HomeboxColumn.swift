import Messages
import TextRules

/// A column Homebox writes in its CSV/TSV export, by what it holds. Homebox matches headers by exact
/// name in any order; some have an older name (`HB.labels` before `HB.tags`, `HB.purchase_time` before
/// `HB.purchase_date`), and files from before v0.9 name them without `HB.` (`Import Ref`, `Labels`).
enum HomeboxColumn: CaseIterable, Sendable {
    case importRef, parentImportRef, location, tags, assetID, archived, url
    case name, quantity, description, insured, notes
    case purchasePrice, purchaseFrom, purchaseDate
    case manufacturer, modelNumber, serialNumber
    case lifetimeWarranty, warrantyExpires, warrantyDetails
    case soldTo, soldPrice, soldDate, soldNotes

    /// The headers that name it, the newest first: when a file has two, the first wins (as in Homebox).
    var headers: [String] {
        switch self {
        case .importRef: ["HB.import_ref", "Import Ref"]
        case .parentImportRef: ["HB.parent_import_ref"]
        case .location: ["HB.location", "Location"]
        case .tags: ["HB.tags", "HB.labels", "Labels"]
        case .assetID: ["HB.asset_id"]
        case .archived: ["HB.archived"]
        case .url: ["HB.url"]
        case .name: ["HB.name", "Name"]
        case .quantity: ["HB.quantity", "Quantity"]
        case .description: ["HB.description", "Description"]
        case .insured: ["HB.insured", "Insured"]
        case .notes: ["HB.notes", "Notes"]
        case .purchasePrice: ["HB.purchase_price", "Purchased Price"]
        case .purchaseFrom: ["HB.purchase_from", "Purchase From"]
        case .purchaseDate: ["HB.purchase_date", "HB.purchase_time", "Purchased Time"]
        case .manufacturer: ["HB.manufacturer", "Manufacturer"]
        case .modelNumber: ["HB.model_number", "Model Number", "Mode Number"]
        case .serialNumber: ["HB.serial_number", "Serial Number"]
        case .lifetimeWarranty: ["HB.lifetime_warranty", "Lifetime Warranty"]
        case .warrantyExpires: ["HB.warranty_expires", "Warranty Expires"]
        case .warrantyDetails: ["HB.warranty_details", "Warranty Details"]
        case .soldTo: ["HB.sold_to", "Sold To"]
        case .soldPrice: ["HB.sold_price", "Sold Price"]
        case .soldDate: ["HB.sold_date", "HB.sold_time", "Sold Time"]
        case .soldNotes: ["HB.sold_notes", "Sold Notes"]
        }
    }

    /// The prefix of a custom field's column: `HB.field.Colour`.
    static let customFieldPrefix = "HB.field."

    /// The item's text field (`ItemDetails`' API name) a text column fills.
    var detailText: String? {
        switch self {
        case .description: "description"
        case .notes: "notes"
        case .purchaseFrom: "purchasedFrom"
        case .manufacturer: "brand"
        case .modelNumber: "model"
        case .warrantyDetails: "warrantyDetails"
        default: nil
        }
    }

    /// The column an item field's validation message is about (`brand` → manufacturer).
    static func forItemField(_ field: String) -> HomeboxColumn? {
        switch field {
        case "name": .name
        case "serialNumber": .serialNumber
        case "quantity": .quantity
        case "tags": .tags
        case "disposed": .soldNotes
        default: allCases.first { $0.detailText == field }
        }
    }
}

/// Which column of a file holds what: found from its header row.
struct HomeboxColumns: Sendable {
    /// Each known column's index in the record.
    private(set) var index: [HomeboxColumn: Int] = [:]
    /// Custom fields: index and name (after `HB.field.`).
    private(set) var customFields: [(index: Int, name: String)] = []
    /// Headers read but not imported: unknown ones, `HB.url`, an older name beside its newer one.
    private(set) var ignored: [String] = []
    /// Problems with the header row itself.
    private(set) var problems: [ImportProblem] = []
    let headers: [String]

    init(header: DelimitedText.Record) {
        headers = header.cells.map { $0.trimmingWhitespace() }
        var byHeader: [String: Int] = [:]
        var customByName: [String: Int] = [:]
        for (position, header) in headers.enumerated() where !header.isEmpty {
            if let earlier = byHeader[header] {
                problems.append(ImportProblem(line: 1, column: header,
                                              Message("error.import.column-twice", "Two columns are named “\(header)” (columns \(earlier + 1) and \(position + 1)); keep one.",
                                                      ["header": .text(header), "first": .text(String(earlier + 1)), "second": .text(String(position + 1))])))
                continue
            }
            byHeader[header] = position
            if header.hasPrefix(HomeboxColumn.customFieldPrefix) {
                let name = String(header.dropFirst(HomeboxColumn.customFieldPrefix.count)).trimmingWhitespace()
                let summary = Message("error.import.file.custom-field-rule", "A custom field’s name (after HB.field.) is 1 to \(CustomField.maxNameLength) characters on one line; "
                    + "column \(position + 1)’s is not. Rename the column.", ["max": .text(String(CustomField.maxNameLength)), "column": .text(String(position + 1))])
                if let wording = name.isInvisible ? summary : CustomField.nameRule.wording(checking: name, summary: summary) {
                    problems.append(ImportProblem(line: 1, column: TextRule.excerpt(header, characters: 60), wording))
                } else if let earlier = customByName[name.lowercased()] {
                    problems.append(ImportProblem(line: 1, column: header, Message("error.import.custom-field-twice", "Columns \(earlier + 1) and \(position + 1) are both the custom field "
                                                  + "“\(name)” (names ignore case); merge them into one.",
                                                  ["first": .text(String(earlier + 1)), "second": .text(String(position + 1)), "name": .text(name)])))
                } else {
                    customByName[name.lowercased()] = position
                    customFields.append((position, name))
                }
            }
        }
        for column in HomeboxColumn.allCases {
            let present = column.headers.filter { byHeader[$0] != nil }
            guard let first = present.first, let position = byHeader[first] else { continue }
            if column != .url { index[column] = position }
            ignored += present.dropFirst()
        }
        ignored += [HomeboxColumn.url.headers[0]].filter { byHeader[$0] != nil }
        let known = Set(HomeboxColumn.allCases.flatMap(\.headers))
        ignored += headers.filter { !known.contains($0) && !$0.hasPrefix(HomeboxColumn.customFieldPrefix) && !$0.isEmpty }
    }

    /// Whether the header row is Homebox's at all: at least a name or a location column.
    var looksLikeHomebox: Bool { index[.name] != nil || index[.location] != nil || index[.importRef] != nil }

    /// The header the file uses for `column` (`HB.labels` in an older file).
    func header(of column: HomeboxColumn) -> String {
        index[column].map { headers[$0] } ?? column.headers[0]
    }

    /// The cell of `column` in `cells`; nil when the file has no such column.
    func cell(_ column: HomeboxColumn, in cells: [String]) -> String? {
        guard let position = index[column], position < cells.count else { return nil }
        return cells[position]
    }

    func has(_ column: HomeboxColumn) -> Bool { index[column] != nil }
}
