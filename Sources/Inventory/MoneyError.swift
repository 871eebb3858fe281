/// Why text is not an amount, or an amount is out of bounds. The messages name the amount "Amount";
/// `message(naming:)` puts the field's label in its place ("Purchase price can’t be negative.").
public enum MoneyError: Error, Sendable, Equatable {
    case empty(Currency)
    /// The text as sent, shortened if long.
    case notANumber(String, Currency)
    case negative(Currency)
    case tooManyDecimals(Currency)
    case tooLarge(limit: Money)
    /// A sum or quantity × amount beyond 64 bits.
    case totalTooLarge(Currency)
    /// Text typed in a language's form that does not read as an amount in it (`Money.parse(_:currency:writtenAs:)`):
    /// the text, what is wrong, and an amount written the language's way.
    case notWrittenAs(String, WritingProblem, example: String)

    public enum WritingProblem: Sendable, Equatable {
        case empty, unreadable, negative
        case tooManyDecimals(Currency)
    }

    public var message: String { message(naming: "Amount") }

    public func message(naming subject: String) -> String {
        switch self {
        case .empty(let currency):
            "\(subject) is empty. Enter an amount, such as “\(currency.exampleAmount)”."
        case .notANumber(let text, let currency):
            "\(subject) “\(text)” isn’t a number. \(currency.howToWriteAmounts)"
        case .negative(let currency):
            "\(subject) can’t be negative. Enter 0 or more, such as “\(currency.exampleAmount)”."
        case .tooManyDecimals(let currency) where currency.minorUnits == 0:
            "\(subject) can’t have decimals: \(currency.code) has no decimals. Enter a whole number, such as “\(currency.exampleAmount)”."
        case .tooManyDecimals(let currency):
            "\(subject) has too many decimals: \(currency.code) has at most \(currency.minorUnits) decimals. Enter an amount such as “\(currency.exampleAmount)”."
        case .tooLarge(let limit):
            "\(subject) can be at most \(limit.formattedWithoutZeroFraction). Enter a smaller amount."
        case .notWrittenAs(_, .empty, let example):
            "\(subject) is empty. Write an amount like \(example)."
        case .notWrittenAs(let text, .unreadable, let example):
            "\(subject) “\(text)” can’t be read as an amount. Write an amount like \(example)."
        case .notWrittenAs(_, .negative, let example):
            "\(subject) can’t be negative. Write 0 or more, like \(example)."
        case .notWrittenAs(_, .tooManyDecimals(let currency), let example) where currency.minorUnits == 0:
            "\(subject) can’t have decimals: \(currency.code) has none. Write an amount like \(example)."
        case .notWrittenAs(_, .tooManyDecimals(let currency), let example):
            "\(subject) has too many decimals: \(currency.code) has at most \(currency.minorUnits). Write an amount like \(example)."
        case .totalTooLarge:
            "\(subject) adds up to more than the inventory can count. Enter a smaller quantity or amount."
        }
    }
}

extension Currency {
    /// An amount written as the API wants it in this currency: `1299.99`, `1300`, `1299.999`.
    public var exampleAmount: String {
        minorUnits == 0 ? "1300" : "1299." + String(repeating: "9", count: minorUnits)
    }

    var howToWriteAmounts: String {
        minorUnits == 0
            ? "Enter a whole number of \(code), such as “\(exampleAmount)”."
            : "Enter digits with a point before the decimals, such as “\(exampleAmount)”."
    }
}
