import TextRules

extension Money {
    /// An amount as the JSON API sends it: digits, then optionally a point and at most as many
    /// decimals as the currency has (`1299.99`, `1299`, `0.5`). Nothing else: no sign, spaces,
    /// thousands separators or symbols, so a client's mistake is reported instead of guessed at.
    public static func parse(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        try parseDecimal(text, quoting: text, currency: currency)
    }

    /// An amount as a person types it in a form: also `$1,299.99`, `1 299.99`, `1299.99 USD`, `.5`.
    /// Commas and spaces are taken only as thousands separators between groups of three digits:
    /// `12,50` (a decimal comma) is refused rather than read as 1250.
    public static func parseTyped(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        var rest = Substring(text.trimmingWhitespace())
        guard !rest.isEmpty else { throw .empty(currency) }
        var negative = rest.removeMinusSign()
        rest.removeMarker(of: currency)
        if !negative { negative = rest.removeMinusSign() }
        rest = Substring(String(rest).trimmingWhitespace())
        let separators: Set<Character> = [",", " ", "\u{A0}", "\u{202F}"]
        let point = rest.firstIndex(of: ".") ?? rest.endIndex
        let groups = rest[..<point].split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
        guard groups.count == 1 || (1...3).contains(groups[0].count) && groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
            throw .notANumber(quotable(text), currency)
        }
        var decimal = groups.joined() + rest[point...]
        if decimal.first == "." { decimal = "0" + decimal }
        return try parseDecimal((negative ? "-" : "") + decimal, quoting: text, currency: currency)
    }

    private static func parseDecimal(_ text: String, quoting original: String, currency: Currency) throws(MoneyError) -> Money {
        guard !text.isEmpty else { throw .empty(currency) }
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let whole = bytes[..<point]
        let fraction = point == bytes.endIndex ? bytes[point...] : bytes[bytes.index(after: point)...]
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard !whole.isEmpty, whole.allSatisfy(isDigit), point == bytes.endIndex || !fraction.isEmpty, fraction.allSatisfy(isDigit) else {
            throw .notANumber(quotable(original), currency)
        }
        guard !negative else { throw .negative(currency) }
        guard fraction.count <= currency.minorUnits else { throw .tooManyDecimals(currency) }

        let perMajorUnit = currency.minorUnitsPerMajorUnit
        let maxMajorUnits = maxMinorUnits / perMajorUnit
        var majorUnits: Int64 = 0
        for digit in whole {
            // Stops before the next digit could overflow, however long the text.
            majorUnits = majorUnits * 10 + Int64(digit - UInt8(ascii: "0"))
            guard majorUnits <= maxMajorUnits else { throw .tooLarge(limit: limit(in: currency)) }
        }
        var fractionUnits: Int64 = 0
        for position in 0..<currency.minorUnits {
            let digit = position < fraction.count ? fraction[fraction.index(fraction.startIndex, offsetBy: position)] : UInt8(ascii: "0")
            fractionUnits = fractionUnits * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        let minorUnits = majorUnits * perMajorUnit + fractionUnits
        guard minorUnits <= maxMinorUnits else { throw .tooLarge(limit: limit(in: currency)) }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// The text for an error message: at most 40 characters, so a huge request is not echoed back.
    private static func quotable(_ text: String) -> String {
        TextRule.excerpt(text, characters: 40)
    }
}

extension Substring {
    /// Removes a leading `-` or `−` (the minus sign some keyboards type); true if there was one.
    fileprivate mutating func removeMinusSign() -> Bool {
        guard first == "-" || first == "\u{2212}" else { return false }
        removeFirst()
        return true
    }

    /// Removes the currency's symbol or code at the start or the end: `$12`, `12 USD`, `usd 12`.
    fileprivate mutating func removeMarker(of currency: Currency) {
        var markers = [currency.code]
        if let symbol = Currency.symbolByCode[currency.code] { markers.insert(symbol, at: 0) }
        for marker in markers {
            if uppercased().hasPrefix(marker) {
                removeFirst(marker.count)
                return
            }
            if uppercased().hasSuffix(marker) {
                removeLast(marker.count)
                return
            }
        }
    }
}
