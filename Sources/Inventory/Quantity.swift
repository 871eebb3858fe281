import TextRules

/// How much of a thing: an exact decimal, counted in ten-thousandths (2.5 gallons is 25,000), never
/// floating point, so 0.75 of a roll stays 0.75 through the store, the API, a claim and every file.
/// Four decimals hold what people write (0.75, 12.5, 0.125) and what Homebox keeps for a quantity in
/// practice; a whole count reads as before ("6").
public struct Quantity: Sendable, Hashable {
    public let tenThousandths: Int64

    public static let decimals = 4
    public static let scale: Int64 = 10_000
    /// The most an item holds: a million of anything, as when quantities were whole numbers.
    public static let max = Quantity(1_000_000)
    public static let one = Quantity(1)

    /// A quantity as stored; text from a person or a file goes through `parse`, which checks the limits.
    public init(tenThousandths: Int64) { self.tenThousandths = tenThousandths }

    /// A whole count.
    public init(_ whole: Int) { self.tenThousandths = Int64(whole) * Self.scale }

    public var isWhole: Bool { tenThousandths % Self.scale == 0 }
    /// Whether it is within what an item may hold: above 0, at most `max`.
    public var isInRange: Bool { tenThousandths > 0 && self <= Self.max }

    /// `2.5`, `0.75`, `12`: the shortest exact decimal, no trailing zeros, no thousands separators
    /// (what the API, forms and files write and read back).
    public var text: String {
        let whole = tenThousandths / Self.scale, fraction = abs(tenThousandths % Self.scale)
        let sign = tenThousandths < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: Self.decimals - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    /// `1,250.5`: the count grouped as people read it on a page.
    public var grouped: String {
        let plain = text
        guard let point = plain.firstIndex(of: ".") else { return Int(tenThousandths / Self.scale).grouped }
        return Int(tenThousandths / Self.scale).grouped + plain[point...]
    }

    /// `amount` (minor units) times this quantity, rounded half up to the minor unit, once: a
    /// claim line's figure and an item's value. Half up because that is how a person checks the figure
    /// by hand and how spreadsheets round (`ROUND` in Excel and LibreOffice), so an adjuster who
    /// multiplies the schedule's unit cost by its quantity gets the same cent. Nil past 64 bits.
    public func times(_ amount: Int64) -> Int64? {
        let product = Int128(amount) * Int128(tenThousandths)
        let scale = Int128(Self.scale)
        let magnitude = (product.magnitude + UInt128(scale / 2)) / UInt128(scale)
        guard magnitude <= UInt128(Int64.max) else { return nil }
        return product < 0 ? -Int64(magnitude) : Int64(magnitude)
    }

    /// The sum of two quantities (a schedule's total); nil past 64 bits.
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity? {
        let (sum, overflow) = lhs.tenThousandths.addingReportingOverflow(rhs.tenThousandths)
        return overflow ? nil : Quantity(tenThousandths: sum)
    }

    public static func - (lhs: Quantity, rhs: Quantity) -> Quantity {
        Quantity(tenThousandths: lhs.tenThousandths - rhs.tenThousandths)
    }

    public static let zero = Quantity(tenThousandths: 0)
}

extension Quantity: Comparable {
    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.tenThousandths < rhs.tenThousandths }
}

extension Quantity {
    /// How `parse` treats more decimals than a quantity keeps.
    public enum ExtraDecimals: Sendable {
        /// Refused with `QuantityError.tooManyDecimals`: a person or a client says what they mean.
        case refuse
        /// Rounded half up to four decimals (a file from another program); `parse` says it did.
        case round
    }

    /// A quantity as the API, a form or a file writes it: digits with an optional point and decimals
    /// (`2.5`, `0.75`, `12`, `.5`), spaces around it ignored. No sign, exponent or thousands
    /// separators, so a mistake is reported rather than guessed at. Above 0 and at most `max`.
    public static func parse(_ text: String) throws(QuantityError) -> Quantity {
        try parse(text, extraDecimals: .refuse).quantity
    }

