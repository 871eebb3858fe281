@testable import Backup
import Claims
import Database
import Foundation
import Home
import Inventory
import Testing

/// A living expense's receipt is part of the claim's record: a backup holds it byte for byte, a
/// restore brings it back, and verifying notices when it is gone from the backup.
@Suite struct BackupReceiptsTests {
    static let folio = Array("%PDF-1.4\n% Hotel Marigold, folio 4471, 3 nights\n".utf8)

    @Test func aBackupKeepsTheExpensesReceiptsAndARestoreBringsThemBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-receipts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data"), documents = data.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let database = try Database(path: data.appendingPathComponent("homepwner.sqlite").path, schemas: [InventorySchema.schema, ClaimsSchema.schema])
        _ = try HomeEnvironment.inventory(database: database, images: data.appendingPathComponent("images"), documents: documents)
        let claims = ClaimStore(database: database, receipts: try DocumentStore(directory: HomeEnvironment.receiptsFolder(in: documents)))
        var fire = ClaimInput(name: "Kitchen fire")
        fire.lossDate = .some(CalendarDate(iso: "2026-03-14"))
        let claim = try claims.create(fire)
        let hotel = try claims.addExpense(ClaimExpenseInput(category: .hotel, date: .some(CalendarDate(iso: "2026-03-15")),
                                                            description: "Hotel Marigold, 3 nights", amount: .some(567_00)),
                                          to: claim.id, receipt: (name: "folio.pdf", bytes: { Self.folio }))
        let sha256 = try #require(hotel.receipt?.sha256)

        let source = BackupSource(database: database, dataFolder: data, imagesFolder: data.appendingPathComponent("images"), documentsFolder: documents)
        let report = try BackupWriter.make(from: source, into: BackupStore(path: root.appendingPathComponent("backups").path))

        let path = "documents/receipts/\(sha256.prefix(2))/\(sha256)/original"
        #expect(report.manifest.files.first { $0.path == path }?.sha256 == sha256)
        #expect(try BackupVerifier.verify(report.backup.path).problems == [])

        let restored = root.appendingPathComponent("restored")
        _ = try BackupRestorer.restore(from: report.backup.path, into: restored.path)
        #expect(try Array(Data(contentsOf: restored.appendingPathComponent(path))) == Self.folio)

        try FileManager.default.removeItem(atPath: "\(report.backup.path)/\(path)")
        #expect(try BackupVerifier.verify(report.backup.path).problems.contains { $0.contains(sha256) })
    }
}
