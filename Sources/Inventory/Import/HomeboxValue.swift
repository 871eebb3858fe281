import TextRules

/// Homebox's cell values in Homepwner's terms. Where Homebox silently reads an unreadable value as
/// zero, false or no date, these say why the cell cannot be read, so the person can fix it.
enum HomeboxValue {
    /// Go's `strconv.ParseBool` (`1 t true 0 f false`), in any case, and `yes`/`no`/`y`/`n`; an
    /// empty cell is false (Homebox writes `false`).
    static func bool(_ text: String) -> Result<Bool, HomeboxValueError> {
        switch text.trimmingWhitespace().lowercased() {
        case "1", "t", "true", "yes", "y": .success(true)
        case "", "0", "f", "false", "no", "n": .success(false)
        default: .failure(HomeboxValueError(Message("error.import.not-true-false", "“\(quoted(text))” is not true or false. Write true or false (yes/no and 1/0 also work).",
                                                    ["text": .text(quoted(text))])))
        }
    }

    /// A day as Homebox writes or reads it: `YYYY-MM-DD`, `MM/DD/YYYY` (also `M/D/YYYY`, as a spreadsheet
    /// re-saves it), `YYYY/MM/DD` or RFC 3339 (the day as written, whatever the offset). Empty is no date;
    /// so is Go's zero time, `0001-01-01`.
    static func date(_ text: String) -> Result<CalendarDate?, HomeboxValueError> {
        let text = text.trimmingWhitespace()
        if text.isEmpty || text.hasPrefix("0001-01-01") { return .success(nil) }
        let fail = Result<CalendarDate?, HomeboxValueError>.failure(HomeboxValueError(Message("error.import.not-a-date",
            "“\(quoted(text))” is not a date that exists. Write it as YYYY-MM-DD (2021-10-13); MM/DD/YYYY also works.", ["text": .text(quoted(text))])))
        func day(_ year: Substring, _ month: Substring, _ day: Substring) -> CalendarDate? {
            func padded(_ part: Substring) -> String { part.count == 1 ? "0" + part : String(part) }
            return CalendarDate(iso: "\(year)-\(padded(month))-\(padded(day))")
        }
        if text.count > 10, let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }),
           text.distance(from: text.startIndex, to: separator) == 10 {
            guard isRFC3339Time(text[text.index(after: separator)...]), let date = CalendarDate(iso: String(text.prefix(10))) else { return fail }
            return .success(date)
        }
        if let date = CalendarDate(iso: text) { return .success(date) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return fail }
        if parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 { return day(parts[0], parts[1], parts[2]).map { .success($0) } ?? fail }
        if parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2 {
            if let date = day(parts[2], parts[0], parts[1]) { return .success(date) }
            if day(parts[2], parts[1], parts[0]) != nil {
                return .failure(HomeboxValueError(Message("error.import.day-first", "“\(quoted(text))” is not a date as Homebox reads it, month first (MM/DD/YYYY): "
                                                  + "the day seems to come first. Write it as YYYY-MM-DD (2021-10-13).", ["text": .text(quoted(text))])))
            }
            return fail
        }
        return fail
    }

    /// A purchase date: a day as `date` reads it, or as a person remembers it in a file they wrote
    /// (`2019`, `2019-06`, `about 5 years ago` said `today`; our own file's `about 5 years before
    /// 2024-12-06`). Homebox itself always writes a day.
    static func purchaseDate(_ text: String, today: CalendarDate? = nil) -> Result<PurchaseDate?, HomeboxValueError> {
        let day = date(text)
        if case .success(let day) = day { return .success(day.map(PurchaseDate.day)) }
        let trimmed = text.trimmingWhitespace()
        guard trimmed.count == 4 || trimmed.count == 7 || trimmed.lowercased().contains("year") else { return day.map { $0.map(PurchaseDate.day) } }
        do { return .success(try PurchaseDate(parsing: trimmed, today: today)) } catch {
            return .failure(HomeboxValueError(error.wording(naming: Message("error.import.row.purchase-date", "The purchase date"))))
        }
    }

    /// `15:04:05` with optional fractions, then `Z` or `±07:00`.
    private static func isRFC3339Time(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && bytes[range].allSatisfy { (0x30...0x39).contains($0) } }
        guard bytes.count >= 9, digits(0..<2), bytes[2] == UInt8(ascii: ":"), digits(3..<5), bytes[5] == UInt8(ascii: ":"), digits(6..<8) else { return false }
        var index = 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") { return index + 1 == bytes.count }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return false }
        return bytes.count == index + 6 && digits(index + 1..<index + 3) && bytes[index + 3] == UInt8(ascii: ":") && digits(index + 4..<index + 6)
    }

    /// A quantity as Homebox v0.25 and later write it (a float64, Go's shortest decimal: `3`, `2.5`,
    /// `0.75`; older versions `3`). Empty and `0` are "not said" (Homebox writes 0 where no quantity was
    /// ever set). Decimals past the fourth (a float Homebox kept, `0.3333333333333333`) are rounded
    /// half up, as amounts past the currency's decimals are, and the row says so in the preview
    /// (`rounded`): refusing would stop the whole file for a difference no one counts.
    static func quantity(_ text: String) -> Result<(quantity: Quantity, rounded: Bool)?, HomeboxValueError> {
        let text = text.trimmingWhitespace()
        if text.isEmpty || (text.allSatisfy { $0 == "0" || $0 == "." } && text.contains("0")) { return .success(nil) }
        do {
            return .success(try Quantity.parse(text, extraDecimals: .round))
        } catch {
            return .failure(HomeboxValueError(error.wording(naming: Message("error.import.row.quantity", "The quantity"))))
        }
    }

    /// An amount in the inventory's currency: Homebox writes `39.95`, and `0` for none. Digits past the
    /// currency's decimals (Homebox keeps floating point) are rounded half up; a spreadsheet's `$1,299.99`
    /// is read as a person would type it.
    static func amount(_ text: String, currency: Currency) -> Result<Int64?, HomeboxValueError> {
        var text = text.trimmingWhitespace()
        if text.isEmpty { return .success(nil) }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit), parts[1].count > currency.minorUnits,
           parts[1].allSatisfy(\.isASCIIDigit) {
            text = rounded(whole: parts[0], fraction: parts[1], decimals: currency.minorUnits)
        }
        do {
            let money = try Money.parseTyped(text, currency: currency)
            return .success(money.minorUnits == 0 ? nil : money.minorUnits)
        } catch {
            return .failure(HomeboxValueError(error.wording(naming: Message("error.import.row.amount", "The amount"))))
        }
    }

    /// `whole.fraction` rounded half up to `decimals` digits, as decimal text.
    private static func rounded(whole: Substring, fraction: Substring, decimals: Int) -> String {
        var digits = Array(whole + fraction.prefix(decimals)).map { Int($0.asciiValue! - 48) }
        if fraction.dropFirst(decimals).first.map({ $0 >= "5" }) == true {
            var index = digits.count - 1
            while index >= 0 {
                digits[index] += 1
                if digits[index] < 10 { break }
                digits[index] = 0
                index -= 1
            }
            if index < 0 { digits.insert(1, at: 0) }
        }
        let text = digits.map(String.init).joined()
        return decimals == 0 ? text : text.dropLast(decimals) + "." + text.suffix(decimals)
    }

    /// A place's path as Homebox writes it, `Home / Garage / Shelf`: split at every `/`, parts trimmed,
    /// empty parts dropped (`Path /To/ Location` is `Path`, `To`, `Location`, as in Homebox).
    static func path(_ text: String) -> [String] {
        text.split(separator: "/").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Tags as Homebox writes them, `Tools; Garden`: split at `;`, trimmed, empty ones dropped.
    static func tags(_ text: String) -> [String] {
        text.split(separator: ";").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// Homebox's asset id (`000-001`, or `1`): its number, written back as Homebox shows it; nil for
    /// none (empty or 0).
    static func assetID(_ text: String) -> Result<String?, HomeboxValueError> {
        let digits = text.trimmingWhitespace().filter { $0 != "-" && $0 != "\"" }
        if digits.isEmpty { return .success(nil) }
        guard digits.count <= 18, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else {
            return .failure(HomeboxValueError(Message("error.import.not-asset-id", "“\(quoted(text))” is not a Homebox asset id. Write it as digits, such as 000-001.",
                                                      ["text": .text(quoted(text))])))
        }
        if number == 0 { return .success(nil) }
        let padded = String(repeating: "0", count: max(0, 6 - String(number).count)) + String(number)
        return .success(padded.dropLast(3) + "-" + padded.suffix(3))
    }

    /// The text for a message: at most 40 characters, so a huge cell is not echoed back.
    static func quoted(_ text: String) -> String {
        TextRule.excerpt(text, characters: 40)
    }
}

/// Why a cell's value cannot be read.
struct HomeboxValueError: Error {
    /// Why, in words the app writes in the reader's language.
    let wording: Message
    var message: String { wording.english }
    init(_ wording: Message) { self.wording = wording }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) && isASCII }
}
