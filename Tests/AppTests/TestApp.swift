import App
import Foundation
import HTTPTestClient
import Testing

/// A temporary data folder, removed when the last app using it is gone.
final class TestDataFolder: Sendable {
    let url: URL

    convenience init() throws {
        try self.init(at: FileManager.default.temporaryDirectory
            .appendingPathComponent("homepwner-apptests-\(UUID().uuidString)", isDirectory: true))
    }

    /// A data folder at `url` (on a small file system, say), made now and removed with this; for its
    /// owner only, as the app keeps it (else every test's start-up would warn about it).
    init(at url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, 0o700)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The real app serving a temporary data folder on an ephemeral port, and a client that hands it
/// requests in process (raw bytes and other source addresses still go over the socket).
final class TestApp: Sendable {
    let folder: TestDataFolder
    let app: HomepwnerApp
    let client: HTTPTestClient

    /// - Parameter configure: changes to the configuration (a test's clock, say); not kept by `restarted()`.
    init(folder: TestDataFolder? = nil, configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        self.folder = try folder ?? TestDataFolder()
        var configuration = AppConfiguration(dataDirectory: self.folder.url)
        configuration.port = 0
        configuration.accessLog = false
        configure(&configuration)
        app = try HomepwnerApp(configuration: configuration)
        client = .inProcess(app)
    }

    deinit { app.shutdown() }

    func shutdown() { app.shutdown() }

    /// Stops this app and starts a fresh one on the same data folder.
    func restarted() throws -> TestApp {
        app.shutdown()
        return try TestApp(folder: folder)
    }

    // MARK: API shortcuts

    /// Creates an item through the JSON API and returns it.
    @discardableResult
    func createItem(_ name: String, serial: String = "", value: Int = 0) throws -> ItemModel {
        let response = try client.json("POST", "/api/v1/items", ["name": name, "serialNumber": serial, "valueInDollars": value])
        guard response.status == 201 else { throw TestAppError("create \(name) answered \(response.status): \(response.text)") }
        return try response.decode()
    }

    /// The stored item as the API shows it, or nil when it does not exist.
    func item(_ id: Int64) throws -> ItemModel? {
        let response = try client.get("/api/v1/items/\(id)")
        return response.status == 200 ? try response.decode() : nil
    }

    /// The list as the API shows it, in list order.
    func items() throws -> [ItemModel] {
        let response = try client.get("/api/v1/items")
        guard response.status == 200 else { throw TestAppError("list answered \(response.status): \(response.text)") }
        return try response.decode()
    }

    /// The names of the items, in list order.
    func names() throws -> [String] { try items().map(\.name) }
}

struct TestAppError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Dictionary where Key == String, Value == Any {
    /// The item's id.
    var id: Int64 { (self["id"] as? NSNumber)?.int64Value ?? -1 }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func string(_ key: String) -> String? { self[key] as? String }
}

extension TestResponse {
    var isHTML: Bool { header("Content-Type")?.hasPrefix("text/html") == true }
}

extension HTTPTestClient {
    /// What a browser holds after opening a page while Homepwner is open to the local user: the token
    /// its forms carry, and the cookie that came with it.
    func pageFormToken() throws -> (token: String, cookie: String) {
        let page = try get("/", headers: ["Accept": "text/html"])
        let token = HTMLInspection.tags("meta", in: page.text).first { HTMLInspection.attribute("name", of: $0) == "csrf-token" }
            .flatMap { HTMLInspection.attribute("content", of: $0) }
        let cookie = page.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.hasPrefix("homepwner-form=") }?
            .value.split(separator: ";").first.map(String.init)
        guard let token, let cookie else { throw TestAppError("GET / answered \(page.status) without a form token and its cookie") }
        return (token, cookie)
    }

    /// Posts a form as one of the site's own pages does: with the page's token and its cookie.
    func pageForm(_ path: String, _ fields: [(String, String)], headers: [String: String] = [:]) throws -> TestResponse {
        let (token, cookie) = try pageFormToken()
        return try form(path, fields + [("csrf", token)], headers: headers.merging(["Cookie": cookie]) { $1 })
    }
}
