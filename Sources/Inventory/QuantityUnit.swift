import TextRules

/// What a quantity counts: pieces (said by nothing, "6"), or one unit from a known list ("2.5 gal",
/// "0.75 roll"). A list rather than free text: the unit is printed beside figures on the schedule an
/// adjuster checks and in the files insurers import, where "1.5 of 2.5 gal" reads right only if one
/// unit is spelled one way on every line; a list also lets the form offer a choice and the API name
/// what it takes when a client sends a typo. People's spellings ("gallons", "litre", "pcs") are taken
/// and stored as the unit's one symbol.
public struct QuantityUnit: Sendable, Hashable {
    /// The unit as stored and written everywhere: "" for pieces, else a symbol from `all`.
    public let symbol: String

    private init(symbol: String) { self.symbol = symbol }

    public static let pieces = QuantityUnit(symbol: "")

    public var isPieces: Bool { symbol.isEmpty }

    /// Every unit, pieces first, in the order a form offers them, with what it is called in full.
    public static let all: [(unit: QuantityUnit, name: String)] = [
        (pieces, "pieces"), (QuantityUnit(symbol: "pair"), "pairs"), (QuantityUnit(symbol: "set"), "sets"), (QuantityUnit(symbol: "pack"), "packs"),
        (QuantityUnit(symbol: "box"), "boxes"), (QuantityUnit(symbol: "bag"), "bags"), (QuantityUnit(symbol: "roll"), "rolls"),
        (QuantityUnit(symbol: "sheet"), "sheets"), (QuantityUnit(symbol: "bottle"), "bottles"), (QuantityUnit(symbol: "can"), "cans"),
        (QuantityUnit(symbol: "gal"), "gallons"), (QuantityUnit(symbol: "qt"), "quarts"), (QuantityUnit(symbol: "pt"), "pints"),
        (QuantityUnit(symbol: "fl oz"), "fluid ounces"), (QuantityUnit(symbol: "L"), "litres"), (QuantityUnit(symbol: "mL"), "millilitres"),
        (QuantityUnit(symbol: "m"), "metres"), (QuantityUnit(symbol: "cm"), "centimetres"), (QuantityUnit(symbol: "mm"), "millimetres"),
        (QuantityUnit(symbol: "ft"), "feet"), (QuantityUnit(symbol: "in"), "inches"), (QuantityUnit(symbol: "yd"), "yards"),
        (QuantityUnit(symbol: "sq m"), "square metres"), (QuantityUnit(symbol: "sq ft"), "square feet"),
        (QuantityUnit(symbol: "kg"), "kilograms"), (QuantityUnit(symbol: "g"), "grams"), (QuantityUnit(symbol: "lb"), "pounds"), (QuantityUnit(symbol: "oz"), "ounces"),
    ]

    /// Other ways people write a unit, lower-cased, to its symbol.
    private static let aliases: [String: String] = [
        "pc": "", "pcs": "", "piece": "", "pieces": "", "each": "", "ea": "", "item": "", "items": "",
        "pairs": "pair", "sets": "set", "packs": "pack", "boxes": "box", "bags": "bag", "rolls": "roll", "sheets": "sheet",
        "bottles": "bottle", "cans": "can", "gallon": "gal", "gallons": "gal", "quart": "qt", "quarts": "qt",
        "pint": "pt", "pints": "pt", "floz": "fl oz", "fl. oz": "fl oz", "fl. oz.": "fl oz", "l": "L", "litre": "L", "litres": "L", "liter": "L", "liters": "L",
        "ml": "mL", "metre": "m", "metres": "m", "meter": "m", "meters": "m", "foot": "ft", "feet": "ft",
        "inch": "in", "inches": "in", "yard": "yd", "yards": "yd", "m2": "sq m", "m²": "sq m", "ft2": "sq ft", "ft²": "sq ft",
        "kilogram": "kg", "kilograms": "kg", "kgs": "kg", "gram": "g", "grams": "g", "lbs": "lb", "pound": "lb", "pounds": "lb",
        "ounce": "oz", "ounces": "oz", "fluid ounce": "fl oz", "fluid ounces": "fl oz", "millilitre": "mL", "millilitres": "mL",
        "milliliter": "mL", "milliliters": "mL", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm", "centimeters": "cm",
        "millimetre": "mm", "millimetres": "mm", "millimeter": "mm", "millimeters": "mm", "square metre": "sq m", "square metres": "sq m",
        "square meter": "sq m", "square meters": "sq m", "square foot": "sq ft", "square feet": "sq ft",
    ]

    /// The unit a person, a client or a file names: a symbol in any case (`GAL`, `l`), a name
    /// (`gallons`, `litre`), empty for pieces; nil for anything else.
    public init?(_ text: String) {
        let key = text.trimmingWhitespace().lowercased()
        if let known = Self.all.first(where: { $0.unit.symbol.lowercased() == key }) {
            self = known.unit
        } else if let symbol = Self.aliases[key] {
            self.init(symbol: symbol)
        } else {
            return nil
        }
    }

    /// What the API and the forms take, for messages: `"" (pieces), pair, set, …`.
    public static var listed: String {
        "\"\" (pieces), " + all.dropFirst().map(\.unit.symbol).joined(separator: ", ")
    }

    /// "2.5 gal", "6": a quantity as a page, a schedule or a file shows it.
    public func describing(_ quantity: Quantity) -> String {
        isPieces ? quantity.grouped : quantity.grouped + " " + symbol
    }
}
