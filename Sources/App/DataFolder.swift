import Accounts
import Claims
import Database
import Foundation
@preconcurrency import Glibc
import Home
import Households
import Inventory
import PhotoLibrary
import Uploads

/// The data folder and everything in it: each path is spelled here alone, and the database opens with
/// every module's schema.
public struct DataFolder: Sendable {
    public let url: URL

    public init(_ url: URL) { self.url = url }

    /// Each module's part of the database file; the households' last, as its migrations read the others' tables.
    public static let schemas = [InventorySchema.schema, LibrarySchema.schema, AccountsSchema.schema, ClaimsSchema.schema, UploadsSchema.schema, HouseholdsSchema.schema]

    public var databasePath: String { url.appendingPathComponent("homepwner.sqlite").path }
    /// Item photos: originals named by their SHA-256, with their renditions.
    var images: URL { url.appendingPathComponent("images") }
    /// Item documents by SHA-256, with their thumbnails.
    var documents: URL { url.appendingPathComponent("documents") }
    /// Renditions of library photos.
    public var libraryCache: URL { url.appendingPathComponent("library-cache") }
    /// Request bodies too large to keep in memory, while they arrive (unnamed files).
    var uploadsInProgress: URL { url.appendingPathComponent("tmp") }
    /// Resumable uploads' bytes, one file per upload named by its id (`UploadStore`): not in `tmp`,
    /// which a start clears, as an upload outlives a restart.
    var resumableUploads: URL { url.appendingPathComponent("uploads") }
    /// Files uploaded to be imported, kept between their preview and the import (`PendingImports`).
    var pendingImports: URL { uploadsInProgress.appendingPathComponent("imports") }
    /// Held shared by every process writing the inventory's files (`DataFolderLock`).
    var lockPath: String { url.appendingPathComponent("homepwner.lock").path }
    /// The demo library `--demo` writes when no library is given.
    var demoLibrary: URL { url.appendingPathComponent("Demo Library") }

    /// Creates the folder when it is missing, for its owner only, and takes away what others may do
    /// in one that exists (`restrictAccess`), saying so on standard error.
    public func create() throws(AppStartError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw AppStartError("Cannot create the data folder \(url.path): \(error.localizedDescription). Choose another with --data.")
        }
        for folder in [url, uploadsInProgress, images, documents, libraryCache] where mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
            throw AppStartError("Cannot create the data folder \(folder.path): \(String(cString: strerror(errno))). Choose another with --data.")
        }
        if let warning = restrictAccess() { FileHandle.standardError.write(Data("homepwner: \(warning)\n".utf8)) }
    }

    /// Whether the database file does not exist yet (a new data folder).
    var isNew: Bool { !FileManager.default.fileExists(atPath: databasePath) }

    /// The folder opened: its database (created or brought up to date), every store and, when
    /// `options` names its folders, the photo library. `serve`, every command and the tests open it
    /// so.
    public func openEnvironment(_ options: HomeEnvironment.Options = HomeEnvironment.Options()) throws -> HomeEnvironment {
        try HomeEnvironment(database: try openDatabase(), images: images, documents: documents, libraryCache: libraryCache,
                            uploads: resumableUploads, options: options)
    }

    /// Creates the folder if needed and opens its database, bringing every module's schema up to date.
    public func openDatabase() throws(AppStartError) -> Database {
        try create()
        // SQLite makes a new file 0644 less the umask, and its WAL and shared memory alike: an empty
        // file (a new database to SQLite) made first, for the owner only, is what they follow.
        let made = open(databasePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
        do {
            return try Database(path: databasePath, schemas: Self.schemas)
        } catch {
            throw AppStartError("Cannot open the database \(databasePath): \(error)")
        }
    }
}
