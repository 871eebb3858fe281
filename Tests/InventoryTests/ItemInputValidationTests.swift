import Inventory
import Testing

/// `ItemInput.validated`: every broken rule is reported on its field, with a message that names the limit.
@Suite struct ItemInputValidationTests {
    /// The errors `input` produces, or [] when it is valid.
    static func errors(_ input: ItemInput, creating: Bool = true) -> [FieldError] {
        do {
            _ = try input.validated(creating: creating)
            return []
        } catch {
            return error.errors
        }
    }

    @Test func validInputPassesAndIsTrimmed() throws {
        let result = try ItemInput(name: "  Camera\n", serialNumber: " SN-1\t", valueInDollars: 50).validated(creating: true)
        #expect(result == ItemInput(name: "Camera", serialNumber: "SN-1", valueInDollars: 50))
    }

    @Test(arguments: ["", " ", "   \t  ", "\n", "\u{3000}"])
    func emptyOrWhitespaceNameIsRejected(_ name: String) {
        let errors = Self.errors(ItemInput(name: name))
        #expect(errors.map(\.field) == ["name"])
        #expect(errors.first?.message.contains("empty") == true)
    }

    @Test func missingNameIsRequiredWhenCreatingOnly() {
        let errors = Self.errors(ItemInput(serialNumber: "SN"), creating: true)
        #expect(errors.map(\.field) == ["name"])
        #expect(errors.first?.message.contains("required") == true)
        #expect(Self.errors(ItemInput(serialNumber: "SN"), creating: false) == [])
    }

    @Test func nameOfExactlyOneThousandCharactersIsAccepted() throws {
        let name = String(repeating: "a", count: 1_000)
        #expect(Self.errors(ItemInput(name: name)) == [])
        #expect(Self.errors(ItemInput(name: "  " + name + " ")) == [])
        #expect(Self.errors(ItemInput(name: String(repeating: "📷", count: 1_000))) == [])
    }

    @Test func nameOverOneThousandCharactersIsRejectedNamingTheLimit() {
        let errors = Self.errors(ItemInput(name: String(repeating: "a", count: 1_001)))
        #expect(errors.map(\.field) == ["name"])
        #expect(errors.first?.message.contains("1,000") == true, "\(errors)")
    }

    @Test(arguments: ["Cam\tera", "Cam\nera", "Cam\u{0}era", "Cam\u{7}era", "Cam\u{1B}[31mera", "Cam\u{7F}era", "Cam\u{85}era"])
    func controlCharactersInNameAreRejected(_ name: String) {
        let errors = Self.errors(ItemInput(name: name))
        #expect(errors.map(\.field) == ["name"])
        #expect(errors.first?.message.contains("control characters") == true)
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are line breaks (browsers break the line
    /// there), and the message promises names have none, but they are format characters, not `Cc`.
    @Test(arguments: ["Cam\u{2028}era", "Cam\u{2029}era"])
    func unicodeLineBreaksInNameAreRejected(_ name: String) {
        let errors = Self.errors(ItemInput(name: name))
        #expect(errors.map(\.field) == ["name"])
    }

    @Test func controlCharactersInSerialNumberAreRejected() {
        let errors = Self.errors(ItemInput(name: "Camera", serialNumber: "SN\r\n42"))
        #expect(errors.map(\.field) == ["serialNumber"])
        #expect(errors.first?.message.contains("control characters") == true)
    }

    @Test func serialNumberLimitIsTwoHundredCharacters() {
        #expect(Self.errors(ItemInput(name: "Camera", serialNumber: String(repeating: "9", count: 200))) == [])
        let errors = Self.errors(ItemInput(name: "Camera", serialNumber: String(repeating: "9", count: 201)))
        #expect(errors.map(\.field) == ["serialNumber"])
        #expect(errors.first?.message.contains("200") == true, "\(errors)")
    }

    @Test func emptySerialNumberIsAllowed() {
        #expect(Self.errors(ItemInput(name: "Camera", serialNumber: "")) == [])
    }

    @Test(arguments: [0, 1, 49, 50, 1_000_000_000])
    func valuesInRangeAreAccepted(_ value: Int) {
        #expect(Self.errors(ItemInput(name: "Camera", valueInDollars: value)) == [])
    }

    @Test(arguments: [-1, -1_000, Int.min])
    func negativeValueIsRejected(_ value: Int) {
        let errors = Self.errors(ItemInput(name: "Camera", valueInDollars: value))
        #expect(errors.map(\.field) == ["valueInDollars"])
        #expect(errors.first?.message.contains("negative") == true)
        #expect(errors.first?.message.contains("0 or more") == true)
    }

    @Test(arguments: [1_000_000_001, Int.max])
    func valueOverOneBillionIsRejectedNamingTheLimit(_ value: Int) {
        let errors = Self.errors(ItemInput(name: "Camera", valueInDollars: value))
        #expect(errors.map(\.field) == ["valueInDollars"])
        #expect(errors.first?.message.contains("$1,000,000,000") == true, "\(errors)")
    }

    @Test func allBrokenRulesAreReportedTogether() {
        let error = #expect(throws: ValidationError.self) {
            try ItemInput(name: " ", serialNumber: String(repeating: "x", count: 201), valueInDollars: -5).validated(creating: true)
        }
        #expect(error?.errors.map(\.field) == ["name", "serialNumber", "valueInDollars"])
        #expect(error?.message(for: "serialNumber")?.contains("200") == true)
        #expect(error?.message(for: "valueInDollars")?.contains("negative") == true)
        #expect(error?.summary.contains("200") == true)
        #expect(error?.summary.contains("negative") == true)
    }

    @Test func editingWithNoFieldsIsValidAndChangesNothing() throws {
        #expect(try ItemInput().validated(creating: false) == ItemInput())
    }
}
