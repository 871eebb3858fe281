import Claims
import HTTPServer
import Inventory
import Localization
import Messages

extension ClaimInput {
    /// A claim's fields (see `InputSchema`); the form's dates show a day of this year.
    static var schema: InputSchema<ClaimInput> {
        InputSchema(api: "ClaimInput", fields: [
            .text("name", \.name),
            .day("lossDate", \.lossDate, example: "2026-03-14").labelled(Message("error.field.claim.loss-date", "The date of the loss")),
            .day("proofOfLossDue", \.proofOfLossDue, example: "2026-03-14").labelled(Message("error.field.claim.proof-of-loss-due", "The proof-of-loss date")),
            .amount("contentsLimit", \.contentsLimit).labelled(Message("error.field.claim.contents-limit", "The contents limit")),
            salesTaxRateField.labelled(Message("error.field.claim.sales-tax-rate", "The sales tax rate")),
            .amount("deductible", \.deductible).labelled(Message("error.field.claim.deductible", "The deductible")),
            .choice("settlement", api: "Settlement", nullable: false, choose: Message("error.field.claim.choose-settlement", "how the policy settles")) { (claim, value: Settlement?) in claim.settlement = value },
            .day("policyStart", \.policyStart, example: "2026-01-01").labelled(Message("error.field.claim.policy-start", "The policy period's first day")),
            .day("policyEnd", \.policyEnd, example: "2026-12-31").labelled(Message("error.field.claim.policy-end", "The policy period's last day")),
            .choice("lossKind", api: "LossKind", nullable: true, choose: Message("error.field.claim.choose-loss-kind", "the kind of loss")) { (claim, value: LossKind?) in claim.lossKind = .some(value) },
            .language("language", nullable: false) { claim, language in claim.language = language?.tag },
            InputField(name: "items", api: "array", expected: Message("error.json.expected.claim-items", "a list like [{\"itemId\": 12, \"quantityLost\": 1}]"), json: { value, claim, reading in
                guard case .array(let members) = value else { return reading.wrongKind(value) }
                var lines: [ClaimLineInput] = []
                for (index, member) in members.enumerated() {
                    guard case .object(let fields) = member else {
                        reading.problems.append(FieldError(field: "items[\(index)]", Message("error.claim.items.not-object", "Each of items must be an object like {\"itemId\": 12, \"quantityLost\": 1}, not \(member.kindDescription).",
                                                                              ["kind": .message(member.kind)])))
                        continue
                    }
                    if let line = ClaimLineInput(json: fields, field: "items[\(index)]", currency: reading.context.currency, into: &reading.problems) { lines.append(line) }
                }
                claim.lines = lines
            }),
        ] + ClaimText.allCases.map { InputField<ClaimInput>.text($0.rawValue, \.texts[$0]) },
        readOnly: ["id", "closed", "closedAt", "createdAt", "version", "totals", "proofOfLossDaysLeft", "links"],
        unknown: { Message("error.json.unknown.claim", "Unknown field “\($0)”. A claim's fields are \(schema.listedNames).",
                           ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }

    /// Whose useful-life table the policy uses, by its country code (`"US"`, `"CA"`, `"DE"`); another is refused naming the choices.
    static var usefulLifeCountryField: InputField<ClaimInput> {
        var field = InputField<ClaimInput>.choice("usefulLifeCountry", api: "UsefulLifeCountry", nullable: false,
                                                   choose: Message("error.lives.country.choose", "the useful-life table")) { (input, value: UsefulLifeCountry?) in
            input.usefulLifeCountry = value
        }
        // A select sends one of its options; anything else was not typed by the person, so say what the choices are.
        field.form = { text, input, reading in
            guard let text else { return }
            if let country = UsefulLifeCountry(rawValue: text) { input.usefulLifeCountry = country; return }
            let choices = UsefulLifeCountry.allCases.map(\.rawValue).joined(separator: ", ")
            reading.refuse(Message("error.lives.country.unknown", "“\(text.prefix(40))” is not a useful-life table Homepwner has. Choose one of \(choices).",
                                   ["sent": .text(String(text.prefix(40))), "choices": .text(choices)]))
        }
        return field
    }

    /// The sales tax rate as a percentage in text ("8.875"), or null (blank in a form) for none.
    static var salesTaxRateField: InputField<ClaimInput> {
        func read(_ text: String, into input: inout ClaimInput, _ reading: inout FieldReading) {
            if let rate = SalesTaxRate(percent: reading.context.numbers.plainDecimal(text)) { input.salesTaxRate = rate } else {
                reading.problems.append(FieldError(field: reading.path, Message("error.claim.tax-rate", "\(reading.name) must be a percentage below 100 with at most \(SalesTaxRate.maxDecimals) decimals, like 8.875; “\(text.prefix(20))” is not.",
                                                                  ["field": .text(reading.name), "decimals": .text("\(SalesTaxRate.maxDecimals)"), "sent": .text(String(text.prefix(20)))])))
            }
        }
        return InputField(name: "salesTaxRate", api: "Percent", expected: Message("error.json.expected.percentage", "a percentage"), json: { value, input, reading in
            switch value {
            case .null: input.salesTaxRate = .some(nil)
            case .string(let text): read(text, into: &input, &reading)
            default: reading.problems.append(FieldError(field: reading.path, Message("error.claim.tax-rate-kind", "\(reading.name) must be a percentage as text, like \"8.875\", or null; not \(value.kindDescription).",
                                                                               ["field": .text(reading.name), "kind": .message(value.kind)])))
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { input.salesTaxRate = .some(nil) } else { read(text, into: &input, &reading) }
        })
    }

    /// The policy's fields: a claim's rules, and the useful-life table, which only the policy holds.
    static var policySchema: InputSchema<ClaimInput> {
        let claim = schema, names = ["policyholder", "address", "insurer", "policyNumber", "contentsLimit", "deductible", "settlement",
                                     "policyStart", "policyEnd", "otherInsurance", "phone", "email", "contactAddress"]
        return InputSchema(api: "PolicyInput", fields: names.compactMap { name in claim.fields.first { $0.name == name } } + [usefulLifeCountryField],
                           unknown: { Message("error.json.unknown.policy", "Unknown field “\($0)”. The policy's fields are \(policySchema.listedNames).",
                                            ["field": .text($0), "fields": .text(policySchema.listedNames)]) })
    }

    /// Reads a claim's fields from a JSON object, reporting every wrong type and unknown field at once.
    init(json object: [String: JSONValue], currency: Currency, schema: InputSchema<ClaimInput> = Self.schema) throws(ClaimError) {
        self.init()
        var problems: [FieldError] = []
        schema.read(json: object, into: &self, context: InputContext(currency: currency), problems: &problems)
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }
}

extension ClaimLineInput {
    /// One line's fields (see `InputSchema`); `itemId` is checked against the line's item.
    static var schema: InputSchema<ClaimLineInput> {
        InputSchema(api: "ClaimLineInput", fields: [
            InputField(name: "itemId", api: "integer", expected: Message("error.json.expected.item-id", "an item's id (a whole number)"), json: { value, line, reading in
                if value != .integer(line.itemID.rawValue) { reading.problems.append(FieldError(field: reading.path, Message("error.claim.line.item-id", "itemId is the item in the address; leave it out or send \(line.itemID).",
                                                                                                           ["item": .text("\(line.itemID)")]))) }
            }),
            .quantity("quantityLost", \.quantityLost).labelled(Message("error.field.claim.quantity-lost", "The quantity lost")),
            InputField(name: "category", api: "string|null", expected: Message("error.json.expected.category", "a useful-life category's id (see /api/v1/useful-lives) or null"), json: { value, line, reading in
                switch value {
                case .null: line.category = .some(nil)
                case .string(let text): line.category = text
                default: reading.wrongKind(value)
                }
            }, form: { text, line, _ in
                if let text { line.category = .some(text.isEmpty ? nil : text) }
            }),
            .amount("actualCashValueOverride", \.unitACVOverride).labelled(Message("error.field.claim.acv", "The actual cash value")),
            .text("overrideReason", \.overrideReason),
            .amount("paid", \.paid).labelled(Message("error.field.claim.paid", "The amount paid")),
            .amount("replacedCost", \.replacedCost).labelled(Message("error.field.claim.replaced-cost", "What replacing it cost")),
            .day("replacedDate", \.replacedDate, example: "2026-03-14").labelled(Message("error.field.claim.replaced-date", "The day it was replaced")),
        ], readOnly: ["line", "name", "room", "quantityUnit", "valuation"],
        unknown: { Message("error.json.unknown.claim-line", "Unknown field “\($0)”. A claim line's fields are \(schema.listedNames).",
                           ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }

    /// One line of `items` (or a line's PATCH body, with `itemID` from the path); nil with problems reported when it cannot be read.
    init?(json object: [String: JSONValue], field: String, itemID pathItemID: Item.ID? = nil, currency: Currency, into problems: inout [FieldError]) {
        var itemID = pathItemID
        if pathItemID == nil {
            guard case .integer(let id) = object["itemId"] ?? .null, id > 0 else {
                problems.append(FieldError(field: "\(field).itemId", Message("error.claim.line.no-item-id", "itemId must be an item's id (a whole number).")))
                return nil
            }
            itemID = Item.ID(id)
        }
        self.init(itemID: itemID!)
        let before = problems.count
        Self.schema.read(json: object, into: &self, context: InputContext(currency: currency), at: field, problems: &problems)
        if problems.count > before { return nil }
    }
}
