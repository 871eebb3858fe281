import Foundation
import ClaimReport
import Database
import HTTPServer
import Inventory
import Messages

/// What `GET /api/v1/labels.pdf` was asked for: which places' and items' labels, on which stock,
/// from which place on the first sheet. Each part read strictly, with a message that says what to fix.
struct LabelSheetQuery: Equatable {
    var locations: [Location.ID]
    var items: [Item.ID]
    var stock: LabelStock
    var start: Int

    /// 48 sheets of the smallest A4 labels; a household's boxes and shelves fit in far fewer.
    static let maxLabels = 1000

    init(_ request: Request) throws(AppError) {
        let text = request.query["stock"] ?? LabelStock.averyL7160.rawValue
        guard let stock = LabelStock(rawValue: text.lowercased()) else {
            let given = String(text.prefix(30))
            throw Self.error(.invalidLabelStock, field: "stock", Message(
                "error.server.label-stock", "stock must be one of \(LabelStock.names), not “\(given)”.", ["names": .text(LabelStock.names), "value": .text(given)]))
        }
        self.stock = stock
        locations = try Self.ids("locations", in: request)
        items = try Self.ids("items", in: request)
        guard !locations.isEmpty || !items.isEmpty else {
            throw Self.error(.invalidLabelSelection, field: "locations", Message(
                "error.server.label-selection-empty", "Choose the labels to print: locations=1,2 (places) and/or items=7 (items), their ids separated by commas."))
        }
        guard locations.count + items.count <= Self.maxLabels else {
            let count = locations.count + items.count
            throw Self.error(.invalidLabelSelection, field: "items", Message(
                "error.server.label-too-many", "\(count) labels are more than one sheet file holds (\(Self.maxLabels)): print them in parts.",
                ["count": .count(count), "limit": .count(Self.maxLabels)]))
        }
        let perSheet = stock.layout.perSheet
        let startText = request.query["start"] ?? "1"
        guard let start = Int(startText), (1...perSheet).contains(start) else {
            let given = String(startText.prefix(20))
            let wording = stock.isTape
                ? Message("error.server.label-start-tape", "start must be 1 on \(stock.rawValue): continuous tape has no used labels to skip, not “\(given)”.",
                          ["stock": .text(stock.rawValue), "value": .text(given)])
                : Message("error.server.label-start", "start must be the first unused label's place on the sheet, from 1 to \(perSheet) (across, then down), not “\(given)”.",
                          ["limit": .count(perSheet), "value": .text(given)])
            throw Self.error(.invalidLabelStart, field: "start", wording)
        }
        self.start = start
    }

    /// `name=1,2,3`: positive whole numbers, each once, in the order given (absent: none).
    private static func ids<Entity>(_ name: String, in request: Request) throws(AppError) -> [RowID<Entity>] {
        guard let text = request.query[name] else { return [] }
        var seen = Set<RowID<Entity>>()
        var ids: [RowID<Entity>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let id = RowID<Entity>(trimmed) else {
                let given = String(trimmed.prefix(20))
                throw error(.invalidLabelSelection, field: name, Message(
                    "error.server.label-ids", "\(name) must be ids separated by commas (\(name)=1,2), not “\(given)”.", ["name": .text(name), "value": .text(given)]))
            }
            guard ids.count <= maxLabels else { break }
            if seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    private static func error(_ code: ErrorCode, field: String, _ wording: Message) -> AppError {
        var error = AppError(code, wording)
        error.fieldWordings = [(field: field, message: wording)]
        return error
    }
}
