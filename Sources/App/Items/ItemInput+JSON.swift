import Inventory

extension ItemInput {
    static let writableFields = ["name", "serialNumber", "valueInDollars", "locationId", "quantity", "condition", "purchasePrice",
                                 "purchaseDate", "replacementCost", "replacementCostDate", "tags", "customFields", "warrantyExpires",
                                 "lifetimeWarranty", "scheduled", "riderAmount", "disposed"] + ItemDetails.textFieldNames
    /// Fields an item shows but a client cannot set; accepted and ignored so a fetched item can be sent back.
    static let readOnlyFields: Set<String> = ["id", "dateCreated", "position", "image", "photos", "documents", "evidence", "documentedSince", "currency", "readiness"]

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
                case .integer(let id) where id > 0: locationID = Location.ID(id)
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
            case "purchasePrice", "replacementCost", "riderAmount":
                guard let amount = Self.amount(value, field: key, currency: currency, into: &problems) else { continue }
                switch key {
                case "purchasePrice": details.purchasePrice = amount
                case "replacementCost": details.replacementCost = amount
                default: details.riderAmount = amount
                }
            case "purchaseDate", "replacementCostDate", "warrantyExpires":
                guard let date = Self.date(value, field: key, into: &problems) else { continue }
                switch key {
                case "purchaseDate": details.purchaseDate = date
                case "replacementCostDate": details.replacementCostDate = date
                default: details.warrantyExpires = date
                }
            case "lifetimeWarranty", "scheduled":
                guard case .bool(let flag) = value else {
                    problems.append(FieldError(field: key, message: "\(key) must be true or false, not \(value.kindDescription)."))
                    continue
                }
                if key == "scheduled" { details.scheduled = flag } else { details.lifetimeWarranty = flag }
            case "customFields":
                guard case .object(let members) = value else {
                    problems.append(FieldError(field: key, message: "customFields must be an object of names to text, like {\"Colour\": \"Walnut\"}, not \(value.kindDescription)."))
                    continue
                }
                var fields: [String: String] = [:]
                for (name, member) in members {
                    guard case .string(let text) = member else {
                        problems.append(FieldError(field: key, message: "Custom field “\(name.prefix(60))” must be text, not \(member.kindDescription)."))
                        break
                    }
                    fields[name] = text
                }
                details.customFields = fields
            case "disposed":
                switch value {
                case .null: details.disposal = .some(nil)
                case .object(let members):
                    if let disposal = Self.disposal(members, currency: currency, into: &problems) { details.disposal = disposal }
                default:
                    problems.append(FieldError(field: key, message: "disposed must be null or an object like {\"kind\": \"sold\", \"date\": \"2026-05-01\", \"price\": \"40.00\", \"notes\": \"\"}, not \(value.kindDescription)."))
                }
            default:
                if !Self.readOnlyFields.contains(key) {
                    problems.append(FieldError(field: key, message: "Unknown field “\(key)”. An item’s fields are \(Self.writableFields.joined(separator: ", "))."))
                }
            }
        }
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }

    /// An amount field: `.some(nil)` for null; nil (with a problem reported) when it cannot be read.
    static func amount(_ value: JSONValue, field: String, currency: Currency, into problems: inout [FieldError]) -> Int64?? {
        switch value {
        case .null: return .some(nil)
        case .string(let text):
            do { return try Money.parse(text, currency: currency).minorUnits } catch {
                problems.append(FieldError(field: field, message: error.message(naming: field)))
                return nil
            }
        default:
            problems.append(FieldError(field: field, message: "\(field) must be an amount as text, like \"1299.99\" (in \(currency.code)), or null; not \(value.kindDescription)."))
            return nil
        }
    }

    static func date(_ value: JSONValue, field: String, into problems: inout [FieldError]) -> CalendarDate?? {
        switch value {
        case .null: return .some(nil)
        case .string(let text) where CalendarDate(iso: text) != nil: return CalendarDate(iso: text)
        case .string(let text):
            problems.append(FieldError(field: field, message: "\(field) must be a date that exists, as YYYY-MM-DD (like 2021-03-14); “\(text.prefix(40))” is not."))
        default:
            problems.append(FieldError(field: field, message: "\(field) must be a date as text, YYYY-MM-DD, or null; not \(value.kindDescription)."))
        }
        return nil
    }

    /// `{"kind", "date", "price", "notes"}`: only the kind is required.
    private static func disposal(_ members: [String: JSONValue], currency: Currency, into problems: inout [FieldError]) -> Disposal? {
        let kinds = DisposalKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .string(let kindText)? = members["kind"], let kind = DisposalKind(rawValue: kindText) else {
            problems.append(FieldError(field: "disposed", message: "disposed.kind must be one of \(kinds)."))
            return nil
        }
        var disposal = Disposal(kind: kind)
        let before = problems.count
        for (key, value) in members where key != "kind" {
            switch key {
            case "date": if let date = Self.date(value, field: "disposed.date", into: &problems) { disposal.date = date ?? nil }
            case "price": if let price = Self.amount(value, field: "disposed.price", currency: currency, into: &problems) { disposal.price = price ?? nil }
            case "notes":
                guard case .string(let notes) = value else {
                    problems.append(FieldError(field: "disposed.notes", message: "disposed.notes must be text, not \(value.kindDescription)."))
                    continue
                }
                disposal.notes = notes
            default:
                problems.append(FieldError(field: "disposed", message: "Unknown field “\(key.prefix(40))” in disposed; its fields are kind, date, price, notes."))
            }
        }
        return problems.count == before ? disposal : nil
    }
}
