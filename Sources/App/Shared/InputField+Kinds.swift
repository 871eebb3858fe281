import Database
import Foundation
import Inventory
import Messages

/// The kinds of field inputs are made of, each with its JSON rule, its form rule and its wording.
extension InputField {
    /// Text, taken as sent (the input's own rules trim and check it); `nullable` takes null as "".
    static func text(_ name: String, _ key: WritableKeyPath<Input, String?>, nullable: Bool = false) -> Self {
        InputField(name: name, api: nullable ? "string|null" : "string", expected: Expected.text, json: { value, input, reading in
            switch value {
            case .string(let text): input[keyPath: key] = text
            case .null where nullable: input[keyPath: key] = ""
            default: reading.wrongKind(value)
            }
        }, form: { text, input, _ in
            if let text { input[keyPath: key] = text }
        })
    }

    /// true or false; a form's checkbox, ticked when sent as `on` (a form that shows it and leaves
    /// it unticked passes another text, `off`, to clear it; one that does not show it passes none).
    static func flag(_ name: String, _ key: WritableKeyPath<Input, Bool?>) -> Self {
        InputField(name: name, api: "boolean", expected: Expected.flag, json: { value, input, reading in
            guard case .bool(let flag) = value else { return reading.wrongKind(value) }
            input[keyPath: key] = flag
        }, form: { text, input, _ in
            if let text { input[keyPath: key] = text == "on" }
        })
    }

    /// An exact quantity above 0 (`Quantity`): a JSON number (`2`, `2.5`, `0.75`), or a form's text as
    /// typed; messages name the field and say what to write.
    static func quantity(_ name: String, _ key: WritableKeyPath<Input, Quantity?>) -> Self {
        InputField(name: name, api: "Quantity", expected: Expected.quantity, json: { value, input, reading in
            let parsed: Quantity?
            switch value {
            case .integer(let number): parsed = reading.quantity(String(number))
            case .number(let number): parsed = reading.quantity(jsonNumber: number)
            default: return reading.wrongKind(value)
            }
            if let parsed { input[keyPath: key] = parsed }
        }, form: { text, input, reading in
            guard let text else { return }
            if let parsed = reading.quantity(reading.context.numbers.plainDecimal(text)) { input[keyPath: key] = parsed }
        })
    }

    /// What a quantity counts: pieces (`""`) or a unit of `QuantityUnit.all`, by symbol or name.
    static func quantityUnit(_ name: String, _ key: WritableKeyPath<Input, QuantityUnit?>) -> Self {
        InputField(name: name, api: "QuantityUnit", expected: Expected.unit, json: { value, input, reading in
            guard case .string(let text) = value else { return reading.wrongKind(value) }
            if let unit = QuantityUnit(text) { input[keyPath: key] = unit } else { reading.refuseUnit(text) }
        }, form: { text, input, reading in
            guard let text else { return }
            if let unit = QuantityUnit(text) { input[keyPath: key] = unit } else { reading.refuseUnit(text) }
        })
    }

