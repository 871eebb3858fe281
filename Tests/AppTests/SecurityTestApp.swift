import Accounts
import App
import Foundation
import HTTPServer
import HTTPTestClient
import Inventory
import Testing

/// A signed-in browser as the server sees it: the session cookie and the session's CSRF token.
struct SecuritySession: Sendable {
    let client: HTTPTestClient
    let name: String
    let cookieName: String
    let id: String
    let csrf: String
    /// The whole `Set-Cookie` the sign-in answered.
    let setCookie: String
    /// `homepwner-device=…`: what the browser keeps to be known at its next sign-in.
    var deviceCookie: String? = nil

    var cookie: String { "\(cookieName)=\(id)" }

    /// Sends with the session cookie and, unless `csrf` is false (or the caller sets its own), the CSRF header.
    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], csrf: Bool = true) throws -> TestResponse {
        var headers = headers
        headers["Cookie"] = headers["Cookie"] ?? cookie
        if csrf, method != "GET", method != "HEAD", headers["X-CSRF-Token"] == nil { headers["X-CSRF-Token"] = self.csrf }
        return try client.send(method, path, headers: headers, body: body)
    }

    func get(_ path: String, accept: String = "text/html") throws -> TestResponse {
        try send("GET", path, headers: ["Accept": accept])
    }

    /// Posts a form with the session cookie and, when `token` is given, a `csrf` field (not the header).
    func form(_ path: String, _ fields: [(String, String)], token: String?, headers: [String: String] = [:]) throws -> TestResponse {
        var headers = headers
        headers["Cookie"] = headers["Cookie"] ?? cookie
        return try client.form(path, fields + (token.map { [("csrf", $0)] } ?? []), headers: headers)
    }

    /// Posts a form as the page would (with this session's `csrf` field).
    func form(_ path: String, _ fields: [(String, String)]) throws -> TestResponse {
        try form(path, fields, token: csrf)
    }

    func json(_ method: String, _ path: String, _ object: Any, csrf: Bool = true) throws -> TestResponse {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        return try send(method, path, headers: ["Content-Type": "application/json"], body: Array(data), csrf: csrf)
    }
}

/// The sign-in page as a browser holds it: the form's token and its cookie.
struct SignInForm: Sendable {
    let token: String?
    let cookie: String?
}

/// A client that sends `Authorization: Bearer …` with every request.
struct BearerClient: Sendable {
    let client: HTTPTestClient
    let token: String

    func send(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> TestResponse {
        var headers = headers
        headers["Authorization"] = "Bearer \(token)"
        return try client.send(method, path, headers: headers, body: body)
    }

    func json(_ method: String, _ path: String, _ object: Any) throws -> TestResponse {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        return try send(method, path, headers: ["Content-Type": "application/json"], body: Array(data))
    }
}

/// The real app with accounts: nothing is open to anonymous callers any more.
final class SecuredApp: Sendable {
    let app: HomepwnerApp
    let client: HTTPTestClient
    let folder: URL
    /// Whatever must live as long as the app (its temporary folder or library workspace).
    private let keep: (any Sendable)?

    static let password = "correct horse battery"

    /// A fresh app on a temporary folder; `configure` may change the configuration (host, TLS, timeouts…).
    /// Its client is in process unless `overSocket` (see `HTTPTestClient.forTest(of:overSocket:)`).
    init(accounts: [(String, Role)] = [("olivia", .owner), ("eddie", .editor), ("vera", .viewer)], overSocket: Bool = false,
         configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        let folder = try TestDataFolder()
        var configuration = AppConfiguration(dataDirectory: folder.url)
        configuration.port = 0
        configuration.accessLog = false
        configure(&configuration)
        app = try HomepwnerApp(configuration: configuration)
        client = .forTest(of: app, overSocket: overSocket)
        self.folder = folder.url
        keep = folder
        for (name, role) in accounts { try app.accounts.create(name: name, password: Self.password, role: role) }
    }

    /// Takes over a library app (scanned while still open), then adds the accounts.
    init(library: LibraryTestApp, accounts: [(String, Role, Set<String>)]) throws {
        app = library.app
        client = library.client
        folder = library.workspace.data
        keep = library
        for (name, role, grants) in accounts {
            try app.accounts.create(name: name, password: Self.password, role: role, libraryGrants: grants)
        }
    }

