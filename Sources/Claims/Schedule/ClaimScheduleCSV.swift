import Inventory

/// A claim's schedule as CSV in one of its layouts (`ClaimScheduleProfile`): UTF-8 with a byte-order
/// mark (so Excel on Windows reads "Wüsthof" as written), a header, one row per line and no totals
/// row (the totals are the XLSX's second sheet). Amounts are plain decimals in major units
/// (`1234.56`, `1300` for JPY); every cell is neutralised against formula injection (OWASP) by
/// `CSVLine`; lines end in CRLF. The figures are the schedule's own, so the CSV, the XLSX, the PDF and
/// the page agree to the minor unit.
public enum ClaimScheduleCSV {
    public static let byteOrderMark = "\u{FEFF}"

    /// The full layout's header and words in `words`' language; its figures stay plain decimals
    /// whatever the language, as every spreadsheet and insurer's system reads them.
    public static func make(_ schedule: ClaimSchedule, currency: Currency, profile: ClaimScheduleProfile = .full,
                            words: ScheduleWords = ScheduleWords()) -> String {
        let table = profile.table(schedule, currency: currency, words: words)
        var text = byteOrderMark + CSVLine.make(table.header)
        for row in table.rows { text += CSVLine.make(row.map { $0.text(currency: currency) }) }
        return text
    }
}
