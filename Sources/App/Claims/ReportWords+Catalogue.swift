import ClaimReport
import Localization

extension ReportWords {
    /// The report's own words in `words`' language. Its patterns keep their `{name}` parts for the
    /// report to fill in: each is formatted with its own placeholder as the value.
    init(_ words: Localizer) {
        self.init()
        func say(_ key: String, _ parts: String...) -> String {
            words.text("packet." + key, Dictionary(uniqueKeysWithValues: parts.map { ($0, MessageArgument.text("{\($0)}")) }))
        }
        totals = say("totals")
        method = say("method")
        roomTotals = say("room-totals")
        inThisClaim = say("in-this-claim")
        usefulLives = say("useful-lives")
        references = say("references")
        schedule = say("schedule")
        cover = say("cover")
        items = say("items")
        photos = say("photos")
        receipts = say("receipts")
        evidence = say("evidence")
        noPhoto = say("no-photo")
        continuedPattern = say("continued", "title")
        pagePattern = say("page", "page", "count")
        unreadablePhotoPattern = say("unreadable-photo", "reason")
        unreadableReceiptPattern = say("unreadable-receipt", "reason")
        fileMissing = say("file-missing")
        fileTooLargePattern = say("file-too-large", "megabytes")
        photoDamaged = say("photo-damaged")
        receiptDamaged = say("receipt-damaged")
        expenses = say("expenses")
        expenseTotals = say("expense-totals")
        expenseReceipts = say("expense-receipts")
        packOut = say("pack-out")
        proofOfLossStatements = say("proof.heading.loss")
        proofOfLossAmounts = say("proof.heading.amounts")
        proofOfLossDeclaration = say("proof.heading.declaration")
        proofOfLossSignature = say("proof.heading.signed")
        proofOfLossNotary = say("proof.heading.notary")
        statementPattern = say("proof.statement", "label", "text")
    }
}
