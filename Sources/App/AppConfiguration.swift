import Foundation

/// What `homepwner serve` was asked to do.
public struct AppConfiguration: Sendable {
    /// Where the database (and later, photos) live; created if missing.
    public var dataDirectory: URL
    public var host = "127.0.0.1"
    public var port: UInt16 = 8080
    /// Fill a brand-new database with a few demo items.
    public var seedDemoContent = false
    /// Print one line per request to standard output.
    public var accessLog = true

    public init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    var databasePath: String { dataDirectory.appendingPathComponent("homepwner.sqlite").path }
}
