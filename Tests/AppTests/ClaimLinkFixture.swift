import Accounts
@testable import App
import Claims
import Clocks
import Foundation
import HTTPServer
import HTTPTestClient
import PDFPreview
import Synchronization
import Testing

/// What the access log printed, line by line.
final class AccessLogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ entry: AccessLogEntry) { lines.withLock { $0.append(entry.line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// An item of the fixture with the ids of everything it holds.
struct FixtureItem: Sendable {
    let id: Int64
    let name: String
    let photoIDs: [Int64]
    /// The image store's hash of each photo, in the same order.
    let photoHashes: [String]
    let documentIDs: [Int64]
    let evidence: [String]
}

/// Two claims over a real, scanned library, for the adjusters' links: the real app with a clock the
/// test moves and an access log it reads.
///
///     claim A "Kitchen fire"   camera (2 photos, a PDF receipt, a library photo as evidence)
///                              lamp   (quantity 4, 2 lost; a photo, a text manual)
///     claim B "Burglary"       bike   (a photo, a document, another library photo as evidence)
///     no claim                 safe   (a photo, a document, a third library photo as evidence)
///     the library's other photos are linked to nothing
///
/// Each claim has a link (tokens A and B, 30 days). With `accounts`, olivia (owner), eddie (editor)
/// and vera (viewer) exist; nothing is open to anonymous callers but the links.
final class ClaimLinkFixture: Sendable {
    let workspace: LibraryWorkspace
    let app: HomepwnerApp
    /// In process unless asked for a socket (a trusted proxy always uses one).
    let client: HTTPTestClient
    let clock: TestClock
    let log: AccessLogLines
    let claimA: Int64
    let claimB: Int64
    let camera: FixtureItem
    let lamp: FixtureItem
    let bike: FixtureItem
    let safe: FixtureItem
    let tokenA: String
    let tokenB: String
    let linkA: ClaimLink
    let linkB: ClaimLink
    /// Library photos linked to no item.
    let unlinkedAssets: [String]
    /// Every file outside claim A, as the owner's own routes serve it: none of these bytes may come
    /// back from link A.
    let outsideFiles: [String: [UInt8]]

    static let password = "correct horse battery"

    init(accounts: Bool = true, overSocket: Bool = false, configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        let clock = TestClock(), log = AccessLogLines()
        self.clock = clock
        self.log = log
        var configuration = AppConfiguration(dataDirectory: workspace.data)
        configuration.port = 0
        configuration.libraryRoots = [workspace.root.path]
        configuration.libraryRescanInterval = nil
        configuration.clock = clock
        configuration.accessLogWriter = { log.append($0) }
        configure(&configuration)
        app = try HomepwnerApp(configuration: configuration)
        client = .forTest(of: app, overSocket: overSocket)
        // Built while the app is open to this computer, before any account exists.
        let setup = HTTPTestClient.inProcess(app)
        try Self.waitUntilScanned(setup)

        let assets = try Self.assetIDs(setup)
        camera = try Self.item(setup, "Camera", photos: 2, pdf: true, evidence: [assets["IMG_0412.jpg"]!])
        lamp = try Self.item(setup, "Lamp", quantity: 4, photos: 1, pdf: false, evidence: [])
        bike = try Self.item(setup, "Bike", photos: 1, pdf: false, evidence: [assets["rosa.jpg"]!])
        safe = try Self.item(setup, "Safe", photos: 1, pdf: false, evidence: [assets["IMG_0419.jpg"]!])
        unlinkedAssets = [assets["IMG_0433.jpg"]!, assets["top.jpg"]!]

        claimA = try Self.claim(setup, ["name": "Kitchen fire", "lossDate": "2026-03-14", "cause": "Fire", "insurer": "Acme Mutual", "claimNumber": "CL-77",
                                        "items": [["itemId": camera.id], ["itemId": lamp.id, "quantityLost": 2]]])
        claimB = try Self.claim(setup, ["name": "Burglary", "items": [["itemId": bike.id]]])
        (linkA, tokenA) = try app.claims.createLink(claimID: Claim.ID(claimA), expires: clock.now + 30 * 86_400, label: "Acme adjuster", now: clock.now)
        (linkB, tokenB) = try app.claims.createLink(claimID: Claim.ID(claimB), expires: clock.now + 30 * 86_400, label: "Other adjuster", now: clock.now)

        var outside: [String: [UInt8]] = [:]
        for item in [bike, safe] {
            for hash in item.photoHashes {
                for file in ["screen.jpg", "thumb-120.jpg", "thumb-80.jpg", "original.jpg"] {
                    outside["/images/\(hash)/\(file)"] = try Self.bytes(setup, "/images/\(hash)/\(file)")
                }
            }
            for document in item.documentIDs {
                outside["/items/\(item.id)/documents/\(document)/file"] = try Self.bytes(setup, "/items/\(item.id)/documents/\(document)/file")
            }
        }
        for asset in unlinkedAssets + bike.evidence + safe.evidence {
            let fingerprint = try Self.fingerprint(setup, asset)
            for file in ["screen.jpg", "thumb-256.jpg"] {
                outside["/library/files/\(asset)/\(fingerprint)/\(file)"] = try Self.bytes(setup, "/library/files/\(asset)/\(fingerprint)/\(file)")
            }
        }
        outsideFiles = outside

        if accounts {
            try app.accounts.create(name: "olivia", password: Self.password, role: .owner, libraryGrants: [workspace.root.path])
            try app.accounts.create(name: "eddie", password: Self.password, role: .editor, libraryGrants: [workspace.root.path])
            try app.accounts.create(name: "vera", password: Self.password, role: .viewer, libraryGrants: [workspace.root.path])
        }
    }

    deinit { app.shutdown() }

    /// A signed-in browser (`SecuredApp`'s sign-in, on this app).
    func signIn(_ name: String) throws -> SecuritySession {
        try SecuredApp.signIn(name, password: Self.password, on: client)
    }

    /// `/shared/{token}` and below.
    func shared(_ token: String, _ rest: String = "") -> String { "/shared/\(token)\(rest)" }

    /// Which of the files outside claim A `body` is, if any.
    func outsideFile(in body: [UInt8]) -> String? {
        guard !body.isEmpty else { return nil }
        return outsideFiles.first { $0.value == body }?.key
    }

    // MARK: Building it

    private static func waitUntilScanned(_ client: HTTPTestClient) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let status = try client.get("/api/v1/library/status").json as? [String: Any]
            if status?["state"] as? String == "ready", status?.int("scanned") == LibraryWorkspace.standardFileCount,
               status?.int("total") == LibraryWorkspace.standardFileCount { return }
            usleep(20_000)
        }
        throw TestAppError("the library scan did not finish")
    }

