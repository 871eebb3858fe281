/// Field values for creating or changing an item, as a person or client sent them. `nil` means
/// "not given": required when creating, left unchanged when editing.
public struct ItemInput: Sendable, Equatable {
    public var name: String?
    public var serialNumber: String?
    public var valueInDollars: Int?
    /// Where it is kept: `.some(nil)` says "nowhere in particular".
    public var locationID: Int64??
    public var details = ItemDetailsInput()

    public init(name: String? = nil, serialNumber: String? = nil, valueInDollars: Int? = nil, locationID: Int64?? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.locationID = locationID
    }

    public static let maxNameLength = 1_000
    public static let maxSerialNumberLength = 200
    public static let maxValueInDollars = 1_000_000_000

    /// The input with text trimmed, checked against the inventory's rules; every broken rule is reported.
    /// - Parameter creating: when true, a missing name is an error.
    public func validated(creating: Bool) throws(ValidationError) -> ItemInput {
        var errors: [FieldError] = []
        var result = self
        result.name = NameRule(noun: "item", example: "Camera", maxLength: Self.maxNameLength).check(name, creating: creating, into: &errors)
        if let serialNumber {
            let trimmed = serialNumber.trimmingWhitespace()
            if trimmed.count > Self.maxSerialNumberLength {
                errors.append(FieldError(field: "serialNumber", message: "Serial number is \(trimmed.count.grouped) characters; the limit is \(Self.maxSerialNumberLength) characters. Shorten it."))
            } else if trimmed.containsControlCharacters {
                errors.append(FieldError(field: "serialNumber", message: "Serial number can’t contain control characters such as tabs or line breaks."))
            }
            result.serialNumber = trimmed
        }
        if let valueInDollars {
            if valueInDollars < 0 {
                errors.append(FieldError(field: "valueInDollars", message: "Value can’t be negative. Enter a whole number of dollars, 0 or more."))
            } else if valueInDollars > Self.maxValueInDollars {
                errors.append(FieldError(field: "valueInDollars", message: "Value can be at most $\(Self.maxValueInDollars.grouped). Enter a smaller whole number of dollars."))
            }
        }
        result.details = details.validated(into: &errors)
        guard errors.isEmpty else { throw ValidationError(errors: errors) }
        return result
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    /// Control characters and the Unicode line and paragraph separators: all break a one-line field.
    var containsControlCharacters: Bool {
        unicodeScalars.contains {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }
    }

    /// Empty, or only whitespace and invisible format characters (zero-width space, BOM).
    var isInvisible: Bool {
        unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.generalCategory == .format }
    }
}
