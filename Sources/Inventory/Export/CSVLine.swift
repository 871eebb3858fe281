/// One line of a CSV file for spreadsheets and Homebox: every cell quoted (a quote doubled), and a
/// cell that a spreadsheet would run as a formula made plain text with a leading `'`, as OWASP
/// recommends against CSV injection. Lines end in CRLF (RFC 4180).
public enum CSVLine {
    /// What a formula starts with in Excel, LibreOffice and Google Sheets (tab and CR included:
    /// some strip them and read on).
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    public static func make(_ cells: [String]) -> String {
        cells.map { cell in
            let text = neutralised(cell)
            // Only a cell with a quote goes through Foundation's replacing, which on every cell was a
            // fifth of a 2,000-line claim schedule's time.
            return "\"" + (text.utf8.contains(UInt8(ascii: "\"")) ? text.replacingOccurrences(of: "\"", with: "\"\"") : text) + "\""
        }.joined(separator: ",") + "\r\n"
    }

    /// The text, with `'` in front when it would start a formula.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.first, formulaStarts.contains(first) else { return text }
        return "'" + text
    }

    /// The text `neutralised` made plain again: a `'` before what starts a formula is dropped.
    static func unneutralised(_ text: String) -> String {
        guard text.first == "'", let second = text.dropFirst().first, formulaStarts.contains(second) else { return text }
        return String(text.dropFirst())
    }
}