    /// As `parse(_:)`, with `rounded` true when decimals beyond the fourth were rounded away.
    public static func parse(_ text: String, extraDecimals: ExtraDecimals) throws(QuantityError) -> (quantity: Quantity, rounded: Bool) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        let quoted = TextRule.excerpt(trimmed, characters: 40)
        let bytes = Array(trimmed.utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let whole = bytes[..<point], fraction = point == bytes.endIndex ? [] : bytes[(point + 1)...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard !(whole.isEmpty && fraction.isEmpty), whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
              point == bytes.endIndex || !fraction.isEmpty else {
            if trimmed.hasPrefix("-") { throw .notPositive(quoted) }
            throw .notANumber(quoted)
        }
        let maxWhole = max.tenThousandths / scale
        var units: Int64 = 0
        for digit in whole {
            // Stops before the next digit could overflow, however long the text.
            units = units * 10 + Int64(digit - UInt8(ascii: "0"))
            guard units <= maxWhole else { throw .tooLarge(quoted) }
        }
        var kept: Int64 = 0
        for position in 0..<decimals {
            kept = kept * 10 + Int64((position < fraction.count ? fraction[fraction.startIndex + position] : UInt8(ascii: "0")) - UInt8(ascii: "0"))
        }
        let extra = fraction.dropFirst(decimals)
        var rounded = false
        if extra.contains(where: { $0 != UInt8(ascii: "0") }) {
            guard extraDecimals == .round else { throw .tooManyDecimals(quoted) }
            rounded = true
            if extra.first! >= UInt8(ascii: "5") { kept += 1 }
        }
        let quantity = Quantity(tenThousandths: units * scale + kept)
        guard quantity <= max else { throw .tooLarge(quoted) }
        guard quantity.tenThousandths > 0 else { throw rounded ? .roundsToZero(quoted) : .notPositive(quoted) }
        return (quantity, rounded)
    }
}

/// Why a text is not a quantity. `message(naming:)` names the field ("Quantity", "Quantity lost")
/// and says what to write instead.
public enum QuantityError: Error, Sendable, Equatable {
    case empty
    case notANumber(String)
    case notPositive(String)
    case tooManyDecimals(String)
    case roundsToZero(String)
    case tooLarge(String)

    public var message: String { message(naming: "Quantity") }

    /// `message` as a value, naming the item's quantity.
    public var wording: Message {
        let english = message
        let how = Message.Argument.integer(Int64(Quantity.decimals))
        return switch self {
        case .empty: Message("error.item.quantity-empty", english, ["decimals": how])
        case .notANumber(let text): Message("error.item.quantity-not-a-number", english, ["decimals": how, "text": .text(text)])
        case .notPositive(let text): Message("error.item.quantity-not-positive", english, ["decimals": how, "text": .text(text)])
        case .tooManyDecimals(let text): Message("error.item.quantity-too-many-decimals", english, ["decimals": how, "text": .text(text)])
        case .roundsToZero(let text): Message("error.item.quantity-rounds-to-zero", english, ["decimals": how, "text": .text(text)])
        case .tooLarge(let text): Message("error.item.quantity-too-large", english, ["max": .integer(Quantity.max.tenThousandths / 10_000), "text": .text(text)])
        }
    }

    public func message(naming subject: String) -> String {
        let how = "Write a number above 0 with at most \(Quantity.decimals) decimals, like 2, 2.5 or 0.75."
        return switch self {
        case .empty: "\(subject) is empty. \(how)"
        case .notANumber(let text): "\(subject) “\(text)” isn’t a number. \(how)"
        case .notPositive(let text): "\(subject) must be above 0, not “\(text)”. \(how)"
        case .tooManyDecimals(let text): "\(subject) “\(text)” has more than \(Quantity.decimals) decimals. \(how)"
        case .roundsToZero(let text): "\(subject) “\(text)” is less than 0.0001, the smallest quantity Homepwner keeps. \(how)"
        case .tooLarge(let text): "\(subject) can be at most \(Quantity.max.grouped), not “\(text)”."
        }
    }
}

extension Quantity: ExpressibleByIntegerLiteral {
    /// A whole count written as a number: `details.quantity = 2`.
    public init(integerLiteral whole: Int) { self.init(whole) }
}