    /// Another record's id, or null for none; a form's choice from a list (`choose`: "a location").
    static func id<Entity>(_ name: String, _ key: WritableKeyPath<Input, RowID<Entity>??>, expected: Message, choose: Message) -> Self {
        InputField(name: name, api: "integer|null", expected: expected, json: { value, input, reading in
            switch value {
            case .null: input[keyPath: key] = .some(nil)
            case .integer(let id) where id > 0: input[keyPath: key] = RowID(id)
            default: reading.wrongKind(value)
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.isEmpty {
                input[keyPath: key] = .some(nil)
            } else if let id = RowID<Entity>(text) {
                input[keyPath: key] = id
            } else {
                reading.refuse(Message("error.form.choose-from-list", "Choose \(choose.english) from the list.", ["choice": .message(choose)]))
            }
        })
    }

    /// An amount of money in the household's currency, or null (blank in a form) for none.
    /// An amount, or null (blank in a form) for none. `negative`: what to say of a negative amount
    /// where 0 is not allowed either (the store refuses 0 with the same words).
    static func amount(_ name: String, _ key: WritableKeyPath<Input, Int64??>, negative: Message? = nil) -> Self {
        InputField(name: name, api: "Amount", expected: Expected.amount, json: { value, input, reading in
            if let amount = reading.amount(value, negative: negative) { input[keyPath: key] = amount }
        }, form: { text, input, reading in
            guard let text else { return }
            if let amount = reading.typedAmount(text, negative: negative) { input[keyPath: key] = amount }
        })
    }

    /// A day, `YYYY-MM-DD`, or null (blank in a form) for none; `example` is the day a form's message shows.
    static func day(_ name: String, _ key: WritableKeyPath<Input, CalendarDate??>, example: String = FieldReading.exampleDay) -> Self {
        InputField(name: name, api: "Day", expected: Expected.date, json: { value, input, reading in
            if let day = reading.day(value) { input[keyPath: key] = day }
        }, form: { text, input, reading in
            guard let text else { return }
            if let day = reading.typedDay(text, example: example) { input[keyPath: key] = day }
        })
    }
}

extension InputField {
    /// A purchase date: a day, a month (`2019-06`), a year (`2019`), "about 5 years ago" (said on the
    /// context's day, and stored with it) or what that becomes (`about 5 years before 2024-12-06`);
    /// null, or a form's blank, for none. Not after the context's day.
    static func purchaseDate(_ name: String, _ key: WritableKeyPath<Input, PurchaseDate??>) -> Self {
        InputField(name: name, api: "PurchaseDate", expected: Expected.date, json: { value, input, reading in
            switch value {
            case .null: input[keyPath: key] = .some(nil)
            case .string(let text): if let date = reading.purchaseDate(text) { input[keyPath: key] = date }
            default: reading.refuse(Message("error.json.purchase-date-kind",
                                            "\(name) must be a day (2021-03-14), a month (2019-06), a year (2019) or “about 5 years ago” as text, or null; not \(value.kindDescription).",
                                            ["name": .text(name), "kind": .message(value.kind)]))
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { input[keyPath: key] = .some(nil) } else if let date = reading.purchaseDate(text) { input[keyPath: key] = date }
        })
    }
}

extension InputField {
    /// One of a fixed list of values by its API name (`api` is its component in `openapi.json`);
    /// `nullable` takes null, and a form's blank, for none. A value not in the list is named with the
    /// ones that are.
    static func choice<Value: RawRepresentable & CaseIterable>(_ name: String, api: String, nullable: Bool, choose: Message,
                                                               set: @escaping (inout Input, Value?) -> Void) -> Self where Value.RawValue == String {
        let names = Value.allCases.map { "“\($0.rawValue)”" }
        let list = DisplayFormat.alternatives(names)
        let expected = nullable ? Message("error.json.expected.one-of-or-null", "one of \(list) or null", ["choices": .alternatives(names)])
            : Message("error.json.expected.one-of", "one of \(list)", ["choices": .alternatives(names)])
        return InputField(name: name, api: api, expected: expected, json: { value, input, reading in
            switch value {
            case .null where nullable: set(&input, nil)
            case .string(let text):
                if let known = Value(rawValue: text) { set(&input, known) } else {
                    let arguments: [String: Message.Argument] = ["name": .text(name), "choices": .alternatives(names), "text": .text(String(text.prefix(40)))]
                    reading.refuse(nullable ? Message("error.json.not-one-of-or-null", "\(name) must be \(list), or null; “\(text.prefix(40))” is not one.", arguments)
                                            : Message("error.json.not-one-of", "\(name) must be \(list); “\(text.prefix(40))” is not one.", arguments))
                }
            default: reading.wrongKind(value)
            }
        }, form: { text, input, reading in
            guard let text else { return }
            if text.isEmpty, nullable {
                set(&input, nil)
            } else if let known = Value(rawValue: text) {
                set(&input, known)
            } else {
                reading.refuse(Message("error.form.choose-from-list", "Choose \(choose.english) from the list.", ["choice": .message(choose)]))
            }
        })
    }
}

/// The rules for amounts, quantities and days, written once for the JSON API and the forms.
extension FieldReading {
    /// A quantity's text (a form's, or a JSON integer's digits); nil, refused, when it is not one.
    mutating func quantity(_ text: String) -> Quantity? {
        do { return try Quantity.parse(text) } catch {
            refuse(error.wording(naming: subject))
            return nil
        }
    }

