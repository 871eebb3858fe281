import Foundation
import HTTPServer
import Inventory
import Messages

/// The detail page's claim fields exactly as typed, so a rejected form comes back with the person's
/// text. Field names are the JSON API's, so a message for `purchasePrice` lands beside its field
/// whichever way the form was sent.
struct ItemDetailsForm: Sendable, Equatable {
    var replacementCost = ""
    var quantity = "1"
    /// A unit's symbol, "" for pieces.
    var quantityUnit = ""
    var businessUse = false
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
    /// Paid in another currency: its code ("" for the inventory's own), the amount as typed, the rate
    /// ("" for the ECB's) and the rate's day.
    var paidCurrency = ""
    var paidAmount = ""
    var paidRate = ""
    var paidRateDate = ""
    /// What the item holds, shown beside the fields: the purchase and what it was converted to.
    var paid: PurchasePaid?
    var paidConverted: Int64?

    init() {}

    /// The item's fields, amounts and quantities written as `numbers` says.
    init(item: Item, currency: Currency, numbers: TypedNumbers) {
        let details = item.details
        func amount(_ minorUnits: Int64?) -> String { numbers.amount(minorUnits, in: currency) }
        replacementCost = amount(details.replacementCost)
        quantity = numbers.decimal(details.quantity.text)
        quantityUnit = details.quantityUnit.symbol
        businessUse = details.businessUse
        condition = details.condition?.rawValue ?? ""
        texts = Dictionary(uniqueKeysWithValues: ItemDetails.textFieldNames.map { ($0, details.text(named: $0)) })
        locationID = item.locationID.map(String.init) ?? ""
        tags = details.tags.joined(separator: ", ")
        purchasePrice = amount(details.purchasePrice)
        purchaseDate = details.purchaseDate?.text ?? ""
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
        if let purchasePaid = details.purchasePaid {
            (paid, paidConverted) = (purchasePaid, details.purchasePrice)
            paidCurrency = purchasePaid.currency.code
            paidAmount = numbers.amount(purchasePaid.money.minorUnits, in: purchasePaid.currency)
            // An ECB rate is looked up again on saving (from the purchase day, when it is one), so a
            // changed purchase date changes it; a rate the household gave stays as given.
            let purchaseDay: Bool = if case .some(.day) = details.purchaseDate { true } else { false }
            paidRate = purchasePaid.fromECB ? "" : numbers.decimal(purchasePaid.rate.description)
            paidRateDate = purchasePaid.fromECB && purchaseDay ? "" : purchasePaid.rateDate.iso
        }
    }

    /// The claim fields of a posted form, or nil when the form has none (the New Item sheet sends
    /// only the seed's three): a field the form never showed is never cleared.
    init?(fields: FormFields) {
        guard fields["quantity"] != nil else { return nil }
        replacementCost = fields["replacementCost"] ?? ""
        quantity = fields["quantity"] ?? ""
        quantityUnit = fields["quantityUnit"] ?? ""
        businessUse = fields["businessUse"] != nil
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
        paidCurrency = fields["purchasePaidCurrency"] ?? ""
        paidAmount = fields["purchasePaidAmount"] ?? ""
        paidRate = fields["purchasePaidRate"] ?? ""
        paidRateDate = fields["purchasePaidRateDate"] ?? ""
    }

    /// The typed texts by their API names, as `ItemInput.schema` reads a form (a checkbox is `on` or `off`).
    func schemaTexts() -> [String: String] {
        texts.merging([
            "replacementCost": replacementCost, "quantity": quantity, "quantityUnit": quantityUnit,
            "businessUse": businessUse ? "on" : "off", "condition": condition, "locationId": locationID, "tags": tags,
            "purchasePrice": purchasePrice, "purchaseDate": purchaseDate, "replacementCostDate": replacementCostDate,
            "scheduled": scheduled ? "on" : "off", "riderAmount": riderAmount, "warrantyExpires": warrantyExpires,
            "lifetimeWarranty": lifetimeWarranty ? "on" : "off",
        ], uniquingKeysWith: { _, typed in typed })
    }

