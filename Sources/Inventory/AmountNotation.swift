/// How one language writes amounts (`LocalFormats.amountNotation` in Localization says it for a
/// language, from ICU's CLDR): what a person's typing is read against.
public struct AmountNotation: Sendable, Equatable {
    /// "," in German and French, "." in English, "٫" in Arabic.
    public let decimalSeparator: Unicode.Scalar
    /// "." in German, "," in English, U+202F (narrow no-break space) in French, "٬" in Arabic.
    public let groupingSeparator: Unicode.Scalar
    /// "0", or "٠" where the language writes Arabic-Indic digits (ASCII digits are read too).
    public let zeroDigit: Unicode.Scalar
    /// The currency's symbol as the language writes it ("€", "US$"), taken off either end.
    public let currencySymbol: String
    /// An amount as the language writes it ("1.234,56"), for saying what was expected.
    public let example: String

    public init(decimalSeparator: Unicode.Scalar, groupingSeparator: Unicode.Scalar, zeroDigit: Unicode.Scalar, currencySymbol: String, example: String) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.zeroDigit = zeroDigit
        self.currencySymbol = currencySymbol
        self.example = example
    }

    /// Spaces a person may type for a grouping space: a plain one, a no-break one, a narrow one.
    static let spaces: Set<Unicode.Scalar> = [" ", "\u{A0}", "\u{202F}"]

    func isGrouping(_ scalar: Unicode.Scalar) -> Bool {
        scalar == groupingSeparator || Self.spaces.contains(groupingSeparator) && Self.spaces.contains(scalar)
    }
}
