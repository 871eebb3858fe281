import Accounts
import Clocks
import Foundation
import HTTPServer

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
    /// Where those lines go (standard output; a test reads them).
    var accessLogWriter: @Sendable (AccessLogEntry) -> Void = AccessLogEntry.standardOutput
    /// Photos with more pixels are refused (checked from the header, before decoding).
    public var maxImagePixels = 100_000_000
    /// The largest photo upload, in bytes.
    public var maxUploadBytes = AppConfiguration.defaultMaxUploadBytes
    public static let defaultMaxUploadBytes = 50_000_000
    /// The largest walk-through video upload, in bytes (kept in its spool file, never in memory).
    public var maxVideoUploadBytes = AppConfiguration.defaultMaxVideoUploadBytes
    public static let defaultMaxVideoUploadBytes = 2_000_000_000
    /// Folders of photos to browse (read-only; never written to).
    public var libraryRoots: [String] = []
    /// Scan the library in the background at start.
    public var scanLibraryAtStart = true
    /// While serving, scan the library again this often (and when its pages are opened and the last
    /// scan is over a minute old); nil: only at start. Needs `scanLibraryAtStart`.
    public var libraryRescanInterval: Duration? = .seconds(15 * 60)
    /// Serve everyone as the local owner while no account exists, even off loopback.
    public var insecureOpen = false
    /// Believe `X-Forwarded-Proto` from a reverse proxy on this machine.
    public var trustProxy = false
    /// Simultaneous connections from one client address (an IPv6 /64 counts as one); loopback is
    /// exempt behind a trusted proxy, which must limit each client itself.
    public var connectionsPerAddress = 128
    /// PEM certificate and key: serve HTTPS directly.
    public var tlsCertificatePath: String?
    public var tlsKeyPath: String?
    /// A session unused this long ends.
    public var sessionIdleTimeout: TimeInterval = 7 * 86_400
    /// Back up the data folder on a timer (`--backup-to DIR --backup-every 24h`); nil: no schedule.
    public var backupSchedule: BackupSchedule?
    /// E-mail each account its reminders through this mail server (`--smtp-url`, `--mail-from`); nil: no e-mail.
    public var reminderMail: ReminderMailSettings?
    /// Fetch the ECB's exchange rates daily from here (`--exchange-rates-url`); nil: never call out for them.
    public var exchangeRateSource: ExchangeRateSource?
    /// Written (`{"url": …, "port": …, "pid": …}`) once the server listens, removed as it stops:
    /// scripts and tests wait for this file instead of reading the log (`serve --ready-file PATH`).
    public var readyFile: URL?
    /// The time of day sessions, setup links and the sign-in throttle go by; tests move a `TestClock`.
    public var clock: any TimeSource = WallClock()
    /// How the photo readers give way to requests (`RequestCourtesy`); tests change them.
    var readersQuietPeriod = RequestCourtesy.quietPeriod
    var readersLongestWait = RequestCourtesy.longestWait

    public init(dataDirectory: URL) { self.dataDirectory = dataDirectory }

    var dataFolder: DataFolder { DataFolder(dataDirectory) }
}
