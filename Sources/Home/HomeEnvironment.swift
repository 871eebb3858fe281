import Accounts
import Claims
import Clocks
import Database
import Foundation
import Households
import Inventory
import PhotoLibrary
import Uploads

/// A data folder opened: its database, every store and (when its folders are named) the photo
/// library, all going by one clock. `serve`, every command and the tests open it the same way
/// (`DataFolder.openEnvironment`), and each store is made here and nowhere else, so a store's new
/// dependency is handed in once.
public final class HomeEnvironment: Sendable {
    /// What `serve` and the commands may choose; the defaults are a command's.
    public struct Options: Sendable {
        /// Photos with more pixels are refused (checked from the header, before decoding).
        public var maxImagePixels = 100_000_000
        /// A session unused this long ends.
        public var sessionIdleTimeout: TimeInterval = 7 * 86_400
        public var clock: any TimeSource = WallClock()
        /// The photo library's folders; nil leaves the library closed. Opening it forgets the photos of
        /// folders it is not given, so only `serve` and `scan` name them.
        public var libraryRoots: [String]?
        /// The largest resumable upload (the largest file any call takes).
        public var maxResumableUploadBytes = 2 << 30

        public init() {}
    }

    public let database: Database
    /// The time of day every store goes by.
    public let clock: any TimeSource
    public let items: ItemStore
    public let claims: ClaimStore
    public let accounts: AccountStore
    /// Households and their members.
    public let households: HouseholdStore
    /// Resumable uploads, their bytes in the `uploads` folder given.
    public let uploads: UploadStore
    /// Nil unless `Options.libraryRoots` named the folders.
    public let library: PhotoLibrary?

    /// The stores over `database`, their files in these folders of the data folder.
    public init(database: Database, images: URL, documents: URL, libraryCache: URL, uploads: URL, options: Options = Options()) throws {
        self.database = database
        clock = options.clock
        items = try Self.inventory(database: database, images: images, documents: documents,
                                   maxPixels: options.maxImagePixels, clock: options.clock)
        claims = ClaimStore(database: database, clock: options.clock,
                            receipts: try DocumentStore(directory: Self.receiptsFolder(in: documents), maxPixels: options.maxImagePixels))
        accounts = AccountStore(database: database, idleTimeout: options.sessionIdleTimeout, clock: options.clock)
        households = HouseholdStore(database: database, clock: options.clock)
        self.uploads = try UploadStore(database: database, folder: uploads, clock: options.clock,
                                       limits: UploadLimits(maxLength: options.maxResumableUploadBytes))
        library = try options.libraryRoots.map { roots in
            try PhotoLibrary(roots: roots, database: database, cacheDirectory: libraryCache, maxPixels: options.maxImagePixels,
                             clock: options.clock)
        }
    }

    /// Expenses' receipts, kept as item documents are, in a folder of their own inside the
    /// documents' (not a shard name, so the documents' leftover sweep never opens it); a backup
    /// copies them from here.
    public static func receiptsFolder(in documents: URL) -> URL {
        documents.appendingPathComponent("receipts")
    }

    /// The inventory kept in `database` with its photos and documents in these folders: the live data
    /// folder's, or a backup's copy read as it was written (`Database(readingOnly:)`).
    public static func inventory(database: Database, images: URL, documents: URL, maxPixels: Int = 100_000_000,
                                 clock: any TimeSource = WallClock()) throws -> ItemStore {
        try ItemStore(database: database, images: try ImageStore(directory: images, database: database, maxPixels: maxPixels),
                      documents: try DocumentStore(directory: documents, maxPixels: maxPixels), clock: clock)
    }
}
