import Accounts
import Database
import Foundation
import HTTPServer
import Inventory
import PhotoLibrary

/// The running application: its database, stores and HTTP server.
public final class HomepwnerApp: Sendable {
    public let configuration: AppConfiguration
    public let items: ItemStore
    public let library: PhotoLibrary
    public let accounts: AccountStore
    /// The one-time link (path) that creates the first owner, while no account exists.
    public let setupPath: String?
    /// Whether everyone is served as the owner while no account exists.
    public let isOpenWithoutAccounts: Bool
    /// Failed sign-ins, counted to slow down guessing.
    public let signInThrottle: SignInThrottle
    private let server: HTTPServer

    /// Opens (or creates) the data folder and starts serving.
    public init(configuration: AppConfiguration) throws {
        self.configuration = configuration
        let folder = configuration.dataFolder
        let isNewDatabase = folder.isNew
        let database = try folder.openDatabase()
        items = ItemStore(database: database, images: try ImageStore(directory: folder.images, database: database,
                                                                      maxPixels: configuration.maxImagePixels))
        if isNewDatabase && configuration.seedDemoContent {
            try DemoContent.seed(into: items)
        }
        var roots = configuration.libraryRoots
        if configuration.seedDemoContent && roots.isEmpty {
            roots.append(try DemoLibrary.write(into: folder.demoLibrary).path)
        }
        library = try PhotoLibrary(roots: roots, database: database, cacheDirectory: folder.libraryCache,
                                   maxPixels: configuration.maxImagePixels)

        accounts = AccountStore(database: database, idleTimeout: configuration.sessionIdleTimeout, clock: configuration.clock)
        signInThrottle = SignInThrottle(clock: configuration.clock)
        let noAccounts = try accounts.count() == 0
        let loopback = Self.isLoopback(configuration.host)
        if noAccounts && !loopback && !configuration.insecureOpen {
            throw AppStartError("""
                Homepwner will not listen on \(configuration.host) without accounts: anyone who can reach it could read and \
                change your inventory. Create an owner first (homepwner user add NAME --role owner --data \
                \(folder.url.path), with the password on standard input), listen on 127.0.0.1, or pass \
                --insecure-open if everyone on this network may use it.
                """)
        }
        setupPath = noAccounts ? AccountRoutes.setup(try accounts.createSetupToken()) : nil
        // Behind a proxy every request comes from loopback: then only --insecure-open opens it.
        isOpenWithoutAccounts = (loopback && !configuration.trustProxy) || configuration.insecureOpen

        let assets = try StaticAssets.bundled()
        let errors = ErrorResponder(site: assets.pageContext)
        var router = AppRouter(defaultMaxBodySize: 1 << 20)
        router.get(SiteRoutes.health, access: .public) { _ in .text("ok") }
        router.get(SiteRoutes.staticFile, access: .public) { request in
            try assets.response(path: request.parameters["path"] ?? "", requestedVersion: request.parameters["version"] ?? "", request: request)
        }
        router.get(SiteRoutes.favicon, access: .public) { request in
            try assets.response(path: "icons/icon.svg", requestedVersion: "", request: request)
        }
        AccountPageHandlers(accounts: accounts, throttle: signInThrottle, site: assets.pageContext, roots: library.roots).register(in: &router)
        ItemAPIHandlers(items: items).register(in: &router)
        ItemPhotoAPIHandlers(items: items, library: library, maxUploadBytes: configuration.maxUploadBytes).register(in: &router)
        LibraryAPIHandlers(library: library).register(in: &router)
        LibraryFileHandler(library: library).register(in: &router)
        LibraryPageHandlers(library: library, site: assets.pageContext).register(in: &router)
        ItemPhotoFileHandler(images: items.images).register(in: &router)
        ItemPageHandlers(items: items, site: assets.pageContext, maxUploadBytes: configuration.maxUploadBytes, library: library).register(in: &router)

        var serverConfiguration = ServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        if !configuration.accessLog { serverConfiguration.accessLog = nil }
        if let certificate = configuration.tlsCertificatePath, let key = configuration.tlsKeyPath {
            do {
                serverConfiguration.tls = (try String(contentsOfFile: certificate, encoding: .utf8), try String(contentsOfFile: key, encoding: .utf8))
            } catch {
                throw AppStartError("Cannot read the TLS certificate or key (\(certificate), \(key)): \(error.localizedDescription)")
            }
        }
        serverConfiguration.errorResponse = { request, error in
            var response = errors.response(for: request, error: error)
            SecurityHeaders.apply(to: &response)
            return response
        }
        let routes = router.router
        self.router = routes
        let access = AccessMiddleware(accounts: accounts, openWithoutAccounts: isOpenWithoutAccounts,
                                      allRoots: Set(library.roots))
        let trustProxy = configuration.trustProxy
        serverConfiguration.admitBody = { request in access.refusalBeforeBody(of: trustProxy ? ProxyTrust.resolved(request) : request) }
        serverConfiguration.loopbackIsProxy = configuration.trustProxy
        serverConfiguration.connectionsPerAddress = configuration.connectionsPerAddress
        serverConfiguration.spoolDirectory = folder.uploadsInProgress.path
        server = try HTTPServer(
            configuration: serverConfiguration,
            responder: MiddlewareChain((trustProxy ? [ProxyTrust()] : []) + [
                SecurityHeaders(), ErrorMiddleware(responder: errors), access,
            ], around: routes),
            policy: routes
        )
        if configuration.scanLibraryAtStart && !library.roots.isEmpty {
            library.startBackgroundScan()
            if let interval = configuration.libraryRescanInterval { library.keepScanned(every: interval) }
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

    /// Whether `host` is this machine only (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") || host == "::ffff:127.0.0.1"
    }

    /// The port being served (useful when configured as 0).
    public var port: UInt16 { server.port }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight.
    public func runUntilTerminated() { server.runUntilTerminated() }

    /// Stops serving (requests in flight finish), then stops and awaits the library's background
    /// scans and renditions.
    public func shutdown() {
        library.stopKeepingScanned()
        server.shutdown()
        library.stop()
    }
}

/// Homepwner could not start; the message says why and what to change.
public struct AppStartError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
