import TextRules

/// When an item was bought, as the household remembers it: the day from a receipt, or only the month
/// ("2019-06"), the year ("2019") or "about 5 years ago". Kept as it was said, so a rough date never
/// reads as more exact than it is; a relative one keeps the day it was said, so it stays true later.
///
/// Age is counted from `reckoningDay`: a year from its middle (July 1st), a month from its middle (the
/// 15th), "about N years ago" from the same day N years before it was said. The middle is the guess
/// that is never more than half the span out (six months for a year, about two weeks for a month),
/// where the start or the end could be a whole year wrong; insurers' guides count age in years
/// anyway, so a rough date's age reads "about 7 years" and moves the depreciation by at most half a
/// year's share either way.
public enum PurchaseDate: Sendable, Hashable {
    case day(CalendarDate)
    case month(year: Int, month: Int)
    case year(Int)
    /// "About `years` years ago", said on `saidOn`.
    case yearsAgo(Int, saidOn: CalendarDate)

    /// The most years "about N years ago" may say.
    public static let maxYearsAgo = 150

    /// Only the day from a receipt is exact.
    public var isRough: Bool { if case .day = self { false } else { true } }

    /// "About N years ago": counted from the day N years before it was said, not from a middle.
    public var isRelative: Bool { if case .yearsAgo = self { true } else { false } }

    /// The day its age is counted from (see above).
    public var reckoningDay: CalendarDate {
        switch self {
        case .day(let day): day
        case .month(let year, let month): CalendarDate(year: year, month: month, day: 15)
        case .year(let year): CalendarDate(year: year, month: 7, day: 1)
        case .yearsAgo(let years, let said): said.adding(years: -years)
        }
    }

    /// The first day it can mean: a photo taken before it is from before the purchase. "About N years
    /// ago" is taken to be within a year either way.
    public var earliestDay: CalendarDate {
        switch self {
        case .day(let day): day
        case .month(let year, let month): CalendarDate(year: year, month: month, day: 1)
        case .year(let year): CalendarDate(year: year, month: 1, day: 1)
        case .yearsAgo(let years, let said): said.adding(years: -(years + 1))
        }
    }

    /// The last day it can mean.
    public var latestDay: CalendarDate {
        switch self {
        case .day(let day): day
        case .month(let year, let month): CalendarDate(year: year, month: month, day: CalendarDate.days(inMonth: month, of: year))
        case .year(let year): CalendarDate(year: year, month: 12, day: 31)
        case .yearsAgo(let years, let said): said.adding(years: -(years - 1))
        }
    }

    /// As stored, exported and sent by the API: `2019-06-02`, `2019-06`, `2019`, or
    /// `about 5 years before 2024-12-06` (what "about 5 years ago" becomes, with the day it was said).
    public var text: String {
        switch self {
        case .day(let day): day.iso
        case .month(let year, let month): "\(year)-\(month < 10 ? "0" : "")\(month)"
        case .year(let year): "\(year)"
        case .yearsAgo(let years, let said): "about \(years) year\(years == 1 ? "" : "s") before \(said.iso)"
        }
    }

    /// Reads any of `text`'s forms, and "about 5 years ago" as said `today` (nil where no day is known:
    /// then a relative date is refused). A date after `today` is refused too.
    public init(parsing given: String, today: CalendarDate?) throws(PurchaseDateError) {
        let text = given.trimmingWhitespace()
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if words.contains(where: { $0.contains { $0.isLetter } }) {
            self = try Self.relative(words, text: text, today: today)
        } else {
            self = try Self.absolute(text)
        }
        if let today, earliestDay > today { throw .inTheFuture(text, today: today) }
    }

    /// `2019-06-02`, `2019-06` or `2019`.
    private static func absolute(_ text: String) throws(PurchaseDateError) -> PurchaseDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              let year = Int(parts[0]), year >= 1000 else { throw .unreadable(text) }
        guard parts.count > 1 else { return .year(year) }
        let month = Int(parts[1]) ?? 0
        guard (1...12).contains(month) else { throw .noSuchMonth(text, month: month) }
        guard parts.count > 2 else { return .month(year: year, month: month) }
        guard let day = CalendarDate(iso: text) else { throw .noSuchDay(text) }
        return .day(day)
    }

    /// "about 5 years ago", "5 years ago", "about a year ago"; "about 5 years before 2024-12-06".
    private static func relative(_ words: [Substring], text: String, today: CalendarDate?) throws(PurchaseDateError) -> PurchaseDate {
        var rest = words[...]
        if rest.first == "about" || rest.first == "around" { rest = rest.dropFirst() }
        guard rest.count >= 3, ["year", "years"].contains(rest[rest.startIndex + 1]) else { throw .unreadable(text) }
        let count = rest.first!
        let years: Int
        if count == "a" || count == "one" {
            years = 1
        } else if let number = Int(count) {
            guard (1...maxYearsAgo).contains(number) else { throw .yearsOutOfRange(text) }
            years = number
        } else {
            throw count.hasPrefix("-") || count.contains(".") ? .yearsOutOfRange(text) : .unreadable(text)
        }
        let tail = Array(rest.dropFirst(2))
        if tail == ["ago"] {
            guard let today else { throw .unreadable(text) }
            return .yearsAgo(years, saidOn: today)
        }
        guard tail.count == 2, tail[0] == "before", let said = CalendarDate(iso: String(tail[1])) else { throw .unreadable(text) }
        return .yearsAgo(years, saidOn: said)
    }
}

/// Why a purchase date cannot be read; `message(naming:)` names the field and what it takes.
public enum PurchaseDateError: Error, Equatable, Sendable {
    case unreadable(String)
    case noSuchMonth(String, month: Int)
    case noSuchDay(String)
    case yearsOutOfRange(String)
    case inTheFuture(String, today: CalendarDate)

    /// What every message ends with: the forms a purchase date takes.
    public static let accepted = "a day (2021-03-14), a month (2019-06), a year (2019) or “about 5 years ago”"

    public func message(naming field: String) -> String {
        switch self {
        case .unreadable(let text):
            "\(field) must be \(Self.accepted); “\(TextRule.excerpt(text, characters: 40))” is not one."
        case .noSuchMonth(let text, let month):
            "\(field) “\(text)” has no month \(month): a month is 01 to 12. Write \(Self.accepted)."
        case .noSuchDay(let text):
            "\(field) “\(text)” is not a day that exists. Write \(Self.accepted)."
        case .yearsOutOfRange(let text):
            "\(field) “\(TextRule.excerpt(text, characters: 40))”: the years ago must be a whole number from 1 to \(PurchaseDate.maxYearsAgo). Write \(Self.accepted)."
        case .inTheFuture(let text, let today):
            "\(field) “\(TextRule.excerpt(text, characters: 40))” is after today (\(today.english)): a purchase date can’t be in the future."
        }
    }
}

