/// The words the report itself prints, in the language of the claim (everything else comes from the
/// caller, already in it). Patterns name their parts in braces (`{title}`), filled in here.
public struct ReportWords: Sendable, Codable, Equatable {
    public var totals = "Totals"
    public var method = "How the figures were worked out"
    public var roomTotals = "Totals by room"
    public var inThisClaim = "In this claim"
    public var usefulLives = "Useful lives in this claim"
    public var references = "References"
    public var schedule = "Itemised schedule"
    public var cover = "Claim"
    public var items = "Items"
    public var photos = "Photos"
    public var receipts = "Receipts"
    public var evidence = "Evidence from before the loss"
    public var noPhoto = "No photo"
    /// "{title}, continued": an item's further page.
    public var continuedPattern = "{title}, continued"
    /// "Page {page} of {count}".
    public var pagePattern = "Page {page} of {count}"
    /// What a photo's or a receipt's box says when its file cannot be printed: "{reason}" is one of the reasons below.
    public var unreadablePhotoPattern = "Photo could not be read ({reason})"
    public var unreadableReceiptPattern = "Receipt could not be read ({reason})"
    public var fileMissing = "the file is missing"
    /// "{megabytes}": the largest file printed.
    public var fileTooLargePattern = "the file is larger than {megabytes} MB"
    public var photoDamaged = "the file is damaged or not an image"
    public var receiptDamaged = "the file is damaged, locked with a password, or too long or slow to draw"
    public var proofOfLossStatements = "The loss"
    public var proofOfLossAmounts = "Amounts"
    public var proofOfLossDeclaration = "Declaration"
    public var proofOfLossSignature = "Signed"
    public var proofOfLossNotary = "Sworn before a notary"
    /// A numbered statement of the proof of loss run into its text: "1. Time and origin: A loss by fire…".
    public var statementPattern = "{label}: {text}"
    public var expenses = "Additional living expenses"
    public var expenseTotals = "Additional living expenses by category"
    public var expenseReceipts = "Receipts of the living expenses"
    public var packOut = "Pack-out list"

    /// US English, the words the report had before it had others.
    public static let english = ReportWords()

    public init() {}

    func continued(_ title: String) -> String { fill(continuedPattern, ["title": title]) }

    func statement(_ label: String, _ text: String) -> String { fill(statementPattern, ["label": label, "text": text]) }

    func page(_ number: Int, of count: Int) -> String { fill(pagePattern, ["page": String(number), "count": String(count)]) }

    /// "[1] Claims Pages, “Depreciation Guide”.", its address on a line of its own.
    static func reference(_ number: Int, _ reference: ReportReference) -> String {
        "[\(number)] \(reference.publisher), “\(reference.title)”.\n\(reference.address)"
    }

    func unreadablePhoto(_ path: String, _ failure: PictureSource.Failure) -> String {
        fill(unreadablePhotoPattern, ["reason": reason(failure, unreadable: photoDamaged)]) + Self.named(path)
    }

    func unreadableDocument(_ path: String, _ failure: PictureSource.Failure) -> String {
        fill(unreadableReceiptPattern, ["reason": reason(failure, unreadable: receiptDamaged)]) + Self.named(path)
    }

    private func reason(_ failure: PictureSource.Failure, unreadable: String) -> String {
        switch failure {
        case .missing: fileMissing
        case .tooLarge: fill(fileTooLargePattern, ["megabytes": String(PictureSource.maxFileBytes >> 20)])
        case .unreadable: unreadable
        }
    }

    /// ": " and the file's name only (the server's folders are no business of the reader's); nothing
    /// for no path (a picture whose caption names it).
    private static func named(_ path: String) -> String {
        path.isEmpty ? "" : ": " + (path.split(separator: "/").last.map(String.init) ?? path)
    }

    private func fill(_ pattern: String, _ parts: [String: String]) -> String {
        parts.reduce(pattern) { text, part in text.replacingOccurrences(of: "{\(part.key)}", with: part.value) }
    }
}
