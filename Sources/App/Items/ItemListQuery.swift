import Foundation
import HTTPServer
import Inventory
import Messages
import TextRules

/// The item list's query parameters (`?q=&location=&tag=&condition=&sort=&limit=&after=`) read
/// into an `ItemQuery`, and written back for the next window's URL.
///
/// An empty value counts as not given, so a form's "any" choice (`tag=`) filters nothing.
enum ItemListQuery {
    static let parameterNames = ["q", "location", "tag", "condition", "disposed", "draft", "warrantyEndsWithin", "missingEvidence", "sort", "limit", "after"]
    static let maxWarrantyDays = 3_650
    static let maxTextLength = 500
    /// Search text, wherever it is typed (the list, the API, a claim's "choose by search"): named `q` in the API's messages.
    static let textRule = TextRule(Message("error.field.label.search", "The search"), maxCharacters: maxTextLength, oneLine: false) { label, count, limit in
        Message("error.text.search-at-most", "\(label.english) is \(count) characters; search for at most \(limit).",
                ["label": .message(label), "count": .count(count), "limit": .count(limit)])
    }
    /// The search as the API names it: `q`, in every language.
    static let apiTextRule = textRule.named(Message(english: "q"))

    /// True when the request names none of the parameters: the list as it always was.
    static func isPlainList(_ request: Request) -> Bool {
        !parameterNames.contains { !(request.query[$0] ?? "").isEmpty }
    }

    /// The query the request asks for; a value the list cannot take is an error naming the parameter.
    static func query(from request: Request, today: CalendarDate) throws -> ItemQuery {
        func value(_ name: String) -> String? { request.query[name].flatMap { $0.isEmpty ? nil : $0 } }
        var query = ItemQuery()
        if let text = value("q") {
            if let message = apiTextRule.wording(checking: text) { throw invalid("q", message) }
            query.text = text
        }
        if let location = value("location") {
            guard let id = Location.ID(location) else {
                let sent = String(location.prefix(40))
                throw invalid("location", Message("error.inventory.query-location-id",
                                                  "location takes a location’s id (a whole number, as in GET /api/v1/locations), not “\(sent)”.", ["value": .text(sent)]))
            }
            query.locationID = id
        }
        query.tag = value("tag")
        if let condition = value("condition") {
            guard let known = ItemCondition(rawValue: condition) else {
                let (choices, sent) = (allowed(ItemCondition.allCases.map(\.rawValue)), String(condition.prefix(40)))
                throw invalid("condition", Message("error.inventory.query-condition", "condition is one of \(choices.english), not “\(sent)”.",
                                                   ["choices": .message(choices), "value": .text(sent)]))
            }
            query.condition = known
        }
        if let disposed = value("disposed") {
            switch disposed {
            case "true": query.disposed = true
            case "false": query.disposed = false
            default:
                let sent = String(disposed.prefix(40))
                throw invalid("disposed", Message("error.inventory.query-disposed",
                                                  "disposed is true (only items no longer owned) or false (only those still owned), not “\(sent)”.", ["value": .text(sent)]))
            }
        }
        if let draft = value("draft") {
            switch draft {
            case "1", "true": query.draft = true
            case "0", "false": query.draft = false
            default:
                let sent = String(draft.prefix(40))
                throw invalid("draft", Message("error.inventory.query-draft", "draft is 1 (only drafts: photos not named yet) or 0 (only named items), not “\(sent)”.",
                                               ["value": .text(sent)]))
            }
        }
        if let within = value("warrantyEndsWithin") {
            guard let days = Int(within), (0...maxWarrantyDays).contains(days) else {
                let sent = String(within.prefix(40))
                throw invalid("warrantyEndsWithin", Message("error.inventory.query-warranty",
                                                            "warrantyEndsWithin is a number of days from 0 to \(maxWarrantyDays), like 30, not “\(sent)”.",
                                                            ["limit": .text("\(maxWarrantyDays)"), "value": .text(sent)]))
            }
            query.warrantyEnds = today...today.adding(days: days)
        }
        if let missing = value("missingEvidence") {
            guard missing == "true" else {
                let sent = String(missing.prefix(40))
                throw invalid("missingEvidence", Message("error.inventory.query-missing-evidence",
                                                         "missingEvidence is true (only items with no photo and no linked library photo), not “\(sent)”; leave it out for every item.",
                                                         ["value": .text(sent)]))
            }
            query.missingEvidence = true
        }
        if let sort = value("sort") {
            guard let known = ItemSort(rawValue: sort) else {
                let (choices, sent) = (allowed(ItemSort.allCases.map(\.rawValue)), String(sort.prefix(40)))
                throw invalid("sort", Message("error.inventory.query-sort", "sort is one of \(choices.english), not “\(sent)”.",
                                              ["choices": .message(choices), "value": .text(sent)]))
            }
            query.sort = known
        }
        if let limit = value("limit") {
            guard let number = Int(limit), ItemQuery.limits.contains(number) else {
                let (lowest, highest, sent) = (ItemQuery.limits.lowerBound, ItemQuery.limits.upperBound, String(limit.prefix(40)))
                throw AppError(.invalidLimit, Message("error.inventory.query-limit-text", "limit must be a whole number from \(lowest) to \(highest), not “\(sent)”.",
                                                      ["lowest": .text("\(lowest)"), "highest": .text("\(highest)"), "value": .text(sent)]))
            }
            query.limit = number
        }
        if let after = value("after") {
            guard query.limit != nil else {
                throw invalid("after", Message("error.inventory.query-after-without-limit",
                                               "after continues a window: send it with the limit of the window it came from (follow the Link header)."))
            }
            guard let cursor = ItemCursor(encoded: after) else {
                throw invalid("after", Message("error.inventory.query-after-unknown",
                                               "after is not a cursor Homepwner made; follow the Link header of the previous window, or leave after out to start at the top."))
            }
            query.after = cursor
        }
        return query
    }

