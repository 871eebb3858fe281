import Accounts
import Claims
import Database
import Foundation
import Inventory
import PhotoLibrary

/// The data folder and everything in it: each path is spelled here alone, and the database opens with
/// every module's schema.
public struct DataFolder: Sendable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    /// Each module's part of the database file.
    public static let schemas = [InventorySchema.schema, LibrarySchema.schema, AccountsSchema.schema, ClaimsSchema.schema]

    public var databasePath: String { url.appendingPathComponent("homepwner.sqlite").path }
    /// Item photos: originals named by their SHA-256, with their renditions.
    var images: URL { url.appendingPathComponent("images") }
    /// Item documents by SHA-256, with their thumbnails.
    var documents: URL { url.appendingPathComponent("documents") }
    /// Renditions of library photos.
    public var libraryCache: URL { url.appendingPathComponent("library-cache") }
    /// Request bodies too large to keep in memory, while they arrive (unnamed files).
    var uploadsInProgress: URL { url.appendingPathComponent("tmp") }
    /// Files uploaded to be imported, kept between their preview and the import (`PendingImports`).
    var pendingImports: URL { uploadsInProgress.appendingPathComponent("imports") }
    /// Held shared by every process writing the inventory's files (`DataFolderLock`).
    var lockPath: String { url.appendingPathComponent("homepwner.lock").path }
    /// The demo library `--demo` writes when no library is given.
    var demoLibrary: URL { url.appendingPathComponent("Demo Library") }

    /// Creates the folder when it is missing.
    public func create() throws(AppStartError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: uploadsInProgress, withIntermediateDirectories: true)
        } catch {
            throw AppStartError("Cannot create the data folder \(url.path): \(error.localizedDescription). Choose another with --data.")
        }
    }

    /// Whether the database file does not exist yet (a new data folder).
    var isNew: Bool { !FileManager.default.fileExists(atPath: databasePath) }

    /// The inventory of the folder, for a command that works on it without serving it.
    public func openItemStore() throws -> ItemStore {
        let database = try openDatabase()
        return try ItemStore(database: database, images: try ImageStore(directory: images, database: database),
                             documents: try DocumentStore(directory: documents))
    }

    /// Creates the folder if needed and opens its database, bringing every module's schema up to date.
    public func openDatabase() throws(AppStartError) -> Database {
        try create()
        do {
            return try Database(path: databasePath, schemas: Self.schemas)
        } catch {
            throw AppStartError("Cannot open the database \(databasePath): \(error)")
        }
    }
}
