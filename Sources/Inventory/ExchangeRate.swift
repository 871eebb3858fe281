/// An exchange rate as an exact decimal, `significand` ÷ 10^`scale` (1.1634 is 11634 and 4), never a
/// double: how many units of one currency one unit of another buys. Kept as written, so `0.85230`
/// stays `0.85230` (the ECB's own text) and reads back the same.
public struct ExchangeRate: Sendable, Hashable, CustomStringConvertible {
    public let significand: Int64
    public let scale: Int

    /// At most 12 digits in all and 10 after the point: the ECB writes 4 to 7 (`20275.17`, `0.85815`,
    /// and the Turkish lira's old `372816`); a cross rate is rounded to 6 significant digits.
    public static let maxDigits = 12
    public static let maxDecimals = 10

    /// A rate known to be within the limits.
    init(significand: Int64, scale: Int) {
        self.significand = significand
        self.scale = scale
    }

    /// Digits with at most one point (`1.1634`, `136`, `.5` is not taken); above 0; within the limits.
    public init(parsing text: String) throws(ExchangeRateError) {
        try self.init(ascii: Array(text.utf8)[...])
    }

    /// As `init(parsing:)`, from a cell's bytes (the ECB's history has 300,000 of them).
    init(ascii bytes: ArraySlice<UInt8>) throws(ExchangeRateError) {
        func shown() -> String { String(decoding: bytes.prefix(30), as: UTF8.self) }
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.endIndex)]
        let fraction = point.map { bytes[($0 + 1)...] } ?? []
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard !whole.isEmpty, whole.allSatisfy(isDigit), point == nil || !fraction.isEmpty, fraction.allSatisfy(isDigit) else {
            throw .notARate(shown())
        }
        var significand: Int64 = 0, digits = 0
        for byte in whole + fraction {
            if significand > 0 || byte != UInt8(ascii: "0") { digits += 1 }
            guard digits <= Self.maxDigits else { throw .tooPrecise(shown()) }
            significand = significand * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        guard fraction.count <= Self.maxDecimals else { throw .tooPrecise(shown()) }
        guard significand > 0 else { throw .notPositive(shown()) }
        self.init(significand: significand, scale: fraction.count)
    }

    public static let one = ExchangeRate(significand: 1, scale: 0)

    /// The digits as written: `1.1634`, `0.85230`, `136`.
    public var description: String {
        guard scale > 0 else { return String(significand) }
        let digits = String(significand), padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return padded.dropLast(scale) + "." + padded.suffix(scale)
    }

    /// How many of `to` one of `from` buys, from the euro's rates of both (`per euro`: units of a
    /// currency one euro buys, as the ECB publishes them; the euro's own is 1): `to` ÷ `from`.
    /// Kept exact when the quotient has at most 8 significant digits (every rate of the euro, and the
    /// euro's rate of anything that divides evenly), else rounded half-even to 6 significant digits, so
    /// the rate shown is the rate used, and anyone can check the conversion with it.
    public static func cross(from: ExchangeRate, to: ExchangeRate) -> ExchangeRate {
        // to/from = (t / 10^ts) / (f / 10^fs) = t · 10^fs / (f · 10^ts): find the smallest decimal
        // scale at which it is exact, up to 8 significant digits.
        let numerator = Int128(to.significand) * pow10(from.scale), denominator = Int128(from.significand) * pow10(to.scale)
        for scale in 0...maxDecimals {
            let scaled = numerator * pow10(scale)
            if scaled % denominator == 0 {
                let quotient = scaled / denominator
                if digitCount(quotient) <= 8 { return ExchangeRate(significand: Int64(quotient), scale: scale) }
                break
            }
        }
        // Six significant digits: the scale that puts the quotient's integer part at 6 digits.
        let wholeDigits = digitCount(numerator / denominator)
        var scale = wholeDigits == 0 ? 6 + leadingZeros(numerator, denominator) : 6 - wholeDigits
        scale = min(maxDecimals, scale)
        let quotient: Int128
        if scale >= 0 {
            quotient = dividedRoundingHalfEven(numerator * pow10(scale), by: denominator)
        } else {
            quotient = dividedRoundingHalfEven(numerator, by: denominator * pow10(-scale)) * pow10(-scale)
            scale = 0
        }
        return ExchangeRate(significand: Int64(clamping: max(1, quotient)), scale: scale)
    }

    /// Zeros after the point before a quotient below 1 begins (0.00897 has 2).
    private static func leadingZeros(_ numerator: Int128, _ denominator: Int128) -> Int {
        var zeros = 0, scaled = numerator * 10
        while scaled < denominator, zeros < maxDecimals { zeros += 1; scaled *= 10 }
        return zeros
    }

    static func pow10(_ exponent: Int) -> Int128 { (0..<exponent).reduce(Int128(1)) { result, _ in result * 10 } }

    static func digitCount(_ value: Int128) -> Int {
        var count = 0, rest = value
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }

    /// `numerator ÷ denominator` (both ≥ 0, denominator > 0) rounded to the nearest whole number, a
    /// half to the even one (banker's rounding: 0.5 → 0, 1.5 → 2, 2.5 → 2).
    static func dividedRoundingHalfEven(_ numerator: Int128, by denominator: Int128) -> Int128 {
        let quotient = numerator / denominator, remainder = numerator % denominator
        let twice = remainder * 2
        if twice > denominator || (twice == denominator && quotient % 2 == 1) { return quotient + 1 }
        return quotient
    }
}

/// Why text is not a rate, or a rate cannot be used.
public enum ExchangeRateError: Error, Sendable, Equatable {
    case notARate(String)
    case notPositive(String)
    case tooPrecise(String)

    /// The message with the field's name (`rate`, `Rate`, `GBP on row 12`).
    public func message(naming subject: String) -> String {
        switch self {
        case .notARate(let text):
            "\(subject) “\(text)” isn’t a rate. Write digits with a point before the decimals, such as “1.1634”."
        case .notPositive(let text):
            "\(subject) “\(text)” must be above 0."
        case .tooPrecise(let text):
            "\(subject) “\(text)” has too many digits: at most \(ExchangeRate.maxDigits) in all and \(ExchangeRate.maxDecimals) after the point."
        }
    }
}
