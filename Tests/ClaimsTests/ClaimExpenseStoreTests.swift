import Claims
import Foundation
import Inventory
import Testing

/// A claim's additional living expenses: kept to the minor unit with their totals by category, each
/// with a receipt told from its bytes; a closed claim's ledger kept as it was; every wrong field named.
@Suite struct ClaimExpenseStoreTests {
    static let pdf = Array("%PDF-1.4\n% a hotel folio\n".utf8)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 24)
    static let gif = Array("GIF89a".utf8) + Array(repeating: 0, count: 20)

    private func claim(_ test: TestClaims, lossDate: String = "2026-03-14") throws -> Claim {
        var input = ClaimInput(name: "Kitchen fire")
        input.lossDate = .some(CalendarDate(iso: lossDate))
        return try test.claims.create(input)
    }

    private func expense(_ category: ExpenseCategory, _ day: String, _ description: String, _ amount: Int64) -> ClaimExpenseInput {
        ClaimExpenseInput(category: category, date: .some(CalendarDate(iso: day)), description: description, amount: .some(amount))
    }

    @Test func entriesAreKeptToTheCentAndTotalledByCategoryInTheListsOrder() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try claim(test)
        let hotel = try test.claims.addExpense(expense(.hotel, "2026-03-15", "Hotel Marigold, 3 nights", 567_00), to: claim.id,
                                               receipt: (name: "folio.pdf", bytes: { Self.pdf }))
        _ = try test.claims.addExpense(expense(.meals, "2026-03-16", "  Dinners above the usual  ", 48_37), to: claim.id)
        _ = try test.claims.addExpense(expense(.hotel, "2026-03-18", "Hotel Marigold, 2 more nights", 378_01), to: claim.id)
        _ = try test.claims.addExpense(expense(.mileage, "2026-03-17", "Extra miles to work", 46_90), to: claim.id,
                                       receipt: (name: nil, bytes: { Self.png }))

        let ledger = try test.claims.expenses(ofClaim: claim.id)
        #expect(ledger.entries.map(\.date.iso) == ["2026-03-15", "2026-03-16", "2026-03-17", "2026-03-18"], "oldest first")
        #expect(ledger.entries[1].description == "Dinners above the usual", "trimmed")
        #expect(ledger.byCategory.map(\.category) == [.hotel, .meals, .mileage])
        #expect(ledger.byCategory.map(\.amount) == [945_01, 48_37, 46_90])
        #expect(ledger.byCategory.map(\.count) == [2, 1, 1])
        #expect(ledger.total == 1040_28)
        #expect(ledger.withoutReceipt == 2)
        #expect(hotel.receipt?.type == .pdf && hotel.receipt?.fileName == "folio.pdf" && hotel.receipt?.byteSize == Self.pdf.count)
        #expect(ledger.entries[2].receipt?.type == .image(.png) && ledger.entries[2].receipt?.fileName == "Receipt.png")
        let path = try #require(test.claims.receiptPath(of: hotel))
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Self.pdf, "the receipt byte for byte")
        #expect(try test.claims.sheet(id: claim.id).expenses == ledger, "the claim's sheet carries its ledger")

        let changed = try test.claims.updateExpense(hotel.id, of: claim.id, ClaimExpenseInput(amount: .some(600_00)))
        #expect(changed.amount == 600_00 && changed.description == hotel.description && changed.receipt == hotel.receipt)
        #expect(try test.claims.expenses(ofClaim: claim.id).total == 1073_28)
    }

    @Test func aReceiptIsAPDFAJPEGOrAPNGByItsBytesAndARefusedOneKeepsNothing() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try claim(test)
        for (bytes, message) in [(Self.gif, "The receipt must be a PDF, JPEG or PNG, not GIF. Save or scan it as one of them."),
                                 (Array("just some text".utf8), "The receipt must be a PDF, JPEG or PNG, not TXT. Save or scan it as one of them."),
                                 (Array("<svg/>".utf8), "The receipt must be a PDF, JPEG or PNG; this file is none of them."),
                                 ([], "The receipt's file is empty. Choose the file again.")] {
            let error = try #require(throws: ClaimError.self) {
                try test.claims.addExpense(expense(.storage, "2026-03-20", "Storage unit", 89_00), to: claim.id, receipt: (name: "x.pdf", bytes: { bytes }))
            }
            #expect(error.fieldMessages["receipt"] == message)
        }
        #expect(try test.claims.expenses(ofClaim: claim.id).entries.isEmpty, "nothing half-written")
    }

    @Test func everyWrongFieldIsNamedAtOnce() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try claim(test)
        let error = try #require(throws: ClaimError.self) {
            try test.claims.addExpense(ClaimExpenseInput(date: .some(CalendarDate(iso: "2026-03-01")), description: "  ", amount: .some(0)), to: claim.id)
        }
        #expect(error.fieldMessages == [
            "category": "Choose what the expense was for: “hotel”, “rent”, “meals”, “mileage”, “storage”, “moving”, “laundry”, “utilities” or “other”.",
            "date": "The date Mar 1, 2026 is before the loss (Mar 14, 2026): living expenses count from the day of the loss.",
            "description": "Say what the expense was (for example “Hotel Marigold, 3 nights”).",
            "amount": "The amount must be above zero (a refund is not an expense).",
        ])
        let missing = try #require(throws: ClaimError.self) { try test.claims.addExpense(ClaimExpenseInput(category: .meals), to: claim.id) }
        #expect(missing.fieldMessages["date"] == "Give the day of the expense, like 2026-03-20.")
        #expect(missing.fieldMessages["amount"] == "Give the amount paid, like 189.00.")
        let huge = try #require(throws: ClaimError.self) {
            try test.claims.addExpense(expense(.other, "2026-03-20", "Typing slip", Money.maxMinorUnits + 1), to: claim.id)
        }
        #expect(huge.fieldMessages["amount"] == "The amount is too large for one expense; split it into entries.")
        #expect(throws: ClaimError.expenseNotFound(claimID: claim.id, expenseID: 99)) {
            try test.claims.updateExpense(99, of: claim.id, ClaimExpenseInput(amount: .some(1)))
        }
    }

    @Test func aClosedClaimsLedgerIsKeptAsItWasSettled() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try claim(test)
        let hotel = try test.claims.addExpense(expense(.hotel, "2026-03-15", "Hotel", 100_00), to: claim.id)
        _ = try test.claims.close(id: claim.id, items: test.items)
        let closed = ClaimError.closed(name: "Kitchen fire")
        #expect(throws: closed) { try test.claims.addExpense(expense(.meals, "2026-03-16", "Meals", 10_00), to: claim.id) }
        #expect(throws: closed) { try test.claims.updateExpense(hotel.id, of: claim.id, ClaimExpenseInput(amount: .some(1))) }
        #expect(throws: closed) { try test.claims.removeExpense(hotel.id, of: claim.id) }
        #expect(throws: closed) { try test.claims.setReceipt(of: hotel.id, of: claim.id, name: nil) { Self.pdf } }
        #expect(try test.claims.expenses(ofClaim: claim.id).total == 100_00)
    }

    @Test func aReceiptsFileGoesWithTheLastExpenseOrClaimThatNamesIt() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let first = try claim(test), second = try claim(test)
        let a = try test.claims.addExpense(expense(.hotel, "2026-03-15", "Hotel", 100_00), to: first.id, receipt: (name: "folio.pdf", bytes: { Self.pdf }))
        let b = try test.claims.addExpense(expense(.hotel, "2026-03-15", "Hotel", 100_00), to: second.id, receipt: (name: "folio.pdf", bytes: { Self.pdf }))
        let path = try #require(test.claims.receiptPath(of: a))
        try test.claims.removeExpense(a.id, of: first.id)
        #expect(FileManager.default.fileExists(atPath: path), "the other claim's expense still names the same bytes")
        try test.claims.delete(id: second.id)
        #expect(!FileManager.default.fileExists(atPath: path), "gone with the last claim that named it")
        #expect(throws: ClaimError.claimNotFound(id: second.id)) { try test.claims.expense(b.id, of: second.id) }

        let c = try test.claims.addExpense(expense(.meals, "2026-03-16", "Meals", 10_00), to: first.id, receipt: (name: "a.png", bytes: { Self.png }))
        let replaced = try test.claims.setReceipt(of: c.id, of: first.id, name: "folio.pdf") { Self.pdf }
        #expect(replaced.receipt?.type == .pdf)
        let replacedPath = try #require(test.claims.receiptPath(of: c))
        #expect(!FileManager.default.fileExists(atPath: replacedPath), "the replaced receipt's file is gone")
    }

    /// Found by reliability/crash_loop.py: a server killed between writing a receipt and committing its
    /// row left the file for good. The next start clears it, and keeps every receipt an expense names.
    @Test func aReceiptFileNoExpenseNamesIsClearedAtStartAndEveryNamedOneStays() throws {
        let test = try TestClaims()
        defer { test.remove() }
        let claim = try claim(test)
        let kept = try test.claims.addExpense(expense(.hotel, "2026-03-15", "Hotel", 100_00), to: claim.id, receipt: (name: "folio.pdf", bytes: { Self.pdf }))
        let unnamed = try test.claims.addExpense(expense(.meals, "2026-03-16", "Dinner", 20_00), to: claim.id, receipt: (name: nil, bytes: { Self.png }))
        let unnamedPath = try #require(test.claims.receiptPath(of: unnamed))
        // Killed after the file was written and before the row committed: the row taken away.
        try test.database.write { try $0.run("DELETE FROM claim_expenses WHERE id = ?", unnamed.id) }
        let receipts = try #require(test.claims.receipts).directory
        let sha = try #require(kept.receipt?.sha256)
        let staging = "\(receipts)/\(sha.prefix(2))/.staging-A"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)

        let removed = try test.claims.removeLeftoverReceipts()

        let unnamedSHA = try #require(unnamed.receipt?.sha256)
        #expect(removed == ["\(sha.prefix(2))/.staging-A", "\(unnamedSHA.prefix(2))/\(unnamedSHA)"].sorted())
        #expect(!FileManager.default.fileExists(atPath: unnamedPath) && !FileManager.default.fileExists(atPath: staging))
        let keptPath = try #require(test.claims.receiptPath(of: kept))
        #expect(FileManager.default.contents(atPath: keptPath).map(Array.init) == Self.pdf, "the named receipt byte for byte")
        #expect(try test.claims.removeLeftoverReceipts().isEmpty, "a second sweep finds nothing")
    }
}
