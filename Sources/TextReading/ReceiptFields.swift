import Foundation

/// The shop, the date and the total of a receipt, from its lines (read from a picture, or a PDF's
/// text layer). Dates become YYYY-MM-DD: a first number over 12 is a day, a second one over 12 is
/// a day, and a date that could be either is read day first unless the receipt is in US dollars
/// (month first). The total, as plain decimal text, is one the receipt agrees on (see `total(in:)`).
public enum ReceiptFields {
    /// Bumped whenever the rules change, so what was read before is read again.
    public static let version = 2
    static let minimumConfidence = 0.55

    public static func suggestions(from lines: [TextLine], reader: String) -> [TextSuggestion] {
        let name = "\(reader)/receipts \(version)"
        let usable = lines.filter { $0.confidence >= minimumConfidence || $0.words.allSatisfy { $0.confidence >= 1 } }
        let monthFirst = isMonthFirst(usable.map(\.text).joined(separator: "\n"))
        var found: [TextSuggestion] = []
        if let shop = shop(in: usable) {
            found.append(TextSuggestion(field: .purchasedFrom, value: shopName(shop.text), region: nil, confidence: shop.confidence, reader: name).at(shop))
        }
        // The date and the total are judged by their own words' confidence, not their line's: a
        // smudge or a column rule on the line makes its other words unsure.
        if let (date, line) = date(in: lines, monthFirst: monthFirst) {
            found.append(TextSuggestion(field: .purchaseDate, value: date, region: nil, confidence: line.confidence, reader: name).at(line))
        }
        if let (total, line) = total(in: lines) {
            found.append(TextSuggestion(field: .purchasePrice, value: total, region: nil, confidence: line.confidence, reader: name).at(line))
        }
        return found
    }