    /// Puts what the schema does not read into `input` (the disposal and the custom fields, several
    /// form fields each), adding a message for each one that cannot be read.
    func apply(to input: inout ItemInput, currency: Currency, numbers: TypedNumbers, errors: inout [FieldError]) {
        let context = InputContext(currency: currency, numbers: numbers)
        if disposedKind.isEmpty {
            input.details.disposal = .some(nil)
        } else if let kind = DisposalKind(rawValue: disposedKind) {
            var disposal = Disposal(kind: kind, notes: disposedNotes)
            var date = FieldReading(context: context, subject: Message("error.field.disposal-date", "Disposal date"), path: "disposed.date", expected: Expected.date)
            if let day = date.typedDay(disposedDate, example: FieldReading.exampleDay) { disposal.date = day ?? nil }
            var price = FieldReading(context: context, subject: Message("item.field.disposed-price", "Price"), path: "disposed.price", expected: Expected.amount)
            if let amount = price.typedAmount(disposedPrice) { disposal.price = amount ?? nil }
            errors += date.problems + price.problems
            input.details.disposal = disposal
        } else {
            errors.append(FieldError(field: "disposed", Message("error.item.disposed-choice", "Choose what became of it from the list.")))
        }
        var fields: [String: String] = [:]
        for field in customFields where !(field.name + field.value).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if fields[field.name] != nil {
                errors.append(FieldError(field: "customFields", Message("error.item.custom-field-twice-form", "Two custom fields are named “\(field.name)”. Keep one.", ["name": .text(field.name)])))
            }
            fields[field.name] = field.value
        }
        input.details.customFields = fields
        applyPaid(to: &input, currency: currency, numbers: numbers, errors: &errors)
    }

    /// The purchase in another currency, when one is chosen; none chosen leaves the purchase price as typed.
    private func applyPaid(to input: inout ItemInput, currency: Currency, numbers: TypedNumbers, errors: inout [FieldError]) {
        guard !paidCurrency.isEmpty else { return }
        guard let paidIn = Currency(code: paidCurrency) else {
            errors.append(FieldError(field: "purchasePaid", Message("error.item.paid-currency-choice", "Choose the currency paid in from the list.")))
            return
        }
        var amount = FieldReading(context: InputContext(currency: paidIn, numbers: numbers), subject: Message("error.field.amount-paid", "Amount paid"), path: "purchasePaid.amount", expected: Expected.amount)
        let typed = amount.typedAmount(paidAmount)
        if case .some(.none) = typed { amount.refuse(Message("error.item.paid-amount-missing", "Enter the amount paid in \(paidIn.code), such as “\(paidIn.exampleAmount)”.",
                                                                 ["currency": .text(paidIn.code), "example": .text(numbers.decimal(paidIn.exampleAmount, currency: paidIn))])) }
        var paid = PurchasePaidInput(amount: (typed ?? nil) ?? 0, currency: paidIn)
        if !paidRate.trimmingCharacters(in: .whitespaces).isEmpty {
            do { paid.rate = try ExchangeRate(parsing: numbers.plainDecimal(paidRate.trimmingCharacters(in: .whitespaces))) } catch {
                errors.append(FieldError(field: "purchasePaid.rate", error.wording(naming: Message("purchase.paid.rate", "Rate"))))
            }
        }
        var day = FieldReading(context: InputContext(currency: currency), subject: Message("error.field.rate-date", "Rate’s date"), path: "purchasePaid.rateDate", expected: Expected.date)
        if let rateDate = day.typedDay(paidRateDate, example: FieldReading.exampleDay) { paid.rateDate = rateDate ?? nil }
        errors += amount.problems + day.problems
        input.details.purchasePaid = paid
    }
}
