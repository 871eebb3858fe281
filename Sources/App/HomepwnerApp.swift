import Accounts
import Backup
import Claims
import CodeReading
import Database
import Foundation
import HTTPServer
import Localization
import Home
import Inventory
import PhotoLibrary
import Synchronization
import TextReading

/// The running application: its data folder opened (`HomeEnvironment`), its HTTP server and its
/// background services.
public final class HomepwnerApp: Sendable {
    public let configuration: AppConfiguration
    /// The database, every store, the photo library and the clock, as every command opens them too.
    public let environment: HomeEnvironment
    public let items: ItemStore
    public let claims: ClaimStore
    public let library: PhotoLibrary
    public let accounts: AccountStore
    /// The one-time link (path) that creates the first owner, while no account exists.
    public let setupPath: String?
    /// Whether everyone is served as the owner while no account exists.
    public let isOpenWithoutAccounts: Bool
    /// Failed sign-ins, counted to slow down guessing.
    public let signInThrottle: SignInThrottle
    let server: HTTPServer
    /// Requests reading a whole claim, per link and per account.
    let claimReads = ClaimReadLimit()
    /// Backs the data folder up on the schedule `--backup-every` gives; nil without one.
    public let backupScheduler: BackupScheduler?
    /// Everything that runs in the background (the library's scans, the backup schedule): started
    /// once the server listens, stopped by `shutdown()`.
    let backgroundServices: BackgroundServices
    /// E-mails reminders as they fall due (`serve --smtp-url`); nil without a mail server.
    let reminderMailer: ReminderMailer?
    /// Fetches the ECB's rates daily (`serve --exchange-rates-url`); nil without the option.
    let exchangeRateFetcher: ExchangeRateFetcher?
    /// Removes expired resumable uploads, at start and every ten minutes.
    let uploadSweep: UploadSweep
    /// What a process killed mid-write had left in the data folder, cleared as this one started.
    public let leftovers: DataFolder.Leftovers
    /// Held shared while the app runs, so that no other server clears files this one is writing.
    private let folderLock: DataFolderLock
    /// `serve --ready-file`: written once the server listens, removed as it stops.
    private let readyFile: ReadyFile?

