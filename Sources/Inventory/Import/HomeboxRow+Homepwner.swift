import Messages

extension HomeboxRow {
    /// Our own fields, from the `HB.field.` columns our Homebox CSV writes (`HomepwnerField`), into
    /// their fields instead of custom fields: ours → Homebox CSV → ours keeps them. A value that does
    /// not read as the field (a Homebox household's own "Condition" of "Like new") stays a custom field.
    /// Where the file carries our Scheduled and Disposal columns, Homebox's insured and archived
    /// columns are only their copies, and are not kept twice.
    mutating func takeHomepwnerFields(currency: Currency, vocabulary: HomeboxCSVVocabulary, problem: (_ column: String, _ wording: Message) -> Void) {
        var taken: Set<String> = []
        var disposalKind: DisposalKind??
        for (name, value) in customFields {
            guard let field = vocabulary.field(named: name) else { continue }
            let text = value.trimmingWhitespace()
            func take<T>(_ result: Result<T, HomeboxValueError>, _ set: (inout ItemDetailsInput, T) -> Void) {
                if case .success(let read) = result {
                    set(&input.details, read)
                    taken.insert(name)
                }
            }
            switch field {
            case .barcode, .replacementCostSource:
                input.details.texts[field == .barcode ? "barcode" : "replacementCostSource"] = value
                taken.insert(name)
            case .condition:
                if text.isEmpty {
                    take(.success(ItemCondition?.none)) { $0.condition = .some($1) }
                } else if let condition = vocabulary.condition(text) {
                    take(.success(condition)) { $0.condition = .some($1) }
                }
            case .replacementCost: take(HomeboxValue.amount(text, currency: currency)) { $0.replacementCost = .some($1) }
            case .riderAmount: take(HomeboxValue.amount(text, currency: currency)) { $0.riderAmount = .some($1) }
            case .replacementCostDate: take(HomeboxValue.date(text)) { $0.replacementCostDate = .some($1) }
            case .scheduled: take(text.isEmpty ? .success(false) : vocabulary.bool(text)) { $0.scheduled = $1 }
            case .businessUse: take(text.isEmpty ? .success(false) : vocabulary.bool(text)) { $0.businessUse = $1 }
            case .purchaseDateAsSaid:
                if text.isEmpty {
                    taken.insert(name)
                } else if let rough = try? PurchaseDate(parsing: text, today: nil) {
                    take(.success(rough)) { $0.purchaseDate = .some($1) }
                }
            case .quantityUnit:
                if let unit = QuantityUnit(text) { take(.success(unit)) { $0.quantityUnit = $1 } }
            case .disposal:
                if text.isEmpty {
                    disposalKind = .some(nil)
                    taken.insert(name)
                } else if let kind = vocabulary.disposal(text) {
                    disposalKind = .some(kind)
                    taken.insert(name)
                }
            case .purchasePaid:
                if text.isEmpty {
                    taken.insert(name)
                } else if let paid = HomepwnerField.purchasePaid(text) {
                    take(.success(paid)) { $0.purchasePaid = .some($1) }
                }
            case .currency:
                if !text.isEmpty, text.uppercased() != currency.code {
                    let written = HomeboxValue.quoted(text)
                    problem(HomeboxColumn.customFieldPrefix + name, Message("error.import.file.currency", "The amounts in this file are in \(written), "
                            + "but this inventory counts in \(currency.code). Set the inventory’s currency to \(written) first, or import into another inventory.",
                            ["written": .text(written), "currency": .text(currency.code)]))
                }
                taken.insert(name)
            }
        }
        if taken.contains(where: { vocabulary.field(named: $0) == .scheduled }) { customFields.removeValue(forKey: FieldName.insured) }
        if case .some(let kind) = disposalKind {
            customFields.removeValue(forKey: FieldName.archived)
            if let kind {
                let from = sold ?? nil
                sold = .some(Disposal(kind: kind, date: from?.date, price: from?.price, notes: from?.notes ?? ""))
            }
        }
        // Our file puts what is kept nowhere in particular in "Unsorted" (in its language), as Homebox needs a place.
        if taken.contains(where: { vocabulary.field(named: $0) == .currency }), vocabulary.isNoLocation(locationPath) { locationPath = [] }
        for name in taken { customFields.removeValue(forKey: name) }
        // A household's own field named like one of ours was written "<name> (custom)".
        for (name, value) in customFields {
            guard let own = vocabulary.ownFieldName(name) else { continue }
            customFields.removeValue(forKey: name)
            customFields[own] = value
        }
    }
}