    deinit { app.shutdown() }

    /// Signs in through the sign-in page as a browser would, and reads the CSRF token from the page.
    /// `cookie` is one the browser already holds (a planted session, or the device cookie of an
    /// earlier sign-in).
    func signIn(_ name: String, password: String = SecuredApp.password, remember: Bool = false, cookie: String? = nil,
                from client: HTTPTestClient? = nil) throws -> SecuritySession {
        let client = client ?? self.client
        var fields = [("name", name), ("password", password), ("next", "/")]
        if remember { fields.append(("remember", "1")) }
        let response = try postSignIn(fields, cookies: cookie.map { [$0] } ?? [], from: client)
        guard response.status == 303, let setCookie = Self.setCookies(in: response).first(where: { $0.contains("homepwner-session=") }),
              let pair = setCookie.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else {
            throw TestAppError("sign-in as \(name) answered \(response.status) \(response.header("Set-Cookie") ?? "without a cookie"): \(response.text.prefix(300))")
        }
        let cookieName = String(pair[..<equals]), id = String(pair[pair.index(after: equals)...])
        let page = try client.get("/account", headers: ["Cookie": "\(cookieName)=\(id)", "Accept": "text/html"])
        guard page.status == 200, let csrf = Self.csrfToken(in: page.text) else {
            throw TestAppError("/account after signing in as \(name) answered \(page.status) without a CSRF token")
        }
        let device = Self.setCookies(in: response).first { $0.contains("homepwner-device=") }
            .flatMap { $0.split(separator: ";").first.map(String.init) }
        return SecuritySession(client: client, name: name, cookieName: cookieName, id: id, csrf: csrf, setCookie: setCookie,
                               deviceCookie: device ?? cookie.flatMap { $0.contains("homepwner-device=") ? $0 : nil })
    }

    /// Opens `/signin` as a browser would: the form's hidden `csrf` token and the cookie that goes with it.
    func signInForm(headers: [String: String] = [:], from client: HTTPTestClient? = nil) throws -> SignInForm {
        let page = try (client ?? self.client).get("/signin", headers: headers.merging(["Accept": "text/html"]) { $1 })
        let cookie = Self.setCookies(in: page).first { $0.contains("homepwner-form=") }
            .flatMap { $0.split(separator: ";").first.map(String.init) }
        return SignInForm(token: HTMLInspection.value(ofInput: "csrf", in: page.text), cookie: cookie)
    }

    /// Posts the sign-in form as a browser that opened the page first: with the form's token and
    /// cookie, and the `cookies` it already holds.
    func postSignIn(_ fields: [(String, String)], cookies: [String] = [], headers: [String: String] = [:],
                    form: SignInForm? = nil, from client: HTTPTestClient? = nil) throws -> TestResponse {
        let client = client ?? self.client
        var headers = headers
        let form = try form ?? signInForm(headers: headers.filter { $0.key != "Cookie" && $0.key != "Origin" && $0.key != "Sec-Fetch-Site" }, from: client)
        let jar = [headers["Cookie"]].compactMap { $0 } + cookies + [form.cookie].compactMap { $0 }
        if !jar.isEmpty { headers["Cookie"] = jar.joined(separator: "; ") }
        return try client.form("/signin", fields + (form.token.map { [("csrf", $0)] } ?? []), headers: headers)
    }

    /// Every `Set-Cookie` of a response.
    static func setCookies(in response: TestResponse) -> [String] {
        response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
    }

    /// An API token for the account, made through the store (as the account page does).
    func token(for name: String, label: String = "test script") throws -> BearerClient {
        let account = try #require(try app.accounts.account(named: name))
        return BearerClient(client: client, token: try app.accounts.createToken(for: account, name: label).secret)
    }

