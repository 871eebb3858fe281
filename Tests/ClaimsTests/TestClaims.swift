import Claims
import Database
import Foundation
import Inventory

/// An inventory with its claims in a temporary folder.
struct TestClaims {
    let folder: URL
    let database: Database
    let items: ItemStore
    let claims: ClaimStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-claims-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try Database(path: folder.appendingPathComponent("db.sqlite").path, schemas: [InventorySchema.schema, ClaimsSchema.schema])
        items = try ItemStore(database: database, images: try ImageStore(directory: folder.appendingPathComponent("images"), database: database),
                              documents: try DocumentStore(directory: folder.appendingPathComponent("documents")))
        claims = ClaimStore(database: database, receipts: try DocumentStore(directory: folder.appendingPathComponent("receipts")))
    }

    func item(_ name: String, quantity: Quantity = 1, notes: String = "") throws -> Item {
        var input = ItemInput(name: name)
        input.details.quantity = quantity
        if !notes.isEmpty { input.details.texts["notes"] = notes }
        return try items.create(input)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

extension ClaimError {
    var fieldMessages: [String: String] {
        guard case .invalid(let error) = self else { return [:] }
        return Dictionary(error.errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
    }
}
