import Inventory
import Messages

/// What a field must be, in the words "… must be …, not …" put it (`FieldReading.wrongKind`): the
/// kinds many fields share. A field of its own kind names its own (`InputField(expected:)`).
enum Expected {
    static let text = Message("error.json.expected.text", "text")
    static let flag = Message("error.json.expected.flag", "true or false")
    static let quantity = Message("error.json.expected.quantity", "a number above 0, like 2 or 2.5")
    static let unit = Message("error.json.expected.unit", "a unit: \(QuantityUnit.listed)", ["units": .text(QuantityUnit.listed)])
    static let amount = Message("error.json.expected.amount", "an amount")
    static let date = Message("error.json.expected.date", "a date")
    static let wholeNumber = Message("error.json.expected.whole-number", "a whole number")
}
