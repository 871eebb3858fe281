import TextRules

/// Field values for creating or changing an item, as a person or client sent them. `nil` means
/// "not given": required when creating, left unchanged when editing.
public struct ItemInput: Sendable, Equatable {
    public var name: String?
    public var serialNumber: String?
    public var valueInDollars: Int?
    /// Where it is kept: `.some(nil)` says "nowhere in particular".
    public var locationID: Location.ID??
    public var details = ItemDetailsInput()

    public init(name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil, locationID: Location.ID?? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.locationID = locationID
    }

    public static let maxNameLength = 1_000
    public static let maxSerialNumberLength = 200
    static let nameRule = NameRule(noun: "item", example: "Camera", maxLength: maxNameLength)
    static let serialNumberRule = TextRule(Message("error.field.label.serial-number", "Serial number"), maxCharacters: maxSerialNumberLength, oneLine: true, tooLong: TextRule.charactersShortenIt)
    public static let maxValueInDollars = 1_000_000_000

    /// The input with text trimmed, checked against the inventory's rules; every broken rule is reported.
    /// - Parameter creating: when true, a missing name is an error.
    public func validated(creating: Bool) throws(ValidationError) -> ItemInput {
        var errors: [FieldError] = []
        var result = self
        result.name = Self.nameRule.check(name, creating: creating, into: &errors)
        if let serialNumber {
            let trimmed = serialNumber.trimmingWhitespace()
            Self.serialNumberRule.check(trimmed, field: "serialNumber", into: &errors)
            result.serialNumber = trimmed
        }
        if let valueInDollars {
            if valueInDollars < 0 {
                errors.append(FieldError(field: "valueInDollars", Message("error.item.value-negative", "Value can’t be negative. Enter a whole number of dollars, 0 or more.")))
            } else if valueInDollars > Self.maxValueInDollars {
                errors.append(FieldError(field: "valueInDollars", Message("error.item.value-too-large", "Value can be at most $\(Self.maxValueInDollars.grouped). Enter a smaller whole number of dollars.",
                                                                             ["limit": .amount(minorUnits: Int64(Self.maxValueInDollars) * 100, currency: "USD")])))
            }
        }
        result.details = details.validated(into: &errors)
        guard errors.isEmpty else { throw ValidationError(errors: errors) }
        return result
    }
}

extension String {
    /// Without whitespace characters at either end, each end looked at as a code point first: a
    /// character made of many ("a" and 100,000 marks) is not read whole to find it is not whitespace
    /// (230 ms for 300,000 marks on a loaded machine). A space carrying marks at the end (" ́") stays.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.unicodeScalars.first, first.properties.isWhitespace, let character = slice.first, character.isWhitespace {
            slice.removeFirst()
        }
        while let last = slice.unicodeScalars.last, last.properties.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    /// Empty, or only whitespace and invisible format characters (zero-width space, BOM).
    var isInvisible: Bool {
        unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.generalCategory == .format }
    }
}