    func account(_ name: String) throws -> Account { try #require(try app.accounts.account(named: name)) }

    /// The `<meta name="csrf-token">` of a page.
    static func csrfToken(in html: String) -> String? {
        HTMLInspection.tags("meta", in: html).first { HTMLInspection.attribute("name", of: $0) == "csrf-token" }
            .flatMap { HTMLInspection.attribute("content", of: $0) }
    }

    /// What a forbidden change must leave alone: items, accounts with roles and grants, API tokens.
    struct Snapshot: Equatable {
        let items: [Item]
        let accounts: [Account]
        let tokens: [String]
    }

    func snapshot() throws -> Snapshot {
        let accounts = try app.accounts.all()
        let tokens = try accounts.flatMap { account in try app.accounts.tokens(of: account).map { "\(account.name):\($0.id):\($0.name)" } }
        return Snapshot(items: try app.items.all(), accounts: accounts, tokens: tokens)
    }

    /// Whether the database files contain `text` anywhere.
    func databaseContains(_ text: String) -> Bool {
        let needle = Data(text.utf8)
        for suffix in ["", "-wal"] {
            let path = folder.appendingPathComponent("homepwner.sqlite").path + suffix
            if let data = FileManager.default.contents(atPath: path), data.range(of: needle) != nil { return true }
        }
        return false
    }
}

/// One served library with an item that holds a library photo, the standard accounts and real ids for
/// every route parameter: what the route-by-route tests call.
///
///     olivia  owner   granted the library
///     eddie   editor  granted the library
///     vera    viewer  granted the library
///     nora    viewer  no library grant
///     tess    viewer  (a target for /users/{id})
struct SecurityFixture: Sendable {
    let secured: SecuredApp
    let itemID: Int64
    let locationID: Int64
    let itemName: String
    let imageURL: String
    let photoID: Int64
    let documentID: Int64
    let groupID: String
    let assetID: String
    let fingerprint: String
    let staticVersion: String
    let staticPath: String
    let targetID: Account.ID
    let tokenID: APITokenInfo.ID
    let libraryRoot: String
    let claimID: Int64
    let walkthroughID: Int64

    var app: HomepwnerApp { secured.app }
    var client: HTTPTestClient { secured.client }

    static func make() throws -> SecurityFixture {
        let library = try LibraryTestApp.standard()
        let client = library.client
        let itemName = "Probe Camera \(UUID().uuidString.prefix(6))"
        let item = try client.json("POST", "/api/v1/items", ["name": itemName, "serialNumber": "SN-PROBE", "valueInDollars": 120])
        let itemID = try #require((item.json as? [String: Any])?.id)
        let location = try client.json("POST", "/api/v1/locations", ["name": "Probe Cupboard"])
        let locationID = try #require((location.json as? [String: Any])?.id)
        let lisbon = try #require(try library.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try library.assets(lisbon).first)
        let assetID = try #require(asset.string("id"))
        let fingerprint = String(try #require(asset.string("thumbnailURL")).split(separator: "/")[3])
        let picked = try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": assetID])
        let imageURL = try #require(((picked.json as? [String: Any])?["image"] as? [String: Any])?.string("originalURL"))
        let photoID = try #require(((picked.json as? [String: Any])?["photos"] as? [[String: Any]])?.first?.id)
        let receipt = try client.send("POST", "/api/v1/items/\(itemID)/documents?kind=receipt&name=Receipt",
                                      headers: ["Content-Type": "text/plain"], body: Array("Probe Camera, paid in full\n".utf8))
        let documentID = try #require((receipt.json as? [String: Any])?.id)
        let video = try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/public/capture/video/lying-header.mp4")))
        let walkthrough = try client.send("POST", "/api/v1/locations/\(locationID)/walkthroughs", headers: ["Content-Type": "video/mp4"], body: video)
        let walkthroughID = try #require((walkthrough.json as? [String: Any])?.id)
        let claim = try client.json("POST", "/api/v1/claims", ["name": "Probe fire", "items": [["itemId": itemID]]])
        let claimID = try #require((claim.json as? [String: Any])?.id)
        let page = try client.get("/library").text
        let stylesheet = try #require(HTMLInspection.tags("link", in: page).compactMap { HTMLInspection.attribute("href", of: $0) }
            .first { $0.hasPrefix("/static/") && $0.hasSuffix(".css") })
        let root = library.workspace.root.path
        let secured = try SecuredApp(library: library, accounts: [
            ("olivia", .owner, [root]), ("eddie", .editor, [root]), ("vera", .viewer, [root]), ("nora", .viewer, []), ("tess", .viewer, []),
        ])
        let tess = try secured.account("tess")
        let tokenID = try secured.app.accounts.createToken(for: tess, name: "tess's script").info.id
        return SecurityFixture(
            secured: secured, itemID: itemID, locationID: locationID, itemName: itemName, imageURL: imageURL, photoID: photoID,
            documentID: documentID, groupID: lisbon, assetID: assetID,
            fingerprint: fingerprint, staticVersion: String(stylesheet.split(separator: "/")[1]),
            staticPath: stylesheet.split(separator: "/").dropFirst(2).joined(separator: "/"),
            targetID: tess.id, tokenID: tokenID, libraryRoot: root, claimID: claimID, walkthroughID: walkthroughID)
    }

