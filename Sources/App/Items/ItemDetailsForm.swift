import Foundation
import HTTPServer
import Inventory

/// The detail page's claim fields exactly as typed, so a rejected form comes back with the person's
/// text. Field names are the JSON API's, so a message for `purchasePrice` lands beside its field
/// whichever way the form was sent.
struct ItemDetailsForm: Sendable, Equatable {
    var replacementCost = ""
    var quantity = "1"
    var condition = ""
    /// Description, brand, model, barcode, notes, where bought, replacement cost source, warranty
    /// details: by their API names.
    var texts: [String: String] = [:]
    var locationID = ""
    /// Comma-separated.
    var tags = ""
    var purchasePrice = ""
    var purchaseDate = ""
    var replacementCostDate = ""
    var scheduled = false
    var riderAmount = ""
    var warrantyExpires = ""
    var lifetimeWarranty = false
    var disposedKind = ""
    var disposedDate = ""
    var disposedPrice = ""
    var disposedNotes = ""
    var customFields: [CustomField] = []

    init() {}

    init(item: Item, currency: Currency) {
        let details = item.details
        func amount(_ minorUnits: Int64?) -> String { minorUnits.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "" }
        replacementCost = amount(details.replacementCost)
        quantity = String(details.quantity)
        condition = details.condition?.rawValue ?? ""
        texts = Dictionary(uniqueKeysWithValues: ItemDetails.textFieldNames.map { ($0, details.text(named: $0)) })
        locationID = item.locationID.map(String.init) ?? ""
        tags = details.tags.joined(separator: ", ")
        purchasePrice = amount(details.purchasePrice)
        purchaseDate = details.purchaseDate?.iso ?? ""
        replacementCostDate = details.replacementCostDate?.iso ?? ""
        scheduled = details.scheduled
        riderAmount = amount(details.riderAmount)
        warrantyExpires = details.warrantyExpires?.iso ?? ""
        lifetimeWarranty = details.lifetimeWarranty
        disposedKind = details.disposal?.kind.rawValue ?? ""
        disposedDate = details.disposal?.date?.iso ?? ""
        disposedPrice = amount(details.disposal?.price)
        disposedNotes = details.disposal?.notes ?? ""
        customFields = details.customFields
    }

    /// The claim fields of a posted form, or nil when the form has none (the New Item sheet sends
    /// only the seed's three): a field the form never showed is never cleared.
    init?(fields: FormFields) {
        guard fields["quantity"] != nil else { return nil }
        replacementCost = fields["replacementCost"] ?? ""
        quantity = fields["quantity"] ?? ""
        condition = fields["condition"] ?? ""
        texts = Dictionary(uniqueKeysWithValues: ItemDetails.textFieldNames.map { ($0, fields[$0] ?? "") })
        locationID = fields["locationId"] ?? ""
        tags = fields["tags"] ?? ""
        purchasePrice = fields["purchasePrice"] ?? ""
        purchaseDate = fields["purchaseDate"] ?? ""
        replacementCostDate = fields["replacementCostDate"] ?? ""
        scheduled = fields["scheduled"] != nil
        riderAmount = fields["riderAmount"] ?? ""
        warrantyExpires = fields["warrantyExpires"] ?? ""
        lifetimeWarranty = fields["lifetimeWarranty"] != nil
        disposedKind = fields["disposedKind"] ?? ""
        disposedDate = fields["disposedDate"] ?? ""
        disposedPrice = fields["disposedPrice"] ?? ""
        disposedNotes = fields["disposedNotes"] ?? ""
        customFields = zip(fields.all("customFieldName"), fields.all("customFieldValue")).map { CustomField(name: $0, value: $1) }
    }

    /// Puts the typed values into `input`, adding a message for each one that cannot be read.
    func apply(to input: inout ItemInput, currency: Currency, errors: inout [FieldError]) {
        func amount(_ text: String, _ field: String, _ label: String) -> Int64?? {
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
            do { return try Money.parseTyped(text, currency: currency).minorUnits } catch {
                errors.append(FieldError(field: field, message: error.message(naming: label)))
                return nil
            }
        }
        func date(_ text: String, _ field: String, _ label: String) -> CalendarDate?? {
            let text = text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return .some(nil) }
            if let date = CalendarDate(iso: text) { return date }
            errors.append(FieldError(field: field, message: "\(label) must be a date that exists, as YYYY-MM-DD (like 2021-03-14); “\(text.prefix(40))” is not."))
            return nil
        }
        var details = ItemDetailsInput()
        if let cost = amount(replacementCost, "replacementCost", "Value") { details.replacementCost = cost }
        if let number = Int(quantity.trimmingCharacters(in: .whitespaces)) {
            details.quantity = number
        } else {
            errors.append(FieldError(field: "quantity", message: "Quantity must be a whole number from 1 up, like 2; “\(quantity.prefix(40))” is not."))
        }
        if condition.isEmpty {
            details.condition = .some(nil)
        } else if let known = ItemCondition(rawValue: condition) {
            details.condition = known
        } else {
            errors.append(FieldError(field: "condition", message: "Choose a condition from the list."))
        }
        details.texts = texts
        if locationID.isEmpty {
            input.locationID = .some(nil)
        } else if let id = Location.ID(locationID) {
            input.locationID = id
        } else {
            errors.append(FieldError(field: "locationId", message: "Choose a location from the list."))
        }
        details.tags = tags.split(separator: ",").map(String.init).filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        if let price = amount(purchasePrice, "purchasePrice", "Purchase price") { details.purchasePrice = price }
        if let day = date(purchaseDate, "purchaseDate", "Purchase date") { details.purchaseDate = day }
        if let day = date(replacementCostDate, "replacementCostDate", "Looked up on") { details.replacementCostDate = day }
        details.scheduled = scheduled
        if let rider = amount(riderAmount, "riderAmount", "Rider amount") { details.riderAmount = rider }
        if let day = date(warrantyExpires, "warrantyExpires", "Warranty ends") { details.warrantyExpires = day }
        details.lifetimeWarranty = lifetimeWarranty
        if disposedKind.isEmpty {
            details.disposal = .some(nil)
        } else if let kind = DisposalKind(rawValue: disposedKind) {
            var disposal = Disposal(kind: kind, notes: disposedNotes)
            if let day = date(disposedDate, "disposed.date", "Disposal date") { disposal.date = day ?? nil }
            if let price = amount(disposedPrice, "disposed.price", "Price") { disposal.price = price ?? nil }
            details.disposal = disposal
        } else {
            errors.append(FieldError(field: "disposed", message: "Choose what became of it from the list."))
        }
        var fields: [String: String] = [:]
        for field in customFields where !(field.name + field.value).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if fields[field.name] != nil {
                errors.append(FieldError(field: "customFields", message: "Two custom fields are named “\(field.name)”. Keep one."))
            }
            fields[field.name] = field.value
        }
        details.customFields = fields
        input.details = details
    }
}
