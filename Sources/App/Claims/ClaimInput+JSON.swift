import Claims
import Inventory

extension ClaimInput {
    static let writableFields = ["name", "lossDate", "proofOfLossDue", "contentsLimit", "items"] + ClaimText.allCases.map(\.rawValue)
    static let readOnlyFields: Set<String> = ["id", "closed", "closedAt", "createdAt", "version", "totals", "proofOfLossDaysLeft", "links"]

    /// Reads a claim's fields from a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue], currency: Currency) throws(ClaimError) {
        self.init()
        var problems: [FieldError] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            if let text = ClaimText(rawValue: key) {
                guard case .string(let string) = value else {
                    problems.append(FieldError(field: key, message: "\(key) must be text, not \(value.kindDescription)."))
                    continue
                }
                texts[text] = string
                continue
            }
            switch key {
            case "name":
                guard case .string(let string) = value else {
                    problems.append(FieldError(field: key, message: "name must be text, not \(value.kindDescription)."))
                    continue
                }
                name = string
            case "lossDate", "proofOfLossDue":
                guard let date = ItemInput.date(value, field: key, into: &problems) else { continue }
                if key == "lossDate" { lossDate = date } else { proofOfLossDue = date }
            case "contentsLimit":
                guard let amount = ItemInput.amount(value, field: key, currency: currency, into: &problems) else { continue }
                contentsLimit = amount
            case "items":
                guard case .array(let members) = value else {
                    problems.append(FieldError(field: key, message: "items must be a list like [{\"itemId\": 12, \"quantityLost\": 1}], not \(value.kindDescription)."))
                    continue
                }
                var lines: [ClaimLineInput] = []
                for (index, member) in members.enumerated() {
                    guard case .object(let fields) = member else {
                        problems.append(FieldError(field: "items[\(index)]", message: "Each of items must be an object like {\"itemId\": 12, \"quantityLost\": 1}, not \(member.kindDescription)."))
                        continue
                    }
                    if let line = ClaimLineInput(json: fields, field: "items[\(index)]", currency: currency, into: &problems) { lines.append(line) }
                }
                self.lines = lines
            default:
                if !Self.readOnlyFields.contains(key) {
                    problems.append(FieldError(field: key, message: "Unknown field “\(key)”. A claim's fields are \(Self.writableFields.joined(separator: ", "))."))
                }
            }
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}

extension ClaimLineInput {
    static let writableFields = ["itemId", "quantityLost", "category", "actualCashValueOverride", "overrideReason", "paid", "replacedCost", "replacedDate"]
    /// What the API writes about a line beside its fields (the item's facts and the worked-out figures).
    static let readOnlyFields: Set<String> = ["line", "name", "room", "valuation"]

    /// One line of `items` (or a line's PATCH body, with `itemID` from the path); nil with problems reported when it cannot be read.
    init?(json object: [String: JSONValue], field: String, itemID pathItemID: Item.ID? = nil, currency: Currency, into problems: inout [FieldError]) {
        func problem(_ key: String, _ message: String) { problems.append(FieldError(field: "\(field).\(key)", message: message)) }
        var itemID = pathItemID
        if pathItemID == nil {
            guard case .integer(let id) = object["itemId"] ?? .null, id > 0 else {
                problem("itemId", "itemId must be an item's id (a whole number).")
                return nil
            }
            itemID = Item.ID(id)
        }
        self.init(itemID: itemID!)
        let before = problems.count
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "itemId":
                if pathItemID != nil, value != .integer(pathItemID!.rawValue) { problem(key, "itemId is the item in the address; leave it out or send \(pathItemID!).") }
            case "quantityLost":
                guard case .integer(let number) = value, let quantity = Int(exactly: number) else {
                    problem(key, "quantityLost must be a whole number of at least 1, not \(value.kindDescription).")
                    continue
                }
                quantityLost = quantity
            case "category":
                switch value {
                case .null: category = .some(nil)
                case .string(let text): category = text
                default: problem(key, "category must be a useful-life category's id (see /api/v1/useful-lives) or null, not \(value.kindDescription).")
                }
            case "overrideReason":
                guard case .string(let text) = value else {
                    problem(key, "overrideReason must be text, not \(value.kindDescription).")
                    continue
                }
                overrideReason = text
            case "actualCashValueOverride", "paid", "replacedCost":
                var amountProblems: [FieldError] = []
                guard let amount = ItemInput.amount(value, field: key, currency: currency, into: &amountProblems) else {
                    problems += amountProblems.map { FieldError(field: "\(field).\($0.field)", message: $0.message) }
                    continue
                }
                switch key {
                case "actualCashValueOverride": unitACVOverride = amount
                case "paid": paid = amount
                default: replacedCost = amount
                }
            case "replacedDate":
                var dateProblems: [FieldError] = []
                guard let date = ItemInput.date(value, field: key, into: &dateProblems) else {
                    problems += dateProblems.map { FieldError(field: "\(field).\($0.field)", message: $0.message) }
                    continue
                }
                replacedDate = date
            default:
                if !Self.readOnlyFields.contains(key) {
                    problem(key, "Unknown field “\(key)”. A claim line's fields are \(Self.writableFields.joined(separator: ", ")).")
                }
            }
        }
        if problems.count > before { return nil }
    }
}
