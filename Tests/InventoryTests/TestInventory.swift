import Database
import Foundation
import Inventory

/// An inventory database in a uniquely named temporary file.
struct TestInventory {
    let path: String
    let database: Database
    let store: ItemStore

    init(_ label: String = "inventory") throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-\(label)-\(UUID().uuidString).sqlite").path
        try self.init(path: path)
    }

    init(path: String) throws {
        self.path = path
        database = try Database(path: path, migrations: InventorySchema.migrations)
        store = try ItemStore(database: database, images: try ImageStore(directory: URL(fileURLWithPath: path + "-images"), database: database),
                          documents: try DocumentStore(directory: URL(fileURLWithPath: path + "-documents")))
    }

    /// Creates items named `names`, in order.
    @discardableResult
    func add(_ names: [String]) throws -> [Item] {
        try names.map { try store.create(ItemInput(name: $0)) }
    }

    func names() throws -> [String] { try store.all().map(\.name) }

    func remove() {
        for suffix in ["", "-wal", "-shm", "-journal", "-images", "-documents"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

extension InventoryError {
    /// The validation error this error carries, if it is `.invalid`.
    var validationError: ValidationError? {
        if case .invalid(let error) = self { return error }
        return nil
    }
}
