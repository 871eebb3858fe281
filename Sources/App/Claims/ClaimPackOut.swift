import ClaimReport
import Claims
import HTML
import HTTPServer
import Inventory
import Localization
import Workbook

/// A claim's pack-out list: the boxes its lines' items are packed in (each by the code on its
/// label), where each box is now, and for each item its line and the room it was packed from. One
/// model for the claim's page, the adjuster's page, the report and `GET /api/v1/claims/{id}/pack-out`.
struct ClaimPackOut {
    struct Box {
        let id: Location.ID
        let code: String
        let name: String
        let parentID: Location.ID?
        /// Where it is now: its place's path, or the top level.
        let now: String
        /// Its place's path; nil at the top level.
        let place: String?
        let entries: [Entry]
    }

    struct Entry {
        let itemID: Item.ID
        let line: Int
        let name: String
        let cameFromID: Location.ID?
        /// The path of the room it was packed from; nil when not recorded.
        let cameFrom: String?
    }

    let boxes: [Box]

    var isEmpty: Bool { boxes.isEmpty }

    init(sheet: ClaimSheet, items: ItemStore) throws {
        let lines = sheet.schedule.lines
        let numbers = Dictionary(lines.map { ($0.itemID, $0.number) }, uniquingKeysWith: { first, _ in first })
        boxes = try items.packedBoxes(holding: lines.map(\.itemID)).map { packed in
            Box(id: packed.box.id, code: LabelCode(place: packed.box.id).description, name: packed.box.name, parentID: packed.box.parentID,
                now: BoxWording.now(packed.box), place: packed.box.pathNames.count > 1 ? BoxWording.now(packed.box) : nil,
                entries: packed.entries.map { entry in
                    Entry(itemID: entry.itemID, line: numbers[entry.itemID] ?? 0, name: entry.name, cameFromID: entry.cameFrom?.id,
                          cameFrom: entry.cameFrom?.path)
                })
        }
    }

    /// `{"boxes":[{"id","code","name","locationId","location","items":[{"itemId","line","name","cameFromId","cameFrom"}]}]}`.
    func response() -> Response {
        var writer = JSONWriter(capacity: 256 * (boxes.count + 1))
        writer.object { json in
            json.key("boxes")
            json.array(boxes) { json, box in
                json.object { json in
                    json.key("id"); json.value(box.id)
                    json.key("code"); json.value(box.code)
                    json.key("name"); json.value(box.name)
                    json.key("locationId")
                    if let parentID = box.parentID { json.value(parentID) } else { json.null() }
                    json.key("location"); json.value(box.now)
                    json.key("items")
                    json.array(box.entries) { json, entry in
                        json.object { json in
                            json.key("itemId"); json.value(entry.itemID)
                            json.key("line"); json.value(entry.line)
                            json.key("name"); json.value(entry.name)
                            json.key("cameFromId")
                            if let id = entry.cameFromID { json.value(id) } else { json.null() }
                            json.key("cameFrom")
                            if let cameFrom = entry.cameFrom { json.value(cameFrom) } else { json.null() }
                        }
                    }
                }
            }
        }
        return Response.json(writer)
    }

    /// The card on the claim's page and the adjuster's page (no links: the adjuster's page leads nowhere
    /// out of the claim), in `words`' language: the page's, or the claim's on the adjuster's page.
    func card(words: Localizer = Localization.bundled.localizer(for: .template)) -> HTMLNode {
        func say(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { words.text("packet.packing." + key, arguments) }
        return section(.class("card claim-pack-out"), .id("pack-out"), .aria("labelledby", "pack-out-title")) {
            h2(.id("pack-out-title")) { words.text("packet.pack-out") }
            p(.class("muted")) { say("intro") }
            for box in boxes {
                h3(.class("pack-out-box")) { say("box", ["code": .text(box.code), "name": .text(box.name)]) }
                p(.class("pack-out-where")) { say("now-in", ["place": .text(box.place ?? say("top-level"))]) }
                ul(.class("pack-out-items")) {
                    for entry in box.entries {
                        li {
                            span(.class("pack-out-item")) { say("line", ["number": .text(DisplayFormat(words: words).integer(entry.line)), "name": .text(entry.name)]) }
                            span(.class("pack-out-from muted")) { entry.cameFrom.map { say("from", ["place": .text($0)]) } ?? say("from-unknown") }
                        }
                    }
                }
            }
        }
    }

    /// The report's part, in the claim's language: one row an item, its box named on its first row.
    func report(words: Localizer = Localization.bundled.localizer(for: .template)) -> ReportPackOut? {
        guard !boxes.isEmpty else { return nil }
        func say(_ key: String) -> String { words.text("packet.packing." + key) }
        let columns = [ReportColumn(title: say("column.box"), weight: 1.2), ReportColumn(title: say("column.now-in"), weight: 1.4),
                       ReportColumn(title: say("column.line"), alignment: .trailing, weight: 0.4, keepsWhole: true), ReportColumn(title: say("column.item"), weight: 1.6),
                       ReportColumn(title: say("column.came-from"), weight: 1.4)]
        let format = DisplayFormat(words: words)
        let rows = boxes.flatMap { box in
            box.entries.enumerated().map { index, entry in
                [index == 0 ? "\(box.code) \(box.name)" : "", index == 0 ? box.place ?? say("top-level") : "", format.integer(entry.line), entry.name,
                 entry.cameFrom ?? say("not-recorded")]
            }
        }
        return ReportPackOut(intro: say("intro"), table: ReportTable(columns: columns, rows: rows))
    }

    /// The workbook's "Pack-out" sheet, a row an item, every row naming its box (so it sorts and filters); none when no item is packed.
    func workbookSheets(words: ScheduleWords = ScheduleWords()) -> [WorkbookSheet] {
        guard !boxes.isEmpty else { return [] }
        return [WorkbookSheet(name: words["sheet.pack-out"], header: ["box", "box-name", "box-now", "line", "item", "came-from"].map { words[$0] },
                              rows: boxes.flatMap { box in
            box.entries.map { entry in
                [.text(box.code), .text(box.name), .text(box.now), .number(Double(entry.line), format: "0"), .text(entry.name),
                 .text(entry.cameFrom ?? words["came-from-unknown"])]
            }
        })]
    }
}
