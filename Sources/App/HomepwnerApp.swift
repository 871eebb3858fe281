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
    private let server: HTTPServer

    /// Opens (or creates) the data folder and starts serving.
    public init(configuration: AppConfiguration) throws {
        self.configuration = configuration
        let fileManager = FileManager.default
        do {
            try fileManager.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw AppStartError("Cannot create the data folder \(configuration.dataDirectory.path): \(error.localizedDescription). Choose another with --data.")
        }
        let isNewDatabase = !fileManager.fileExists(atPath: configuration.databasePath)
        let database: Database
        do {
            database = try Database(path: configuration.databasePath, migrations: Self.migrations)
        } catch {
            throw AppStartError("Cannot open the database \(configuration.databasePath): \(error)")
        }
        items = ItemStore(database: database, images: try ImageStore(
            directory: configuration.dataDirectory.appendingPathComponent("images"), database: database,
            maxPixels: configuration.maxImagePixels))
        if isNewDatabase && configuration.seedDemoContent {
            try DemoContent.seed(into: items)
        }
        var roots = configuration.libraryRoots
        if configuration.seedDemoContent && roots.isEmpty {
            roots.append(try DemoLibrary.write(into: configuration.dataDirectory.appendingPathComponent("Demo Library")).path)
        }
        library = try PhotoLibrary(
            roots: roots, database: database,
            cacheDirectory: configuration.dataDirectory.appendingPathComponent("library-cache"),
            maxPixels: configuration.maxImagePixels)

        let assets = try StaticAssets.bundled()
        let errors = ErrorResponder(assets: assets.pageAssets)
        var router = Router(defaultMaxBodySize: 1 << 20)
        router.get("/healthz") { _ in .text("ok") }
        router.get("/static/{version}/{path...}") { request in
            try assets.response(path: request.parameters["path"] ?? "", requestedVersion: request.parameters["version"] ?? "", request: request)
        }
        router.get("/favicon.ico") { request in
            try assets.response(path: "icons/icon.svg", requestedVersion: "", request: request)
        }
        ItemsAPI(items: items).register(in: &router)
        ItemImageAPI(items: items, library: library, maxUploadBytes: configuration.maxUploadBytes).register(in: &router)
        LibraryAPI(library: library).register(in: &router)
        LibraryFileRoutes(library: library).register(in: &router)
        LibraryPages(library: library, assets: assets.pageAssets).register(in: &router)
        ImageFileRoutes(images: items.images).register(in: &router)
        ItemPages(items: items, assets: assets.pageAssets, maxUploadBytes: configuration.maxUploadBytes, library: library).register(in: &router)

        var serverConfiguration = ServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        if !configuration.accessLog { serverConfiguration.accessLog = nil }
        serverConfiguration.errorResponse = { request, error in
            var response = errors.response(for: request, error: error)
            SecurityHeaders.apply(to: &response)
            return response
        }
        let routes = router
        server = try HTTPServer(
            configuration: serverConfiguration,
            responder: MiddlewareChain([SecurityHeaders(), ErrorMiddleware(responder: errors)], around: routes),
            policy: routes
        )
        if configuration.scanLibraryAtStart && !library.roots.isEmpty {
            library.startBackgroundScan()
        }
    }

    /// Every module's migrations, in one order (one `user_version` counts them all).
    static let migrations = InventorySchema.migrations + LibrarySchema.migrations

    /// The port being served (useful when configured as 0).
    public var port: UInt16 { server.port }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight.
    public func runUntilTerminated() { server.runUntilTerminated() }

    public func shutdown() { server.shutdown() }
}

/// Homepwner could not start; the message says why and what to change.
public struct AppStartError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
