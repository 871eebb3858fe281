import Messages
import TextRules

// What the input errors say, as messages of the catalogues: each names the field it is about as the
// form or API names it (`subject`, a label in the reader's language or an API name), and says what
// to write. Their US English is `message(naming:)`'s, word for word (`ErrorLanguageTests` checks).

extension MoneyError {
    public func wording(naming subject: Message) -> Message {
        let english = message(naming: subject.english), field = Message.Argument.message(subject)
        return switch self {
        case .empty(let currency):
            Message("error.amount.empty", english, ["field": field, "example": .text(currency.exampleAmount)])
        case .notANumber(let text, let currency) where currency.minorUnits == 0:
            Message("error.amount.not-a-whole-number", english, ["field": field, "text": .text(text), "currency": .text(currency.code), "example": .text(currency.exampleAmount)])
        case .notANumber(let text, let currency):
            Message("error.amount.not-a-number", english, ["field": field, "text": .text(text), "example": .text(currency.exampleAmount)])
        case .negative(let currency):
            Message("error.amount.negative", english, ["field": field, "example": .text(currency.exampleAmount)])
        case .tooManyDecimals(let currency) where currency.minorUnits == 0:
            Message("error.amount.no-decimals", english, ["field": field, "currency": .text(currency.code), "example": .text(currency.exampleAmount)])
        case .tooManyDecimals(let currency):
            Message("error.amount.too-many-decimals", english, ["field": field, "currency": .text(currency.code), "decimals": .count(currency.minorUnits),
                                                                "example": .text(currency.exampleAmount)])
        case .tooLarge(let limit):
            Message("error.amount.too-large", english, ["field": field, "limit": .amount(minorUnits: limit.minorUnits, currency: limit.currency.code)])
        case .notWrittenAs(_, .empty, let example):
            Message("error.amount.written-empty", english, ["field": field, "example": .text(example)])
        case .notWrittenAs(let text, .unreadable, let example):
            Message("error.amount.written-unreadable", english, ["field": field, "text": .text(text), "example": .text(example)])
        case .notWrittenAs(_, .negative, let example):
            Message("error.amount.written-negative", english, ["field": field, "example": .text(example)])
        case .notWrittenAs(_, .tooManyDecimals(let currency), let example) where currency.minorUnits == 0:
            Message("error.amount.written-no-decimals", english, ["field": field, "currency": .text(currency.code), "example": .text(example)])
        case .notWrittenAs(_, .tooManyDecimals(let currency), let example):
            Message("error.amount.written-too-many-decimals", english, ["field": field, "currency": .text(currency.code), "decimals": .count(currency.minorUnits),
                                                                        "example": .text(example)])
        case .totalTooLarge:
            Message("error.amount.total-too-large", english, ["field": field])
        }
    }
}

extension QuantityError {
    public func wording(naming subject: Message) -> Message {
        let english = message(naming: subject.english), field = Message.Argument.message(subject)
        let decimals = Message.Argument.integer(Int64(Quantity.decimals))
        return switch self {
        case .empty: Message("error.quantity.empty", english, ["field": field, "decimals": decimals])
        case .notANumber(let text): Message("error.quantity.not-a-number", english, ["field": field, "text": .text(text), "decimals": decimals])
        case .notPositive(let text): Message("error.quantity.not-positive", english, ["field": field, "text": .text(text), "decimals": decimals])
        case .tooManyDecimals(let text): Message("error.quantity.too-many-decimals", english, ["field": field, "text": .text(text), "decimals": decimals])
        case .roundsToZero(let text): Message("error.quantity.rounds-to-zero", english, ["field": field, "text": .text(text), "decimals": decimals])
        case .tooLarge(let text): Message("error.quantity.too-large", english, ["field": field, "text": .text(text), "max": .integer(Quantity.max.tenThousandths / Quantity.scale)])
        }
    }
}

extension PurchaseDateError {
    public func wording(naming subject: Message) -> Message {
        let english = message(naming: subject.english), field = Message.Argument.message(subject)
        return switch self {
        case .unreadable(let text):
            Message("error.purchase-date.unreadable", english, ["field": field, "text": .text(TextRule.excerpt(text, characters: 40))])
        case .noSuchMonth(let text, let month):
            Message("error.purchase-date.no-such-month", english, ["field": field, "text": .text(text), "month": .text(String(month))])
        case .noSuchDay(let text):
            Message("error.purchase-date.no-such-day", english, ["field": field, "text": .text(text)])
        case .yearsOutOfRange(let text):
            Message("error.purchase-date.years-out-of-range", english, ["field": field, "text": .text(TextRule.excerpt(text, characters: 40)),
                                                                        "max": .integer(Int64(PurchaseDate.maxYearsAgo))])
        case .inTheFuture(let text, let today):
            Message("error.purchase-date.in-the-future", english, ["field": field, "text": .text(TextRule.excerpt(text, characters: 40)), "today": .day(today)])
        }
    }
}

extension ExchangeRateError {
    public func wording(naming subject: Message) -> Message {
        let english = message(naming: subject.english), field = Message.Argument.message(subject)
        return switch self {
        case .notARate(let text): Message("error.rate.not-a-rate", english, ["field": field, "text": .text(text)])
        case .notPositive(let text): Message("error.rate.not-positive", english, ["field": field, "text": .text(text)])
        case .tooPrecise(let text): Message("error.rate.too-precise", english, ["field": field, "text": .text(text),
                                                                                 "digits": .integer(Int64(ExchangeRate.maxDigits)), "decimals": .integer(Int64(ExchangeRate.maxDecimals))])
        }
    }
}