    /// The route's pattern with a real value in each `{parameter}`; throws for a parameter nobody
    /// taught this test, so a new kind of route cannot slip through untested.
    func path(for route: Route) throws -> String {
        var previous = ""
        var segments: [String] = []
        for segment in route.pattern.split(separator: "/").map(String.init) {
            guard segment.hasPrefix("{") else {
                segments.append(segment)
                previous = segment
                continue
            }
            let name = segment.trimmingCharacters(in: CharacterSet(charactersIn: "{}."))
            let value: String? = switch (previous, name) {
            case ("items", "id"), ("drafts", "id"): String(itemID)
            case ("locations", "id"): String(locationID)
            case ("walkthroughs", "id"): String(walkthroughID)
            case ("claims", "id"): String(claimID)
            case ("items", "itemId"), ("lines", "itemId"): String(itemID)
            case ("photos", "photoId"): String(photoID)
            case ("documents", "docId"): String(documentID)
            case ("evidence", "assetId"): assetID
            case ("users", "id"): String(targetID)
            case ("households", "id"): "1"
            case ("tokens", "id"): String(tokenID)
            case ("groups", "id"): groupID
            case ("assets", "id"), ("files", "id"): assetID
            case (_, "fingerprint"): fingerprint
            case (_, "file") where route.pattern.hasPrefix("/library/files/"): "original"
            case ("images", "hash"): String(imageURL.split(separator: "/")[1])
            case (_, "file") where route.pattern.hasPrefix("/images/"): String(imageURL.split(separator: "/")[2])
            case ("static", "version"): staticVersion
            case (_, "path"): staticPath
            case ("setup", "token"): "not-a-setup-token"
            case ("import", "token"): "0123456789abcdef0123456789abcdef"
            case ("uploads", "id"): "0123456789abcdef0123456789abcdef"
            case ("links", "linkId"): "1"
            case ("expenses", "expenseId"): "1"
            case ("bundles", "bundleId"): "1"
            case ("shared", "token"): "q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE"
            case ("unsubscribe", "token"): "q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE"
            case (_, "kind") where route.pattern.hasPrefix("/unsubscribe/"): "warranty"
            case ("l", "code"): LabelCode(place: Location.ID(locationID)).description
            case ("calendar", "token"): "q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE.ics"
            case (_, "file") where route.pattern.hasPrefix("/shared/"): "screen.jpg"
            default: nil
            }
            guard let value else {
                throw TestAppError("no test value for \(segment) in \(route.method) \(route.pattern): add one to SecurityFixture.path(for:)")
            }
            segments.append(value)
        }
        return "/" + segments.joined(separator: "/")
    }

    /// A plausible body for a route: what a form or script would send if the caller were allowed.
    func body(for route: Route, version: Int = 1) -> (headers: [String: String], body: [UInt8]) {
        if route.pattern.hasPrefix("/api/") {
            let object: [String: Any] = ["name": "Changed by a probe", "serialNumber": "HACKED", "valueInDollars": 999_999,
                                         "assetId": assetID, "position": 0]
            return (["Content-Type": "application/json"], Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
        }
        let fields = [
            ("name", "Changed by a probe"), ("serialNumber", "HACKED"), ("valueInDollars", "999999"), ("version", String(version)),
            ("position", "0"), ("assetId", assetID), ("role", "owner"), ("library", libraryRoot),
            ("password", "a new password 123"), ("confirm", "a new password 123"), ("current", SecuredApp.password),
        ]
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let text = fields.map { "\($0)=\($1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
        return (["Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"], Array(text.utf8))
    }
}

extension HTTPMethod {
    var changesState: Bool { !isSafe }
}
