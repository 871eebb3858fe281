/// The few words the report itself prints (everything else comes from the caller).
enum ReportWording {
    static let totals = "Totals"
    static let method = "How the figures were worked out"
    static let roomTotals = "Totals by room"
    static let inThisClaim = "In this claim"
    static let usefulLives = "Useful lives in this claim"
    static let references = "References"
    static let schedule = "Itemised schedule"
    static let cover = "Claim"
    static let items = "Items"
    static let photos = "Photos"
    static let receipts = "Receipts"
    static let evidence = "Evidence from before the loss"
    static let noPhoto = "No photo"

    /// "3. Stand mixer, continued": an item's further page.
    static func continued(_ title: String) -> String { "\(title), continued" }

    /// "[1] Claims Pages, “Depreciation Guide”.", its address on a line of its own.
    static func reference(_ number: Int, _ reference: ReportReference) -> String {
        "[\(number)] \(reference.publisher), “\(reference.title)”.\n\(reference.address)"
    }

    static func page(_ number: Int, of count: Int) -> String { "Page \(number) of \(count)" }

    /// What a photo's box says when its file cannot be printed.
    static func unreadablePhoto(_ path: String, _ failure: PictureSource.Failure) -> String {
        "Photo could not be read (\(reason(failure, unreadable: "the file is damaged or not an image")))" + named(path)
    }

    /// What a receipt's box says when its file cannot be printed.
    static func unreadableDocument(_ path: String, _ failure: PictureSource.Failure) -> String {
        let unreadable = "the file is damaged, locked with a password, or too long or slow to draw"
        return "Receipt could not be read (\(reason(failure, unreadable: unreadable)))" + named(path)
    }

    private static func reason(_ failure: PictureSource.Failure, unreadable: String) -> String {
        switch failure {
        case .missing: "the file is missing"
        case .tooLarge: "the file is larger than \(PictureSource.maxFileBytes >> 20) MB"
        case .unreadable: unreadable
        }
    }

    /// ": " and the file's name only (the server's folders are no business of the reader's); nothing
    /// for no path (a picture whose caption names it).
    private static func named(_ path: String) -> String {
        path.isEmpty ? "" : ": " + (path.split(separator: "/").last.map(String.init) ?? path)
    }
}
