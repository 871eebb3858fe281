import Foundation
import Inventory
import Messages

extension ItemInput {
    /// An item's fields (see `InputSchema`). The form's custom fields and disposal, sent as several
    /// fields each, are read by `ItemDetailsForm`.
    static var schema: InputSchema<ItemInput> {
        InputSchema(api: "ItemInput", fields: [
            .text("name", \.name),
            .text("serialNumber", \.serialNumber),
            valueInDollarsField,
            .id("locationId", \.locationID, expected: Message("error.json.expected.location-id", "a location’s id (a whole number) or null"), choose: Message("error.field.choose-location", "a location")),
            .quantity("quantity", \.details.quantity).labelled(Message("item.field.quantity", "Quantity")),
            .quantityUnit("quantityUnit", \.details.quantityUnit).labelled(Message("item.field.unit", "Unit")),
            .flag("businessUse", \.details.businessUse),
            conditionField,
            .amount("purchasePrice", \.details.purchasePrice).labelled(Message("item.field.purchase-price", "Purchase price")),
            purchasePaidField,
            .purchaseDate("purchaseDate", \.details.purchaseDate).labelled(Message("item.field.purchase-date", "Purchase date")),
            .amount("replacementCost", \.details.replacementCost).labelled(Message("item.field.value", "Value")),
            .day("replacementCostDate", \.details.replacementCostDate).labelled(Message("item.field.value-date", "Value looked up on")),
            tagsField,
            customFieldsField,
            .day("warrantyExpires", \.details.warrantyExpires).labelled(Message("item.field.warranty-ends", "Warranty ends")),
            .flag("lifetimeWarranty", \.details.lifetimeWarranty),
            .flag("scheduled", \.details.scheduled),
            .amount("riderAmount", \.details.riderAmount).labelled(Message("item.field.rider-amount", "Rider amount")),
            disposedField,
        ] + ItemDetails.textFieldNames.map { InputField<ItemInput>.text($0, \.details.texts[$0]) },
        // Fields an item shows but a client cannot set; accepted and ignored so a fetched item can be sent back.
        readOnly: ["id", "dateCreated", "position", "draft", "walkthrough", "image", "photos", "documents", "evidence", "documentedSince", "currency", "readiness"],
        unknown: { Message("error.json.unknown.item", "Unknown field “\($0)”. An item’s fields are \(schema.listedNames).",
                           ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }

    static var writableFields: [String] { schema.names }
    static var readOnlyFields: Set<String> { schema.readOnly }

    /// Reads the item fields of a JSON object, reporting every wrong type and unknown field at once.
    /// `now` is the day "about 5 years ago" is said on, and what a purchase date may not be after.
    init(json object: [String: JSONValue], currency: Currency, now: Date) throws(InventoryError) {
        self.init()
        var problems: [FieldError] = []
        Self.schema.read(json: object, into: &self, context: InputContext(currency: currency, now: now), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }

    /// Whole dollars: clamped when far out of range (the rules then name the limit); the list's form
    /// also takes `$1,200` and `1 200`.
    private static var valueInDollarsField: InputField<ItemInput> {
        InputField(name: "valueInDollars", api: "integer", expected: Expected.wholeNumber, json: { value, input, reading in
            switch value {
            case .integer(let number):
                input.valueInDollars = number > Int64(Int32.max) ? Int.max : number < Int64(Int32.min) ? Int.min : Int(number)
            case .number(let number) where number.rounded() == number:
                input.valueInDollars = abs(number) < 1e15 ? Int(number) : (number > 0 ? Int.max : Int.min)
            case .number: reading.refuse(Message("error.json.whole-dollars-fraction", "valueInDollars must be a whole number of dollars, not a fraction."))
            default: reading.wrongKind(value)
            }
        }, form: { text, input, reading in
            guard let text else { return }
            let digits = text.filter { !($0 == "$" || $0 == "," || $0.isWhitespace) }
            if digits.isEmpty {
                input.valueInDollars = 0
            } else if let number = Int(digits) {
                input.valueInDollars = number
            } else if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                input.valueInDollars = Int.max
            } else if digits.contains("."), Double(digits) != nil {
                reading.refuse(Message("error.item.whole-dollars-no-cents", "Value must be a whole number of dollars, without cents (like 250)."))
            } else {
                reading.refuse(Message("error.item.whole-dollars-not-a-number", "Value must be a whole number of dollars, like 250. “\(text)” is not a number.", ["text": .text(text)]))
            }
        })
    }

    private static var conditionField: InputField<ItemInput> {
        InputField(name: "condition", api: "Condition", expected: Message("error.json.expected.condition", "a condition"), json: { value, input, reading in
            switch value {
            case .null: input.details.condition = .some(nil)
            case .string(let text) where ItemCondition(rawValue: text) != nil: input.details.condition = ItemCondition(rawValue: text)
            default:
                let conditions = ItemCondition.allCases.map(\.rawValue).joined(separator: ", ")
                reading.refuse(Message("error.json.condition", "condition must be one of \(conditions), or null.", ["conditions": .text(conditions)]))
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.isEmpty {
                input.details.condition = .some(nil)
            } else if let known = ItemCondition(rawValue: text) {
                input.details.condition = known
            } else {
                let condition = Message("error.field.choose-condition", "a condition")
                reading.refuse(Message("error.form.choose-from-list", "Choose \(condition.english) from the list.", ["choice": .message(condition)]))
            }
        })
    }

    /// A list of text; the form's one field separates them with commas.
    private static var tagsField: InputField<ItemInput> {
        InputField(name: "tags", api: "array", expected: Message("error.json.expected.tags", "a list of text, like [\"kitchen\", \"insured\"]"), json: { value, input, reading in
            guard case .array(let values) = value else { return reading.wrongKind(value) }
            var tags: [String] = []
            for element in values {
                guard case .string(let tag) = element else {
                    reading.refuse(Message("error.json.tag-kind", "Each tag must be text, not \(element.kindDescription).", ["kind": .message(element.kind)]))
                    break
                }
                tags.append(tag)
            }
            input.details.tags = tags
        }, form: { text, input, _ in
            guard let text else { return }
            input.details.tags = text.split(separator: ",").map(String.init).filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        })
    }

    private static var customFieldsField: InputField<ItemInput> {
        InputField(name: "customFields", api: "object", expected: Message("error.json.expected.custom-fields", "an object of names to text, like {\"Colour\": \"Walnut\"}"), json: { value, input, reading in
            guard case .object(let members) = value else { return reading.wrongKind(value) }
            var fields: [String: String] = [:]
            for (name, member) in members {
                guard case .string(let text) = member else {
                    reading.refuse(Message("error.json.custom-field-kind", "Custom field “\(name.prefix(60))” must be text, not \(member.kindDescription).",
                                           ["name": .text(String(name.prefix(60))), "kind": .message(member.kind)]))
                    break
                }
                fields[name] = text
            }
            input.details.customFields = fields
        })
    }

    /// `{"amount": "129.99", "currency": "GBP", "rate": "1.1634", "rateDate": "2019-03-14"}`: the rate and
    /// its date may be left out (the ECB's is looked up); null goes back to a price in the inventory's currency.
    private static var purchasePaidField: InputField<ItemInput> {
        InputField(name: "purchasePaid", api: "PurchasePaidInput|null",
                   expected: Message("error.json.expected.paid", "null or an object like {\"amount\": \"129.99\", \"currency\": \"GBP\"}"), json: { value, input, reading in
            switch value {
            case .null: input.details.purchasePaid = .some(nil)
            case .object(let members): if let paid = purchasePaid(members, reading: &reading) { input.details.purchasePaid = paid }
            default: reading.wrongKind(value)
            }
        })
    }

    private static func purchasePaid(_ members: [String: JSONValue], reading: inout FieldReading) -> PurchasePaidInput? {
        guard case .string(let code)? = members["currency"], let currency = Currency(code: code) else {
            reading.refuse(Message("error.json.paid.currency", "purchasePaid.currency must be the ISO 4217 code of the currency paid in, such as \"GBP\"."))
            return nil
        }
        guard members["amount"] != nil else {
            reading.refuse(Message("error.json.paid.amount-missing", "purchasePaid.amount is missing: give what was paid in \(currency.code), such as \"\(currency.exampleAmount)\".",
                                   ["currency": .text(currency.code), "example": .text(currency.exampleAmount)]))
            return nil
        }
        let before = reading.problems.count
        var paid = PurchasePaidInput(amount: 0, currency: currency)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "currency" {
            var member = FieldReading(context: InputContext(currency: currency, now: reading.context.now), name: "purchasePaid.\(key)",
                                      path: "purchasePaid.\(key)", expected: Expected.text)
            switch key {
            case "amount":
                if case .some(.some(let amount)) = member.amount(value) { paid.amount = amount } else if member.problems.isEmpty {
                    member.refuse(Message("error.json.paid.amount-null", "purchasePaid.amount must be what was paid in \(currency.code), such as \"\(currency.exampleAmount)\"; not null.",
                                          ["currency": .text(currency.code), "example": .text(currency.exampleAmount)]))
                }
            case "rate":
                switch value {
                case .null: break
                case .string(let text):
                    do { paid.rate = try ExchangeRate(parsing: text) } catch { member.refuse(error.wording(naming: Message(english: "purchasePaid.rate"))) }
                default: member.refuse(Message("error.json.paid.rate-kind",
                                               "purchasePaid.rate must be a rate as text, such as \"1.1634\" (\(reading.context.currency.code) for 1 \(currency.code)), or null.",
                                               ["currency": .text(reading.context.currency.code), "paid": .text(currency.code)]))
                }
            case "rateDate": if case .some(.some(let day)) = member.day(value) { paid.rateDate = day }
            case "fromECB":
                if case .bool(let flag) = value { paid.fromECB = flag } else { member.refuse(Message("error.json.paid.from-ecb", "purchasePaid.fromECB must be true or false.")) }
            default:
                reading.refuse(Message("error.json.paid.unknown", "Unknown field “\(key.prefix(40))” in purchasePaid; its fields are amount, currency, rate, rateDate.",
                                       ["field": .text(String(key.prefix(40)))]))
            }
            reading.problems += member.problems
        }
        return reading.problems.count == before ? paid : nil
    }

    /// `{"kind", "date", "price", "notes"}`: only the kind is required.
    private static var disposedField: InputField<ItemInput> {
        InputField(name: "disposed", api: "DisposalInput|null",
                   expected: Message("error.json.expected.disposed", "null or an object like {\"kind\": \"sold\", \"date\": \"2026-05-01\", \"price\": \"40.00\", \"notes\": \"\"}"),
                   json: { value, input, reading in
            switch value {
            case .null: input.details.disposal = .some(nil)
            case .object(let members): if let disposal = disposal(members, reading: &reading) { input.details.disposal = disposal }
            default: reading.wrongKind(value)
            }
        })
    }

    private static func disposal(_ members: [String: JSONValue], reading: inout FieldReading) -> Disposal? {
        guard case .string(let kindText)? = members["kind"], let kind = DisposalKind(rawValue: kindText) else {
            let kinds = DisposalKind.allCases.map(\.rawValue).joined(separator: ", ")
            reading.refuse(Message("error.json.disposed.kind", "disposed.kind must be one of \(kinds).", ["kinds": .text(kinds)]))
            return nil
        }
        var disposal = Disposal(kind: kind)
        let before = reading.problems.count
        for (key, value) in members where key != "kind" {
            var member = FieldReading(context: reading.context, name: "disposed.\(key)", path: "disposed.\(key)", expected: Expected.text)
            switch key {
            case "date": if let date = member.day(value) { disposal.date = date ?? nil }
            case "price": if let price = member.amount(value) { disposal.price = price ?? nil }
            case "notes":
                if case .string(let notes) = value { disposal.notes = notes } else { member.wrongKind(value) }
            default:
                reading.refuse(Message("error.json.disposed.unknown", "Unknown field “\(key.prefix(40))” in disposed; its fields are kind, date, price, notes.",
                                       ["field": .text(String(key.prefix(40)))]))
            }
            reading.problems += member.problems
        }
        return reading.problems.count == before ? disposal : nil
    }
}