    /// Library photos' ids by file name.
    private static func assetIDs(_ client: HTTPTestClient) throws -> [String: String] {
        var ids: [String: String] = [:]
        let groups = try #require(client.get("/api/v1/library/groups").json as? [[String: Any]])
        for group in groups {
            guard let id = group.string("id") else { continue }
            let page = try #require(client.get("/api/v1/library/groups/\(id)/assets?limit=100").json as? [String: Any])
            for asset in page["assets"] as? [[String: Any]] ?? [] {
                guard let assetID = asset.string("id"), !ids.values.contains(assetID) else { continue }
                let detail = try #require(client.get("/api/v1/library/assets/\(assetID)").json as? [String: Any])
                if let name = detail.string("fileName") { ids[name] = assetID }
            }
        }
        return ids
    }

    private static func item(_ client: HTTPTestClient, _ name: String, quantity: Int = 1, photos: Int, pdf: Bool, evidence: [String]) throws -> FixtureItem {
        let created = try client.json("POST", "/api/v1/items", ["name": name, "serialNumber": "SN-\(name.uppercased())", "quantity": quantity,
                                                                "brand": "\(name)Co", "replacementCost": "120.00"])
        let id = try #require((created.json as? [String: Any])?.id, "\(created.status) \(created.text)")
        for index in 0..<photos {
            let picture = try ItemImageFixtures.picture(width: 64 + 8 * index + name.utf8.reduce(0) { $0 + Int($1) } % 97, height: 48)
            let response = try client.send("POST", "/api/v1/items/\(id)/photos", headers: ["Content-Type": "image/jpeg"], body: picture)
            #expect(response.status == 201, "\(response.text)")
        }
        let document = pdf ? SamplePDF.make() : Array("\(name): paid in full, with its manual.\n".utf8)
        // A plain-text POST is what any page may send: it carries the page's token, as the item page's script does.
        let (token, cookie) = try client.pageFormToken()
        let attached = try client.send("POST", "/api/v1/items/\(id)/documents?kind=receipt&name=\(name)%20receipt",
                                       headers: ["Content-Type": pdf ? "application/pdf" : "text/plain", "X-CSRF-Token": token, "Cookie": cookie],
                                       body: document)
        #expect(attached.status == 201, "\(attached.text)")
        for asset in evidence {
            let linked = try client.json("POST", "/api/v1/items/\(id)/evidence", ["assetId": asset])
            #expect(linked.status == 201, "\(linked.text)")
        }
        let shown = try #require(client.get("/api/v1/items/\(id)").json as? [String: Any])
        let photoList = shown["photos"] as? [[String: Any]] ?? []
        return FixtureItem(
            id: id, name: name, photoIDs: photoList.map(\.id),
            photoHashes: photoList.compactMap { $0.string("screenURL")?.split(separator: "/").dropFirst().first.map(String.init) },
            documentIDs: (shown["documents"] as? [[String: Any]] ?? []).map(\.id), evidence: evidence)
    }