    /// Opens (or creates) the data folder and starts serving.
    public init(configuration: AppConfiguration) throws {
        self.configuration = configuration
        readyFile = configuration.readyFile.map(ReadyFile.init)
        readyFile?.clear()
        let folder = configuration.dataFolder
        let isNewDatabase = folder.isNew
        var roots = configuration.libraryRoots
        if configuration.seedDemoContent && roots.isEmpty {
            roots.append(try DemoLibrary.write(into: folder.demoLibrary).path)
        }
        var options = HomeEnvironment.Options()
        options.maxImagePixels = configuration.maxImagePixels
        options.sessionIdleTimeout = configuration.sessionIdleTimeout
        options.clock = configuration.clock
        options.libraryRoots = roots
        options.maxResumableUploadBytes = configuration.maxVideoUploadBytes
        environment = try folder.openEnvironment(options)
        let database = environment.database
        let items = environment.items
        self.items = items
        // Before anything is served: what a killed process left (files no row names, tmp), unless
        // another process (`homepwner import`) is writing here now.
        folderLock = try DataFolderLock(folder)
        let pendingImports = PendingImports(folder: folder.pendingImports, clock: environment.clock)
        var leftovers = DataFolder.Leftovers()
        let uploads = environment.uploads, claimStore = environment.claims
        _ = try folderLock.aloneThenShared {
            leftovers = try folder.removeLeftovers(items: items, claims: claimStore, pendingImports: pendingImports, uploads: uploads)
        }
        self.leftovers = leftovers
        if isNewDatabase && configuration.seedDemoContent {
            try DemoContent.seed(into: items)
        }
        // Opened with its roots (`options.libraryRoots`), so there.
        let library = environment.library!
        self.library = library
        claims = environment.claims
        if isNewDatabase && configuration.seedDemoContent {
            _ = try claims.setPolicy(DemoContent.policy)
        }
        accounts = environment.accounts
        signInThrottle = SignInThrottle(clock: configuration.clock)
        let noAccounts = try accounts.count() == 0
        isOpenWithoutAccounts = try configuration.opensWithoutAccounts(noAccounts: noAccounts)
        setupPath = noAccounts ? AccountRoutes.setup(try accounts.createSetupToken()) : nil

        let log: @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data("\($0)\n".utf8)) }
        backupScheduler = configuration.backupSchedule.map { schedule in
            BackupScheduler(job: BackupJob(source: folder.backupSource(database), store: BackupStore(path: schedule.directory.path),
                                           keep: schedule.keep, offsite: schedule.offsite, status: folder.backupStatus,
                                           indexWords: folder.backupIndexWords(database)),
                            interval: schedule.interval, log: log)
        }
        let linksDemoEvidence = isNewDatabase && configuration.seedDemoContent
        let walkthroughFrames = WalkthroughFrameMaker(items: items, households: environment.households, log: log)
        let activity = RequestActivity()
        let courtesy = RequestCourtesy(activity: activity, quietPeriod: configuration.readersQuietPeriod,
                                       longestWait: configuration.readersLongestWait)
        // Stopped last to first: the backup and the scan a person waits for stop first, then the
        // readers, each of which finishes the photo in hand (an OCR takes seconds).
        uploadSweep = UploadSweep(uploads: uploads, log: log)
        exchangeRateFetcher = configuration.exchangeRateSource.map { ExchangeRateFetcher(source: $0, items: items, clock: configuration.clock, log: log) }
        backgroundServices = BackgroundServices([
            uploadSweep,
            walkthroughFrames,
            PhotoCodeReading(items: items, households: environment.households, limits: CodeReadingLimits(maxPixels: items.images.maxPixels), courtesy: courtesy, log: log),
            PhotoTextReading(items: items, households: environment.households, limits: TextReader.Limits(maxPixels: items.images.maxPixels), courtesy: courtesy, log: log),
            LibraryPhotoReading(items: items, library: library, courtesy: courtesy, log: log),
            LibraryScans(library: library, scansAtStart: configuration.scanLibraryAtStart, rescanInterval: configuration.libraryRescanInterval,
                         afterFirstScan: { if linksDemoEvidence { try? DemoContent.linkEvidence(items: items, library: library) } }, log: log),
        ] + (exchangeRateFetcher.map { [$0] } ?? []) + (backupScheduler.map { [$0] } ?? []))
        let backups = BackupNotices(schedule: configuration.backupSchedule, scheduler: backupScheduler, statusFile: folder.backupStatus)
        // The links in e-mails: the configured address, else the server's own once it listens.
        let siteAddress = Mutex(configuration.reminderMail?.siteURL ?? "")
        let accountStore = accounts, clock = configuration.clock
        // One reader for the pages, the feed and the mailer: the schedules they share are made once.
        let reminders = ReminderFactsReader(items: items, claims: claimStore, households: environment.households, backups: backups)
        reminderMailer = configuration.reminderMail.map { settings in
            ReminderMailer(accounts: accountStore, reader: reminders, settings: settings,
                           siteURL: { siteAddress.withLock { $0 } }, clock: clock, log: log)
        }

        let assets = try StaticAssets.bundled()
        // Every catalogue loaded and checked now, not at the first page.
        _ = Localization.bundled
        let errors = ErrorResponder(site: assets.pageContext)
        let access = AccessMiddleware(accounts: accounts, openWithoutAccounts: isOpenWithoutAccounts, allRoots: Set(library.roots))
        let trustProxy = configuration.trustProxy
        let routes = AppRoutes.make(items: items, claims: claims, library: library, accounts: accounts, households: environment.households, throttle: signInThrottle, assets: assets,
                                    apiDocument: try OpenAPIDocument.bundled(),
                                    maxUploadBytes: configuration.maxUploadBytes, temporaryFolder: folder.uploadsInProgress,
                                    pendingImports: pendingImports, backups: backups, clock: configuration.clock, claimReads: claimReads,
                                    walkthroughFrames: walkthroughFrames, maxVideoUploadBytes: configuration.maxVideoUploadBytes,
                                    uploads: uploads, reminders: reminders, sendsReminderMail: configuration.reminderMail != nil,
                                    exchangeRateFetcher: exchangeRateFetcher,
                                    admittedCaller: { try access.admittedCaller(of: trustProxy ? ProxyTrust.resolved($0) : $0) })
        router = routes
        var serverConfiguration = try configuration.serverConfiguration(errors: errors)
        serverConfiguration.secretPathPrefixes = routes.secretPathPrefixes
        serverConfiguration.admitBody = { request in access.refusalBeforeBody(of: trustProxy ? ProxyTrust.resolved(request) : request) }
        server = try HTTPServer(
            configuration: serverConfiguration,
            responder: MiddlewareChain((trustProxy ? [ProxyTrust()] : []) + [
                SecurityHeaders(), ErrorMiddleware(responder: errors), access,
            ], around: routes),
            policy: routes,
            activity: activity
        )
        if configuration.reminderMail?.siteURL == nil { siteAddress.withLock { $0 = url } }
        // Started before the server says it is ready, so that whoever asks then is told the library
        // is being scanned, never "ready" with nothing in it (a browser test read that under load).
        backgroundServices.start()
        reminderMailer?.start()
        do {
            try readyFile?.announce(url: url, port: server.port)
        } catch {
            reminderMailer?.stop()
            backgroundServices.stop()
            throw error
        }
    }

    /// The routes, with who may call each: for the security tests, which try every one.
    public var routes: [Route] { router.routes }
    let router: Router

    /// The route a request for `url` (a path, maybe with a query) would reach, as the server plans it.
    func route(_ method: HTTPMethod, _ url: String) -> Route? {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        let segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        return router.plan(method: method, pathSegments: segments).route
    }


    /// The port being served (useful when configured as 0).
    public var port: UInt16 { server.port }

    /// Where the server is reached, as `serve` prints it: `http://127.0.0.1:8080`.
    public var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "\(configuration.tlsCertificatePath == nil ? "http" : "https")://\(host):\(port)"
    }

    /// Downloads being streamed now, and the bytes waiting in their buffers: for tests.
    var responseStreams: (running: Int, buffered: Int) { server.responseStreams }

    /// Answers a request in this process through the server's whole request path, without a
    /// connection (`HTTPServer.respond(to:target:headers:body:remoteAddress:)`): for tests.
    public func respond(to method: HTTPMethod, target: String, headers: HTTPHeaders, body: [UInt8]) -> Response? {
        server.respond(to: method, target: target, headers: headers, body: body)
    }

    /// Serves until SIGINT or SIGTERM (caught by `signals` since they were made: before this app, for
    /// `serve`), then stops as `shutdown()` does.
    public func runUntilTerminated(_ signals: TerminationSignals = TerminationSignals()) {
        signals.wait()
        shutdown()
    }

    /// The one stop path: stops serving (requests in flight finish), then stops every background
    /// service and waits for each (a backup in progress stops between files and leaves nothing
    /// half-made; a scan stops after the batch it is storing), then leaves every commit in the
    /// database file itself (the process may end before the database is released).
    public func shutdown() {
        readyFile?.clear()
        server.shutdown()
        reminderMailer?.stop()
        backgroundServices.stop()
        environment.database.foldWALIntoFile()
        folderLock.release()
    }
}

/// Homepwner could not start; the message says why and what to change.
public struct AppStartError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
