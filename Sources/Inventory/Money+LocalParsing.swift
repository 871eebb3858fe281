import TextRules

extension Money {
    /// An amount as a person of one language types it in a form, read by that language's rules:
    /// German `1.234,56`, `1234,56`, `1.234,56 €`; French `1 234,56` (any space); English
    /// `1,234.56`; Arabic `١٬٢٣٤٫٥٦` (or ASCII digits). The rules, so that nothing is guessed:
    /// - the decimal separator is the language's only, once; the other mark is refused, not swapped;
    /// - a grouping separator only between groups of exactly three digits, the first of one to three
    ///   (German `1.234` is 1234; `1.23` is refused);
    /// - more decimals than the currency has is refused (English `1.234` in USD is not 1234);
    /// - the currency's symbol or code may stand at either end; a minus sign is refused.
    /// Every refusal names an amount written the language's way (`Write an amount like 1.234,56`).
    public static func parse(_ text: String, currency: Currency, writtenAs notation: AmountNotation) throws(MoneyError) -> Money {
        func refuse(_ problem: MoneyError.WritingProblem) -> MoneyError {
            .notWrittenAs(TextRule.excerpt(text, characters: 40), problem, example: notation.example)
        }
        // Bidirectional marks (an Arabic amount carries U+200F) are not characters a person reads.
        let isMark = { (scalar: Unicode.Scalar) in ["\u{200E}", "\u{200F}", "\u{061C}"].contains(scalar) }
        var scalars = Substring(text).unicodeScalars.filter { !isMark($0) }[...]
        scalars.trimWhitespace()
        guard !scalars.isEmpty else { throw refuse(.empty) }
        var negative = scalars.removeMinusSign()
        scalars.removeMarker(String(String.UnicodeScalarView(notation.currencySymbol.unicodeScalars.filter { !isMark($0) })), currency.code)
        scalars.trimWhitespace()
        if !negative { negative = scalars.removeMinusSign() }
        guard !negative else { throw refuse(.negative) }

        var whole = "", fraction: String?
        var groups: [Int] = [0]
        for scalar in scalars {
            if let digit = digit(scalar, zero: notation.zeroDigit) {
                if fraction != nil { fraction!.append(digit) } else { whole.append(digit); groups[groups.count - 1] += 1 }
            } else if scalar == notation.decimalSeparator, fraction == nil {
                fraction = ""
            } else if notation.isGrouping(scalar), fraction == nil {
                groups.append(0)
            } else {
                throw refuse(.unreadable)
            }
        }
        guard !whole.isEmpty || fraction?.isEmpty == false, fraction?.isEmpty != true,
              groups.count == 1 || (1...3).contains(groups[0]) && groups.dropFirst().allSatisfy({ $0 == 3 }) else {
            throw refuse(.unreadable)
        }
        if let fraction, fraction.count > currency.minorUnits { throw refuse(.tooManyDecimals(currency)) }
        do {
            return try parse((whole.isEmpty ? "0" : whole) + (fraction.map { "." + $0 } ?? ""), currency: currency)
        } catch .tooLarge(let limit) {
            throw .tooLarge(limit: limit)
        } catch {
            throw refuse(.unreadable)
        }
    }

    /// The ASCII digit of `scalar`: an ASCII digit, or one of the language's digits from `zero` to nine.
    private static func digit(_ scalar: Unicode.Scalar, zero: Unicode.Scalar) -> Character? {
        if ("0"..."9").contains(scalar) { return Character(scalar) }
        guard zero != "0", scalar.value >= zero.value, scalar.value <= zero.value + 9 else { return nil }
        return Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(scalar.value - zero.value)))
    }
}

extension Substring.UnicodeScalarView {
    fileprivate mutating func trimWhitespace() {
        while let first, first.properties.isWhitespace { removeFirst() }
        while let last, last.properties.isWhitespace { removeLast() }
    }

    /// Removes a leading `-` or `−`; true if there was one.
    fileprivate mutating func removeMinusSign() -> Bool {
        guard first == "-" || first == "\u{2212}" else { return false }
        removeFirst()
        return true
    }

    /// Removes the currency's symbol or code (any case) at the start or the end: `12 €`, `€12`, `eur 12`.
    fileprivate mutating func removeMarker(_ markers: String...) {
        for marker in markers where !marker.isEmpty {
            let text = String(self).uppercased(), wanted = marker.uppercased()
            if text.hasPrefix(wanted) {
                removeFirst(wanted.unicodeScalars.count)
                return
            }
            if text.hasSuffix(wanted) {
                removeLast(wanted.unicodeScalars.count)
                return
            }
        }
    }
}
