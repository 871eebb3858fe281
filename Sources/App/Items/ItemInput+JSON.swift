import Inventory

extension ItemInput {
    static let writableFields = ["name", "serialNumber", "valueInDollars", "locationId", "quantity", "condition", "purchasePrice",
                                 "purchaseDate", "replacementCost", "replacementCostDate", "tags"] + ItemDetails.textFieldNames
    /// Fields an item shows but a client cannot set; accepted and ignored so a fetched item can be sent back.
    static let readOnlyFields: Set<String> = ["id", "dateCreated", "position", "image", "photos", "documents", "currency"]

    /// Reads the item fields of a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue], currency: Currency) throws(InventoryError) {
        self.init()
        var problems: [FieldError] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "name", "serialNumber":
                let label = key == "name" ? "name" : "serialNumber"
                guard case .string(let text) = value else {
                    problems.append(FieldError(field: key, message: "\(label) must be text, not \(value.kindDescription)."))
                    continue
                }
                if key == "name" { name = text } else { serialNumber = text }
            case "valueInDollars":
                switch value {
                case .integer(let number):
                    valueInDollars = number > Int64(Int32.max) ? Int.max : number < Int64(Int32.min) ? Int.min : Int(number)
                case .number(let number) where number.rounded() == number:
                    valueInDollars = abs(number) < 1e15 ? Int(number) : (number > 0 ? Int.max : Int.min)
                case .number:
                    problems.append(FieldError(field: key, message: "valueInDollars must be a whole number of dollars, not a fraction."))
                default:
                    problems.append(FieldError(field: key, message: "valueInDollars must be a whole number, not \(value.kindDescription)."))
                }
            case "locationId":
                switch value {
                case .null: locationID = .some(nil)
                case .integer(let id) where id > 0: locationID = id
                default: problems.append(FieldError(field: key, message: "locationId must be a location’s id (a whole number) or null, not \(value.kindDescription)."))
                }
            case _ where ItemDetails.textFieldNames.contains(key):
                guard case .string(let text) = value else {
                    problems.append(FieldError(field: key, message: "\(key) must be text, not \(value.kindDescription)."))
                    continue
                }
                details.texts[key] = text
            case "tags":
                guard case .array(let values) = value else {
                    problems.append(FieldError(field: key, message: "tags must be a list of text, like [\"kitchen\", \"insured\"], not \(value.kindDescription)."))
                    continue
                }
                var tags: [String] = []
                for element in values {
                    guard case .string(let tag) = element else {
                        problems.append(FieldError(field: key, message: "Each tag must be text, not \(element.kindDescription)."))
                        break
                    }
                    tags.append(tag)
                }
                details.tags = tags
            case "quantity":
                guard case .integer(let number) = value, let quantity = Int(exactly: number) else {
                    problems.append(FieldError(field: key, message: "quantity must be a whole number of at least 1, not \(value.kindDescription)."))
                    continue
                }
                details.quantity = quantity
            case "condition":
                switch value {
                case .null: details.condition = .some(nil)
                case .string(let text) where ItemCondition(rawValue: text) != nil: details.condition = ItemCondition(rawValue: text)
                default:
                    problems.append(FieldError(field: key, message: "condition must be one of \(ItemCondition.allCases.map(\.rawValue).joined(separator: ", ")), or null."))
                }
            case "purchasePrice", "replacementCost":
                let amount: Int64??
                switch value {
                case .null: amount = .some(nil)
                case .string(let text):
                    do { amount = try Money.parse(text, currency: currency).minorUnits } catch {
                        problems.append(FieldError(field: key, message: error.message(naming: key)))
                        continue
                    }
                default:
                    problems.append(FieldError(field: key, message: "\(key) must be an amount as text, like \"1299.99\" (in \(currency.code)), or null; not \(value.kindDescription)."))
                    continue
                }
                if key == "purchasePrice" { details.purchasePrice = amount } else { details.replacementCost = amount }
            case "purchaseDate", "replacementCostDate":
                let date: CalendarDate??
                switch value {
                case .null: date = .some(nil)
                case .string(let text) where CalendarDate(iso: text) != nil: date = CalendarDate(iso: text)
                case .string(let text):
                    problems.append(FieldError(field: key, message: "\(key) must be a date that exists, as YYYY-MM-DD (like 2021-03-14); “\(text.prefix(40))” is not."))
                    continue
                default:
                    problems.append(FieldError(field: key, message: "\(key) must be a date as text, YYYY-MM-DD, or null; not \(value.kindDescription)."))
                    continue
                }
                if key == "purchaseDate" { details.purchaseDate = date } else { details.replacementCostDate = date }
            default:
                if !Self.readOnlyFields.contains(key) {
                    problems.append(FieldError(field: key, message: "Unknown field “\(key)”. An item’s fields are \(Self.writableFields.joined(separator: ", "))."))
                }
            }
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}
