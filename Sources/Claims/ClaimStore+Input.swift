import Database
import Inventory

extension ClaimStore {
    /// Applies `input` to `claim`, checking every field; all the broken rules are reported at once.
    static func apply(_ input: ClaimInput, to claim: inout Claim, in connection: HouseholdConnection) throws {
        var errors: [FieldError] = []
        if let name = input.name {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty {
                errors.append(FieldError(field: "name", Message("error.claim.name-empty", "Name the claim (for example “Kitchen fire, March 2026”).")))
            } else if ClaimInput.nameRule.check(trimmed, field: "name", into: &errors) {
                claim.name = trimmed
            }
        }
        for (text, value) in input.texts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.rule.check(trimmed, field: text.rawValue, into: &errors) { claim[keyPath: text.keyPath] = trimmed }
        }
        if let lossDate = input.lossDate { claim.lossDate = lossDate }
        if let due = input.proofOfLossDue { claim.proofOfLossDue = due }
        if let rate = input.salesTaxRate { claim.salesTaxRate = rate }
        if let lossKind = input.lossKind { claim.lossKind = lossKind }
        if let settlement = input.settlement { claim.settlement = settlement }
        if let language = input.language { claim.language = language }
        for (field, value, keyPath) in [("contentsLimit", input.contentsLimit, \Claim.contentsLimit),
                                        ("deductible", input.deductible, \Claim.deductible)] {
            guard let value else { continue }
            if let amount = value, let message = amountProblem(amount, field: field) {
                errors.append(FieldError(field: field, message))
            } else {
                claim[keyPath: keyPath] = value
            }
        }
        if let start = input.policyStart { claim.policyStart = start }
        if let end = input.policyEnd { claim.policyEnd = end }
        if input.policyStart != nil || input.policyEnd != nil, let start = claim.policyStart, let end = claim.policyEnd, end < start {
            errors.append(FieldError(field: "policyEnd", Message("error.claim.policy-ends-first", "The policy period ends on \(end.english), before it starts on \(start.english); check both dates.",
                                                            ["end": .day(end), "start": .day(start)])))
        }
        if input.texts[.email] != nil, !claim.email.isEmpty, !Self.looksLikeEmail(claim.email) {
            errors.append(FieldError(field: ClaimText.email.rawValue, Message("error.claim.email", "An e-mail address looks like name@example.com; “\(claim.email.prefix(40))” does not.",
                                                                                   ["email": .text(String(claim.email.prefix(40)))])))
        }
        if let lines = input.lines {
            var seen = Set<Item.ID>(), newLines: [ClaimLine] = []
            for (index, lineInput) in lines.enumerated() {
                let field = "items[\(index)]"
                guard seen.insert(lineInput.itemID).inserted else {
                    errors.append(FieldError(field: field, Message("error.claim.item-twice", "Item \(lineInput.itemID) is listed twice; list each item once with the quantity lost.",
                                                                     ["item": .text("\(lineInput.itemID)")])))
                    continue
                }
                let existing = claim.lines.first { $0.itemID == lineInput.itemID }
                do {
                    newLines.append(try line(lineInput, existing: existing, in: connection))
                } catch let error as ClaimError {
                    guard case .invalid(let invalid) = error else { throw error }
                    errors += invalid.errors.map { FieldError(field: "\(field).\($0.field)", $0.wording) }
                }
            }
            claim.lines = newLines
        }
        if !errors.isEmpty { throw ClaimError.invalid(ValidationError(errors: errors)) }
    }

    /// A line from its input: a new one loses the whole quantity unless told; amounts and
    /// quantities are checked against the item.
    static func line(_ input: ClaimLineInput, existing: ClaimLine?, in connection: HouseholdConnection) throws -> ClaimLine {
        guard let item = try connection.firstRow("""
            SELECT name, quantity_ten_thousandths, quantity_unit FROM items WHERE household_id = :household AND id = ?
            """, input.itemID, decode: {
            (name: $0.string(0), quantity: Quantity(tenThousandths: $0.int64(1)), unit: QuantityUnit($0.string(2)) ?? .pieces)
        }) else {
            throw ClaimError.itemNotFound(id: input.itemID)
        }
        var line = existing ?? ClaimLine(itemID: input.itemID, quantityLost: item.quantity)
        var errors: [FieldError] = []
        if let quantity = input.quantityLost {
            if quantity.tenThousandths <= 0 || quantity > item.quantity {
                errors.append(FieldError(field: "quantityLost", item.quantity == .one && item.unit.isPieces
                    ? Message("error.claim.quantity-one", "“\(item.name)” is one item; its quantity lost is 1.", ["name": .text(item.name)])
                    : Message("error.claim.quantity-lost", "“\(item.name)” holds \(item.unit.describing(item.quantity)); the quantity lost is above 0 and at most \(item.quantity.text), not \(quantity.text).",
                              ["name": .text(item.name), "held": .text(item.unit.describing(item.quantity)), "most": .text(item.quantity.text), "sent": .text(quantity.text)])))
            } else {
                line.quantityLost = quantity
            }
        } else if line.quantityLost > item.quantity {
            line.quantityLost = item.quantity
        }
        if let category = input.category {
            if let category, !(try Self.usefulLifeTable(in: connection)).isKnown(category) {
                errors.append(FieldError(field: "category", ValuationError.unknownCategory(category, known: UsefulLifeTable.defaults.categories).wording))
            } else {
                line.category = category
            }
        }
        for (field, value, keyPath) in [("unitACVOverride", input.unitACVOverride, \ClaimLine.unitACVOverride),
                                        ("paid", input.paid, \ClaimLine.paid),
                                        ("replacedCost", input.replacedCost, \ClaimLine.replacedCost)] {
            guard let value else { continue }
            if let amount = value, let message = amountProblem(amount, field: field) {
                errors.append(FieldError(field: field, message))
            } else {
                line[keyPath: keyPath] = value
            }
        }
        if let reason = input.overrideReason {
            let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            if ClaimLineInput.overrideReasonRule.check(trimmed, field: "overrideReason", into: &errors) { line.overrideReason = trimmed }
        }
        if let replacedDate = input.replacedDate { line.replacedDate = replacedDate }
        if line.unitACVOverride != nil, line.overrideReason.isEmpty, errors.isEmpty {
            errors.append(FieldError(field: "overrideReason", Message("error.claim.override-reason", "Say why the actual cash value of “\(item.name)” is set by hand (the adjuster will ask).",
                                                                   ["name": .text(item.name)])))
        }
        if !errors.isEmpty { throw ClaimError.invalid(ValidationError(errors: errors)) }
        return line
    }

    /// One "@" with something on each side, a dot in the domain and no spaces: enough to catch a
    /// phone number or a name typed in the wrong box, without refusing an address a mail server takes.
    static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// What is wrong with an amount of `field` (`contentsLimit`, `deductible`, `unitACVOverride`, `paid`,
    /// `replacedCost`), the field named in the reader's words.
    static func amountProblem(_ amount: Int64, field: String) -> Message? {
        let label = amountLabels[field] ?? Message(english: field)
        if amount < 0 { return Message("error.claim.amount-negative", "\(label.english) cannot be negative.", ["field": .message(label)]) }
        if amount > Money.maxMinorUnits {
            return Message("error.claim.amount-too-large", "\(label.english) is more than the largest amount Homepwner takes.", ["field": .message(label)])
        }
        return nil
    }

    private static let amountLabels = [
        "contentsLimit": Message("error.claim.amount-field.contentsLimit", "The contents limit"),
        "deductible": Message("error.claim.amount-field.deductible", "The deductible"),
        "unitACVOverride": Message("error.claim.amount-field.unitACVOverride", "The actual cash value"),
        "paid": Message("error.claim.amount-field.paid", "The amount paid"),
        "replacedCost": Message("error.claim.amount-field.replacedCost", "What replacing it cost"),
    ]
}