    /// Lines of plain text (a PDF's text layer): certain, and without regions.
    public static func lines(ofText text: String) -> [TextLine] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let words = line.split(whereSeparator: \.isWhitespace).map {
                TextWord(text: String($0), region: PixelRegion(x: 0, y: 0, width: 0, height: 0), confidence: 1)
            }
            return words.isEmpty ? nil : TextLine(words: words)
        }
    }

    // MARK: Dates

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static let dollars = try! NSRegularExpression(pattern: #"(\$|USD)\s?\d+[.,]\d{2}"#)

    /// Prices in dollars (at least two, so that a misread "$" in a scan's noise does not count),
    /// and none in ringgit, euros or pounds.
    static func isMonthFirst(_ text: String) -> Bool {
        let upper = text.uppercased()
        let priced = dollars.numberOfMatches(in: upper, range: NSRange(upper.startIndex..., in: upper))
        return priced >= 2 && !upper.contains("RM") && !upper.contains("€") && !upper.contains("£")
    }

    /// The first date on a line naming one ("Date", "Tarikh"), else the first date anywhere; only a date
    /// whose own words tesseract is sure of (a misread digit still makes a real day: "6/08/2015" for 06/03/2018).
    static func date(in lines: [TextLine], monthFirst: Bool) -> (String, TextLine)? {
        let dated = lines.compactMap { line in
            parsedDate(line.text, monthFirst: monthFirst).flatMap { confidence(of: $0.1, in: line) >= minimumConfidence ? ($0.0, line) : nil }
        }
        return dated.first { $0.1.text.lowercased().contains("date") } ?? dated.first
    }

    private static let numeric = try! NSRegularExpression(pattern: #"(?<![\d.])(\d{1,4})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{2,4})(?![\d])"#)
    private static let named = try! NSRegularExpression(pattern: #"(?i)(?<!\d)(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s\-/.,]*(\d{4}|\d{2})(?!\d)"#)
    private static let namedMonthFirst = try! NSRegularExpression(pattern: #"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)"#)

    static func parseDate(_ text: String, monthFirst: Bool) -> String? { parsedDate(text, monthFirst: monthFirst)?.0 }

    /// The first date in `text`, with where it is printed.
    static func parsedDate(_ text: String, monthFirst: Bool) -> (String, NSRange)? {
        let range = NSRange(text.startIndex..., in: text)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String { (text as NSString).substring(with: match.range(at: index)) }
        for match in numeric.matches(in: text, range: range) {
            let (a, b, c) = (group(match, 1), group(match, 2), group(match, 3))
            guard let first = Int(a), let second = Int(b), let third = Int(c) else { continue }
            if a.count == 4 {
                if let date = iso(year: first, month: second, day: third) { return (date, match.range) }
                continue
            }
            guard c.count == 4 || c.count == 2, a.count <= 2 else { continue }
            let year = c.count == 2 ? 2000 + third : third
            let dayFirst = first > 12 || (second <= 12 && !monthFirst)
            if let date = dayFirst ? iso(year: year, month: second, day: first) : iso(year: year, month: first, day: second) { return (date, match.range) }
        }
        for match in named.matches(in: text, range: range) {
            guard let day = Int(group(match, 1)), let month = months.firstIndex(of: group(match, 2).lowercased()), let year = Int(group(match, 3)) else { continue }
            if let date = iso(year: group(match, 3).count == 2 ? 2000 + year : year, month: month + 1, day: day) { return (date, match.range) }
        }
        for match in namedMonthFirst.matches(in: text, range: range) {
            guard let month = months.firstIndex(of: group(match, 1).lowercased()), let day = Int(group(match, 2)), let year = Int(group(match, 3)) else { continue }
            if let date = iso(year: year, month: month + 1, day: day) { return (date, match.range) }
        }
        return nil
    }

    /// YYYY-MM-DD for a real calendar day between 1990 and 2099.
    static func iso(year: Int, month: Int, day: Int) -> String? {
        guard (1990...2099).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    // MARK: Totals

    private static let amount = try! NSRegularExpression(pattern: #"(?<![\d.,])(\d{1,3}(?:[,.' ]\d{3})*|\d+)\s?[.,]\s?(\d{2})(?![\d])"#)
    /// "otal" and "tota" too: tesseract often misreads a scan's first or last letter ("Yotal", "Tota!").
    /// "amt due" and "net amt" are the abbreviations narrow till rolls print for "amount due" and "net amount".
    private static let totalWords = ["total", "otal", "tota", "amount due", "amt due", "net amt", "nett amt", "amount payable", "balance due", "jumlah", "summe", "montant"]
    private static let subtotalWords = ["subtotal", "sub total", "sub-total", "subtota", "sub tota"]
    private static let notTotal = subtotalWords + ["total qty", "total quantity", "total item", "total tax", "total gst", "total vat", "total sales tax",
                                                   "discount", "saving", "excl", "qty", "change", "tendered"]

    /// The total after rounding, when a line names it so ("Total After Adj", "Total Rounded",
    /// "Grand Total", "Nett Total": shops that round to 5 cents print the exact sum above it).
    private static let finalWords = ["round", "adj", "grand", "nett", "net total", "net amt", "amount due", "amt due", "payable"]
    /// What was handed over: a line naming it is a payment, never the total ("Cash Received 100.00",
    /// "Accepted total 2.00" on a parking machine's receipt). By card the amount paid is the total.
    private static let cashWords = ["cash", "tender", "received", "paid", "accepted"]
    private static let cardWords = ["visa", "master", "card", "credit", "debit", "amex"]

    /// A total with the line it was read on.
    typealias Read = (value: Decimal, text: String, line: TextLine)

    /// The receipt's total, or nil when it cannot be told for sure (a wrong total is worse than none):
    ///  1. a total confirmed by the payment — cash handed over less the change (CASH − CHANGE = TOTAL),
    ///     or the amount paid by card — whether printed on a line naming the total, on the subtotal
    ///     line (no tax or rounding after it), or worked out from the rounding adjustment;
    ///  2. else the total after rounding: an adjustment ("Rounding Adj -0.02") added to the total
    ///     above it, agreeing with the total printed below it when there is one;
    ///  3. else the one value the lines naming the final total ("Grand", "Nett", "Rounded") give, else
    ///     the one value the lines naming a total give: two that disagree, neither confirmed, give none;
    ///  4. else, a line naming the total whose amount cannot be read: the cash less the change.
    static func total(in lines: [TextLine]) -> (String, TextLine)? {
        var totals: [(read: Read, final: Bool, index: Int)] = []
        var subtotals: [Read] = []
        var rounded: [(read: Read, index: Int)] = []
        var confirmed: [Decimal] = []
        var cash: [Read] = []
        var cashLessChange: Read?
        var unreadTotal = false
        for (index, line) in lines.enumerated() {
            let lower = line.text.lowercased().replacingOccurrences(of: "cashier", with: "")
            let found = amounts(in: line)
            // A word naming what a line holds counts when tesseract is sure of it or of its line
            // ("GST Summery@18" is not a "Summe").
            func names(_ words: [String]) -> Bool {
                words.contains { word in
                    lower.contains(word) && (line.confidence >= minimumConfidence
                        || confidence(of: (line.text.lowercased() as NSString).range(of: word), in: line) >= minimumConfidence)
                }
            }
            if names(["change"]), !lower.contains("exchange") {
                // The change is given back from the cash handed over above it.
                if let change = found.first, let paid = cash.last, paid.value >= change.value {
                    confirmed.append(paid.value - change.value)
                    cashLessChange = (paid.value - change.value, plain(paid.value - change.value), paid.line)
                }
                continue
            }
            if names(cardWords) {
                if let paid = found.last { confirmed.append(paid.value) }
                continue
            }
            if names(cashWords) {
                if let paid = found.last { cash.append(paid) }
                continue
            }
            if names(["round"]), !totalWords.contains(where: lower.contains) {
                // "Rounding Adj -0.02" (an adjustment: under 10 cents) or "Rounding 72.75" (the rounded total itself).
                guard let adjustment = found.first, let before = totals.last?.read else { continue }
                if adjustment.value < Decimal(string: "0.10")! {
                    let negative = line.text.range(of: #"-\s?\d+\s?[.,]\s?\d{2}"#, options: .regularExpression) != nil
                    let value = negative ? before.value - adjustment.value : before.value + adjustment.value
                    rounded.append(((value, plain(value), line), index))
                } else if abs(adjustment.value - before.value) <= Decimal(string: "0.05")! {
                    rounded.append((adjustment, index))
                }
                continue
            }
            if names(subtotalWords) {
                subtotals += found.filter { $0.value > 0 }
                continue
            }
            guard names(totalWords), !notTotal.contains(where: lower.contains) else { continue }
            var candidates = found.filter { $0.value > 0 }
            // A total named alone on its line has its amount alone on the next ("TOTAL" / "RM 12,50").
            if candidates.isEmpty, index + 1 < lines.count, lines[index + 1].text.filter(\.isLetter).count <= 3 {
                candidates = amounts(in: lines[index + 1]).filter { $0.value > 0 }
            }
            guard let largest = candidates.max(by: { $0.value < $1.value }) else {
                unreadTotal = true
                continue
            }
            let final = finalWords.contains(where: lower.contains)
            totals.append((final ? candidates.last! : largest, final, index))
        }
        func answer(_ read: Read) -> (String, TextLine) { (read.text, read.line) }
        let printed = totals.map(\.read)
        for read in printed.reversed() + rounded.map(\.read).reversed() + subtotals.reversed() where confirmed.contains(read.value) {
            return answer(read)
        }
        // After rounding: the rounded total, when no total printed below it disagrees.
        if let after = rounded.last {
            let below = totals.filter { $0.index > after.index }.map(\.read)
            return below.allSatisfy({ $0.value == after.read.value }) ? answer(below.last ?? after.read) : nil
        }
        let finals = totals.filter(\.final).map(\.read)
        for group in [finals, printed] where !group.isEmpty {
            return Set(group.map(\.value)).count == 1 ? answer(group.last!) : nil
        }
        if unreadTotal, let cashLessChange { return answer(cashLessChange) }
        return nil
    }

    private static func plain(_ value: Decimal) -> String {
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        return String(format: "%.2f", NSDecimalNumber(decimal: rounded).doubleValue)
    }

    /// The amounts of `line` tesseract is sure enough of: the line as a whole, or the amount's own words.
    static func amounts(in line: TextLine) -> [Read] {
        let text = line.text
        let range = NSRange(text.startIndex..., in: text)
        return amount.matches(in: text, range: range).compactMap { match in
            guard line.confidence >= minimumConfidence || confidence(of: match.range, in: line) >= minimumConfidence,
                  let (value, plain) = amount(match, in: text) else { return nil }
            return (value, plain, line)
        }
    }

    /// The least confidence of the words that `range` of `line.text` falls on.
    static func confidence(of range: NSRange, in line: TextLine) -> Double {
        var start = 0
        var least = 1.0
        for word in line.words {
            let length = (word.text as NSString).length
            if start < range.location + range.length, range.location < start + length { least = min(least, word.confidence) }
            start += length + 1
        }
        return least
    }

    private static func amount(_ match: NSTextCheckingResult, in text: String) -> (Decimal, String)? {
        let whole = (text as NSString).substring(with: match.range(at: 1)).filter(\.isNumber)
        let cents = (text as NSString).substring(with: match.range(at: 2))
        guard let units = Int(whole), units < 10_000_000 else { return nil }
        let plain = "\(units).\(cents)"
        return Decimal(string: plain).map { ($0, plain) }
    }

    /// Every amount with two decimals on a line ("1,234.50", "12,50", "RM 8.00"), as plain decimal text.
    static func amounts(in text: String) -> [(Decimal, String)] {
        amount.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { amount($0, in: text) }
    }

    // MARK: Shop

    private static let companyWords = ["sdn bhd", "bhd", "enterprise", "trading", "ltd", "limited", "llc", "inc", "gmbh",
                                       "store", "mart", "market", "restaurant", "cafe", "shop", "hardware", "pharmacy", "s.a.", "co."]

    private static let registration = try! NSRegularExpression(pattern: #"\s*[({][^(){}]*\d[^(){}]*[)}]$"#)

    /// The name as printed, without the scan's specks around it ("* THAI DELICIOUS RESTAURANT _")
    /// nor the company's registration number printed after it ("LITTLE CRAVINGS SDN BHD (562007-D)").
    static func shopName(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".()")).inverted)
        let range = NSRange(trimmed.startIndex..., in: trimmed)
        let name = registration.stringByReplacingMatches(in: trimmed, range: range, withTemplate: "")
        return name.contains(where: \.isLetter) ? name : trimmed
    }

    /// A line naming a company in the receipt's first lines, else its first line of words.
    static func shop(in lines: [TextLine]) -> TextLine? {
        let head = lines.prefix(8).filter { line in
            let letters = line.text.filter(\.isLetter).count
            return letters >= 3 && letters * 2 >= line.text.filter { !$0.isWhitespace }.count
        }
        return head.first { line in companyWords.contains { line.text.lowercased().contains($0) } } ?? head.first
    }
}

extension TextSuggestion {
    /// With the region of `line`, when it has one (a PDF's text layer has none).
    func at(_ line: TextLine) -> TextSuggestion {
        var copy = self
        let region = line.region
        copy.region = region.width > 0 && region.height > 0 ? region : nil
        return copy
    }
}
