import Foundation

/// The shop, the date and the total of a receipt, from its lines (read from a picture, or a PDF's
/// text layer). Dates become YYYY-MM-DD: a first number over 12 is a day, a second one over 12 is
/// a day, and a date that could be either is read day first unless the receipt is in US dollars
/// (month first). The total is the largest amount on a line naming a total (not a subtotal, tax,
/// discount or count), as plain decimal text.
public enum ReceiptFields {
    /// Bumped whenever the rules change, so what was read before is read again.
    public static let version = 1
    static let minimumConfidence = 0.55

    public static func suggestions(from lines: [TextLine], reader: String) -> [TextSuggestion] {
        let name = "\(reader)/receipts \(version)"
        let usable = lines.filter { $0.confidence >= minimumConfidence || $0.words.allSatisfy { $0.confidence >= 1 } }
        let monthFirst = isMonthFirst(usable.map(\.text).joined(separator: "\n"))
        var found: [TextSuggestion] = []
        if let shop = shop(in: usable) {
            found.append(TextSuggestion(field: .purchasedFrom, value: shop.text, region: nil, confidence: shop.confidence, reader: name).at(shop))
        }
        if let (date, line) = date(in: usable, monthFirst: monthFirst) {
            found.append(TextSuggestion(field: .purchaseDate, value: date, region: nil, confidence: line.confidence, reader: name).at(line))
        }
        if let (total, line) = total(in: usable) {
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

    /// The first date on a line naming one ("Date", "Tarikh"), else the first date anywhere.
    static func date(in lines: [TextLine], monthFirst: Bool) -> (String, TextLine)? {
        let dated = lines.compactMap { line in parseDate(line.text, monthFirst: monthFirst).map { ($0, line) } }
        return dated.first { $0.1.text.lowercased().contains("date") } ?? dated.first
    }

    private static let numeric = try! NSRegularExpression(pattern: #"(?<![\d.])(\d{1,4})\s?[/.\-]\s?(\d{1,2})\s?[/.\-]\s?(\d{2,4})(?![\d])"#)
    private static let named = try! NSRegularExpression(pattern: #"(?i)(?<!\d)(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s\-/.,]*(\d{4}|\d{2})(?!\d)"#)
    private static let namedMonthFirst = try! NSRegularExpression(pattern: #"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)"#)

    static func parseDate(_ text: String, monthFirst: Bool) -> String? {
        let range = NSRange(text.startIndex..., in: text)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String { (text as NSString).substring(with: match.range(at: index)) }
        for match in numeric.matches(in: text, range: range) {
            let (a, b, c) = (group(match, 1), group(match, 2), group(match, 3))
            guard let first = Int(a), let second = Int(b), let third = Int(c) else { continue }
            if a.count == 4 {
                if let date = iso(year: first, month: second, day: third) { return date }
                continue
            }
            guard c.count == 4 || c.count == 2, a.count <= 2 else { continue }
            let year = c.count == 2 ? 2000 + third : third
            let dayFirst = first > 12 || (second <= 12 && !monthFirst)
            if let date = dayFirst ? iso(year: year, month: second, day: first) : iso(year: year, month: first, day: second) { return date }
        }
        for match in named.matches(in: text, range: range) {
            guard let day = Int(group(match, 1)), let month = months.firstIndex(of: group(match, 2).lowercased()), let year = Int(group(match, 3)) else { continue }
            if let date = iso(year: group(match, 3).count == 2 ? 2000 + year : year, month: month + 1, day: day) { return date }
        }
        for match in namedMonthFirst.matches(in: text, range: range) {
            guard let month = months.firstIndex(of: group(match, 1).lowercased()), let day = Int(group(match, 2)), let year = Int(group(match, 3)) else { continue }
            if let date = iso(year: year, month: month + 1, day: day) { return date }
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
    private static let totalWords = ["total", "otal", "tota", "amount due", "amount payable", "balance due", "jumlah", "summe", "montant"]
    private static let notTotal = ["subtotal", "sub total", "sub-total", "subtota", "sub tota", "total qty", "total quantity", "total item", "total tax",
                                   "total gst", "total vat", "total sales tax", "discount", "saving", "excl", "qty", "change", "tendered"]

    /// The total after rounding, when a line names it so ("Total After Adj", "Total Rounded",
    /// "Grand Total", "Nett Total": shops that round to 5 cents print the exact sum above it).
    private static let finalWords = ["round", "adj", "grand", "nett", "net total", "amount due", "payable"]

    /// The last amount on a line naming the final total, else the largest amount on a line naming a
    /// total (or on the line just after one naming it alone); never 0.
    static func total(in lines: [TextLine]) -> (String, TextLine)? {
        var best: (value: Decimal, text: String, line: TextLine)?
        var final: (text: String, line: TextLine)?
        for (index, line) in lines.enumerated() {
            let lower = line.text.lowercased()
            guard totalWords.contains(where: lower.contains), !notTotal.contains(where: lower.contains) else { continue }
            var candidates = amounts(in: line.text).filter { $0.0 > 0 }
            if candidates.isEmpty, index + 1 < lines.count { candidates = amounts(in: lines[index + 1].text).filter { $0.0 > 0 } }
            if finalWords.contains(where: lower.contains), let last = candidates.last { final = (last.1, line) }
            for (value, text) in candidates where best == nil || value > best!.value {
                best = (value, text, line)
            }
        }
        return final ?? best.map { ($0.text, $0.line) }
    }

    /// Every amount with two decimals on a line ("1,234.50", "12,50", "RM 8.00"), as plain decimal text.
    static func amounts(in text: String) -> [(Decimal, String)] {
        let range = NSRange(text.startIndex..., in: text)
        return amount.matches(in: text, range: range).compactMap { match in
            let whole = (text as NSString).substring(with: match.range(at: 1)).filter(\.isNumber)
            let cents = (text as NSString).substring(with: match.range(at: 2))
            guard let units = Int(whole), units < 10_000_000 else { return nil }
            let plain = "\(units).\(cents)"
            return Decimal(string: plain).map { ($0, plain) }
        }
    }

    // MARK: Shop

    private static let companyWords = ["sdn bhd", "bhd", "enterprise", "trading", "ltd", "limited", "llc", "inc", "gmbh",
                                       "store", "mart", "market", "restaurant", "cafe", "shop", "hardware", "pharmacy", "s.a.", "co."]

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