    private static func claim(_ client: HTTPTestClient, _ fields: [String: Any]) throws -> Int64 {
        let response = try client.json("POST", "/api/v1/claims", fields)
        return try #require((response.json as? [String: Any])?.id, "\(response.status) \(response.text)")
    }

    private static func bytes(_ client: HTTPTestClient, _ path: String) throws -> [UInt8] {
        let response = try client.get(path)
        guard response.status == 200, !response.body.isEmpty else { throw TestAppError("\(path) answered \(response.status)") }
        return response.body
    }

    private static func fingerprint(_ client: HTTPTestClient, _ asset: String) throws -> String {
        let detail = try #require(client.get("/api/v1/library/assets/\(asset)").json as? [String: Any])
        return String(try #require(detail.string("thumbnailURL")).split(separator: "/")[3])
    }
}

extension SecuredApp {
    /// Signs in through the sign-in page on any app's client, as `signIn` does on its own.
    static func signIn(_ name: String, password: String, on client: HTTPTestClient) throws -> SecuritySession {
        let page = try client.get("/signin", headers: ["Accept": "text/html"])
        let formCookie = setCookies(in: page).first { $0.contains("homepwner-form=") }.flatMap { $0.split(separator: ";").first.map(String.init) }
        let token = HTMLInspection.value(ofInput: "csrf", in: page.text)
        let response = try client.form("/signin", [("name", name), ("password", password), ("next", "/")] + (token.map { [("csrf", $0)] } ?? []),
                                       headers: formCookie.map { ["Cookie": $0] } ?? [:])
        guard response.status == 303, let setCookie = setCookies(in: response).first(where: { $0.contains("homepwner-session=") }),
              let pair = setCookie.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else {
            throw TestAppError("sign-in as \(name) answered \(response.status): \(response.text.prefix(200))")
        }
        let cookieName = String(pair[..<equals]), id = String(pair[pair.index(after: equals)...])
        let account = try client.get("/account", headers: ["Cookie": "\(cookieName)=\(id)", "Accept": "text/html"])
        guard let csrf = csrfToken(in: account.text) else { throw TestAppError("no CSRF token on /account for \(name)") }
        return SecuritySession(client: client, name: name, cookieName: cookieName, id: id, csrf: csrf, setCookie: setCookie)
    }
}