    /// A JSON number with a fraction, as the parser hands it over (a double). Its shortest decimal
    /// text is exactly what the client wrote for every number a quantity can hold (at most 11
    /// significant digits, well within a double's 15), so the quantity is exact; the rest is refused.
    mutating func quantity(jsonNumber number: Double) -> Quantity? {
        guard number.isFinite else { return quantity("\(number)") }
        if number > 0, number < 0.0001 { refuse(QuantityError.tooManyDecimals("\(number)").wording(naming: subject)); return nil }
        if number > Double(Quantity.max.tenThousandths / Quantity.scale) { refuse(QuantityError.tooLarge("\(number)").wording(naming: subject)); return nil }
        return quantity(number.description)
    }

    mutating func refuseUnit(_ text: String) {
        refuse(Message("error.quantity.unknown-unit", "\(name) “\(text.prefix(20))” is not a unit Homepwner knows. Use one of \(QuantityUnit.listed).",
                       ["field": .message(subject), "text": .text(String(text.prefix(20))), "units": .text(QuantityUnit.listed)]))
    }

    static let exampleDay = "2021-03-14"

    /// An amount as the API sends it (`"1299.99"`): `.some(nil)` for null; nil, refused, when it cannot be read.
    mutating func amount(_ value: JSONValue, negative: Message? = nil) -> Int64?? {
        switch value {
        case .null: return .some(nil)
        case .string(let text):
            do { return try Money.parse(text, currency: context.currency).minorUnits } catch {
                refuse(error == .negative(context.currency) ? negative ?? error.wording(naming: subject) : error.wording(naming: subject))
                return nil
            }
        default:
            refuse(Message("error.json.amount-kind", "\(name) must be an amount as text, like \"1299.99\" (in \(context.currency.code)), or null; not \(value.kindDescription).",
                           ["name": .text(name), "currency": .text(context.currency.code), "kind": .message(value.kind)]))
            return nil
        }
    }

    /// An amount as a person types it (`$1,299.99`): blank clears it; nil, refused, when it cannot be read.
    mutating func typedAmount(_ text: String, negative: Message? = nil) -> Int64?? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
        do { return try context.numbers.money(text, currency: context.currency).minorUnits } catch {
            refuse(error == .negative(context.currency) ? negative ?? error.wording(naming: subject) : error.wording(naming: subject))
            return nil
        }
    }

    /// A day as the API sends it (`"2021-03-14"`): `.some(nil)` for null; nil, refused, when it is not a day.
    mutating func day(_ value: JSONValue) -> CalendarDate?? {
        switch value {
        case .null: return .some(nil)
        case .string(let text) where CalendarDate(iso: text) != nil: return CalendarDate(iso: text)
        case .string(let text): refuse(notADay(text, example: Self.exampleDay))
        default: refuse(Message("error.json.day-kind", "\(name) must be a date as text, YYYY-MM-DD, or null; not \(value.kindDescription).",
                                ["name": .text(name), "kind": .message(value.kind)]))
        }
        return nil
    }

    /// A purchase date in any of its forms (`PurchaseDate`); nil, refused, when it cannot be read.
    mutating func purchaseDate(_ text: String) -> PurchaseDate? {
        do { return try PurchaseDate(parsing: text, today: CalendarDate(context.now)) } catch {
            refuse(error.wording(naming: subject))
            return nil
        }
    }

    /// A day as typed in a form: blank clears it; nil, refused, when it is not a day.
    mutating func typedDay(_ text: String, example: String) -> CalendarDate?? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .some(nil) }
        if let day = CalendarDate(iso: text) { return day }
        refuse(notADay(text, example: example))
        return nil
    }

    private func notADay(_ text: String, example: String) -> Message {
        Message("error.day.not-a-day", "\(name) must be a date that exists, as YYYY-MM-DD (like \(example)); “\(text.prefix(40))” is not.",
                ["field": .message(subject), "example": .text(example), "text": .text(String(text.prefix(40)))])
    }
}