    /// The URL of the window after `cursor`, with the rest of `query` as it was asked.
    static func nextURL(_ query: ItemQuery, after cursor: ItemCursor, base: String = ItemRoutes.apiList.url()) -> String {
        var pairs: [(String, String)] = []
        if !query.text.isEmpty { pairs.append(("q", query.text)) }
        if let locationID = query.locationID { pairs.append(("location", String(locationID))) }
        if let tag = query.tag { pairs.append(("tag", tag)) }
        if let condition = query.condition { pairs.append(("condition", condition.rawValue)) }
        if let disposed = query.disposed { pairs.append(("disposed", String(disposed))) }
        if let draft = query.draft { pairs.append(("draft", draft ? "1" : "0")) }
        if query.missingEvidence { pairs.append(("missingEvidence", "true")) }
        if let ends = query.warrantyEnds {
            pairs.append(("warrantyEndsWithin", String(ends.lowerBound.days(until: ends.upperBound))))
        }
        if let sort = query.sort { pairs.append(("sort", sort.rawValue)) }
        if let limit = query.limit { pairs.append(("limit", String(limit))) }
        pairs.append(("after", cursor.encoded))
        return base + "?" + pairs.map { "\($0)=\(AccessMiddleware.escaped($1))" }.joined(separator: "&")
    }

    private static func invalid(_ parameter: String, _ message: Message) -> AppError {
        var error = AppError(.invalidItemQuery, message)
        error.fieldWordings = [(field: parameter, message: message)]
        return error
    }

    /// "new, good, fair, poor or broken": the names as the API spells them, the "or" the language's.
    private static func allowed(_ values: [String]) -> Message {
        let (rest, last) = (values.dropLast().joined(separator: ", "), values.last ?? "")
        return Message("error.inventory.query-choices", "\(rest) or \(last)", ["rest": .text(rest), "last": .text(last)])
    }
}
