import Accounts
import App
import Foundation
import HTTPServer
import HTTPTestClient
import Inventory
import Testing

/// Every route the router knows, called by everyone who must not get through: anonymous callers,
/// viewers trying to write, editors trying to manage accounts, accounts without a library grant.
/// The routes come from the app itself, so a new route is tested the day it is added.
@Suite(.serialized) struct SecurityRouteAccessTests {
    /// Public by design, and only these. (The API's OpenAPI document describes it and holds no data.)
    static let publicRoutes: Set<String> = [
        "GET /healthz", "GET /signin", "POST /signin", "GET /setup/{token}", "POST /setup/{token}",
        "GET /static/{version}/{path...}", "GET /favicon.ico", "GET /api/v1/openapi.json", "OPTIONS /api/v1/uploads",
        // The installed app's manifest and service worker: the browser fetches them as it likes, and
        // they hold no data (OfflineAppTests).
        "GET /manifest.webmanifest", "GET /service-worker.js",
        // An adjuster's read-only link to one claim: its token is the credential (ClaimLinkSecurityTests).
        "GET /shared/{token}", "GET /shared/{token}/items/{itemId}/photos/{photoId}/{file}", "GET /shared/{token}/items/{itemId}/documents/{docId}",
        "GET /shared/{token}/items/{itemId}/documents/{docId}/thumbnail", "GET /shared/{token}/items/{itemId}/evidence/{assetId}/{file}",
        "GET /shared/{token}/report.pdf", "GET /shared/{token}/schedule.csv", "GET /shared/{token}/evidence.zip",
        "GET /shared/{token}/police-list.pdf", "GET /shared/{token}/police-list.csv",
        "GET /shared/{token}/items/{itemId}/photos/{photoId}", "GET /shared/{token}/items/{itemId}/evidence/{assetId}",
        // An account's reminders calendar: its token is the credential (RemindersAPITests).
        "GET /calendar/{token}",
        // A reminder e-mail's unsubscribe link (RFC 8058 one-click): its key is the credential (ReminderMailTests).
        "GET /unsubscribe/{token}/{kind}", "POST /unsubscribe/{token}/{kind}",
    ]

    static func key(_ route: Route) -> String { "\(route.method) \(route.pattern)" }

    @Test func theOnlyPublicRoutesAreSignInSetupHealthStaticAssetsTheAppsManifestAndWorkerTheAPIDocumentAndAdjustersLinks() throws {
        let fixture = try SecurityFixture.make()
        let routes = fixture.app.routes
        #expect(routes.count > 30, "the router lists its routes")
        let open = Set(routes.filter { $0.access == .public }.map(Self.key))
        #expect(open == Self.publicRoutes, "public routes that should not be: \(open.subtracting(Self.publicRoutes)); missing: \(Self.publicRoutes.subtracting(open))")
        // No state change behind a read-level route (GET never changes state; every change is at least "account").
        let writesAsReads = routes.filter { $0.method.changesState && $0.access == .read }.map(Self.key)
        #expect(writesAsReads.isEmpty, "state-changing routes any viewer may call: \(writesAsReads)")
        // Account management is for owners.
        let users = routes.filter { $0.pattern.hasPrefix("/users") && $0.access != .manage }.map(Self.key)
        #expect(users.isEmpty, "/users routes below manage: \(users)")
        // Every parameter of every route has a real value here.
        for route in routes { _ = try fixture.path(for: route) }
    }

    @Test func anonymousCallersAreSentToSignInOrRefusedOnEveryRoute() throws {
        let fixture = try SecurityFixture.make()
        let before = try fixture.secured.snapshot()
        var problems: [String] = []
        // Anonymous, with a made-up session, with a session that was signed out, and with a made-up token.
        let ended = try fixture.secured.signIn("olivia")
        #expect(try ended.form("/signout", []).status == 303)
        let credentials: [(String, [String: String])] = [
            ("anonymous", [:]),
            ("made-up cookie", ["Cookie": "homepwner-session=\(Secrets.token())"]),
            ("made-up __Host- cookie", ["Cookie": "__Host-homepwner-session=\(Secrets.token())"]),
            ("signed-out cookie", ["Cookie": ended.cookie]),
        ]
        var checked = 0
        for route in fixture.app.routes where route.access != .public {
            let path = try fixture.path(for: route)
            let isAPI = route.pattern.hasPrefix("/api/")
            for (label, extra) in credentials {
                var (headers, body) = route.method.changesState ? fixture.body(for: route) : ([:], [])
                headers.merge(extra) { $1 }
                if !isAPI { headers["Accept"] = "text/html,application/xhtml+xml" }
                let response = try fixture.client.send(route.method.rawValue, path, headers: headers, body: body)
                checked += 1
                let what = "\(label) \(route.method) \(path)"
                if isAPI {
                    // A HEAD's answer has no body to hold the error (a resumable upload's offset).
                    if response.status != 401 || route.method != .head && (response.errorCode == nil || response.header("Content-Type")?.hasPrefix("application/json") != true) {
                        problems.append("\(what) → \(response.status) \(response.header("Content-Type") ?? "") (want 401 JSON)")
                    }
                } else if route.method == .get {
                    let location = response.header("Location") ?? ""
                    let want = "/signin?next=" + (path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                    if response.status != 303 || !location.hasPrefix("/signin?next=") {
                        problems.append("\(what) → \(response.status) \(location) (want 303 to /signin?next=…)")
                    } else if location.removingPercentEncoding != want.removingPercentEncoding {
                        problems.append("\(what) → Location \(location) does not lead back to \(path)")
                    }
                } else if response.status != 401 && response.status != 403 {
                    problems.append("\(what) → \(response.status) (want 401)")
                }
                if bytesContain(response.body, fixture.itemName) || bytesContain(response.body, "SN-PROBE") {
                    problems.append("\(what) showed the item")
                }
                if response.header("Content-Type")?.hasPrefix("image/") == true { problems.append("\(what) sent an image") }
                if response.header("Set-Cookie") != nil { problems.append("\(what) set a cookie") }
            }
            // HEAD reaches GET routes: no way around the check there either.
            if route.method == .get {
                let head = try fixture.client.send("HEAD", path, headers: ["Accept": "text/html"])
                if head.status == 200 || head.header("Content-Type")?.hasPrefix("image/") == true {
                    problems.append("anonymous HEAD \(path) → \(head.status)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
        #expect(checked > 100)
        #expect(try fixture.secured.snapshot() == before, "anonymous calls changed something")
    }

    @Test func thePublicRoutesAnswerAnonymousCallers() throws {
        let fixture = try SecurityFixture.make()
        let client = fixture.client
        #expect(try client.get("/healthz").status == 200)
        let signIn = try client.get("/signin", headers: ["Accept": "text/html"])
        #expect(signIn.status == 200 && signIn.isHTML)
        #expect(try client.get("/static/\(fixture.staticVersion)/\(fixture.staticPath)").status == 200)
        #expect(try client.get("/favicon.ico").status == 200)
        // With accounts, no setup link works (and a made-up one never did).
        #expect(try client.get("/setup/\(Secrets.token(byteCount: 24))", headers: ["Accept": "text/html"]).status == 404)
        let form = try fixture.secured.signInForm()
        let setUp = try client.form("/setup/\(Secrets.token(byteCount: 24))", [("name", "mallory"), ("password", "mallory's password"),
                                    ("confirm", "mallory's password"), ("csrf", form.token ?? "")], headers: ["Cookie": form.cookie ?? ""])
        #expect(setUp.status == 404)
        #expect(try fixture.app.accounts.account(named: "mallory") == nil)
    }

    /// Sends every route of the given access levels as `caller` and expects 403 with nothing changed.
    func expectForbidden(_ fixture: SecurityFixture, levels: Set<RouteAccess>, as label: String,
                         send: (Route, String, [String: String], [UInt8]) throws -> TestResponse) throws -> Int {
        let before = try fixture.secured.snapshot()
        var problems: [String] = []
        var count = 0
        for route in fixture.app.routes where levels.contains(route.access) {
            let path = try fixture.path(for: route)
            let (headers, body) = fixture.body(for: route, version: (try? fixture.app.items.item(id: Item.ID(fixture.itemID)).version) ?? 1)
            let response = try send(route, path, headers, body)
            count += 1
            if response.status != 403 {
                problems.append("\(label) \(route.method) \(path) → \(response.status) \(response.errorCode ?? String(response.text.prefix(80)))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) routes let \(label) through:\n\(problems.joined(separator: "\n"))")
        #expect(try fixture.secured.snapshot() == before, "\(label)'s forbidden calls changed something")
        return count
    }

    @Test func aViewerIsRefusedEveryWriteAndChangesNothing() throws {
        let fixture = try SecurityFixture.make()
        let vera = try fixture.secured.signIn("vera")
        let count = try expectForbidden(fixture, levels: [.write, .manage], as: "viewer (session)") { route, path, headers, body in
            try vera.send(route.method.rawValue, path, headers: headers, body: body)
        }
        #expect(count >= 15)
        let token = try fixture.secured.token(for: "vera")
        _ = try expectForbidden(fixture, levels: [.write, .manage], as: "viewer (API token)") { route, path, headers, body in
            try token.send(route.method.rawValue, path, headers: headers, body: body)
        }
        // The viewer still reads.
        #expect(try vera.get("/").status == 200)
        #expect(try vera.get("/items/\(fixture.itemID)").status == 200)
        #expect(try token.send("GET", "/api/v1/items/\(fixture.itemID)").status == 200)
        // And the pages offer the viewer no editing controls.
        let list = try vera.get("/?edit=1").text
        #expect(!list.contains("action=\"/items\""), "the list offers a viewer the New Item form")
    }

    @Test func anEditorIsRefusedAccountManagement() throws {
        let fixture = try SecurityFixture.make()
        let eddie = try fixture.secured.signIn("eddie")
        let count = try expectForbidden(fixture, levels: [.manage], as: "editor (session)") { route, path, headers, body in
            try eddie.send(route.method.rawValue, path, headers: headers, body: body)
        }
        #expect(count >= 4)
        let token = try fixture.secured.token(for: "eddie")
        _ = try expectForbidden(fixture, levels: [.manage], as: "editor (API token)") { route, path, headers, body in
            try token.send(route.method.rawValue, path, headers: headers, body: body)
        }
        // Not even promoting themselves.
        let eddieID = try fixture.secured.account("eddie").id
        #expect(try eddie.form("/users/\(eddieID)", [("role", "owner")]).status == 403)
        #expect(try fixture.secured.account("eddie").role == .editor)
        // But editing works: the 403s are about the role.
        let created = try eddie.json("POST", "/api/v1/items", ["name": "Editor's lamp"])
        #expect(created.status == 201)
        #expect(try token.json("POST", "/api/v1/items", ["name": "Editor's script lamp"]).status == 201)
    }

    @Test func anOwnerMayManageAccounts() throws {
        // The positive control for the 403s above.
        let fixture = try SecurityFixture.make()
        let olivia = try fixture.secured.signIn("olivia")
        #expect(try olivia.get("/users").status == 200)
        #expect(try olivia.form("/users/\(fixture.targetID)", [("role", "editor")]).status == 200)
        #expect(try fixture.secured.account("tess").role == .editor)
        #expect(try olivia.form("/users", [("name", "newbie"), ("password", "newbie password"), ("role", "viewer")]).status == 200)
        #expect(try fixture.app.accounts.account(named: "newbie")?.role == .viewer)
        #expect(try olivia.form("/users/\(fixture.targetID)/remove", []).status == 200)
        #expect(try fixture.app.accounts.account(named: "tess") == nil)
        // The last owner stays: removing or demoting olivia is refused and changes nothing.
        let oliviaID = try fixture.secured.account("olivia").id
        #expect(try olivia.form("/users/\(oliviaID)/remove", []).status == 422)
        #expect(try olivia.form("/users/\(oliviaID)", [("role", "viewer")]).status == 422)
        #expect(try fixture.secured.account("olivia").role == .owner)
    }

    @Test func nobodyRevokesAnotherAccountsToken() throws {
        let fixture = try SecurityFixture.make()
        let tess = try fixture.secured.token(for: "tess", label: "second")
        // tess's first token (tokenID) belongs to tess; olivia (an owner) and vera try to revoke it by id.
        for name in ["vera", "olivia"] {
            let session = try fixture.secured.signIn(name)
            let response = try session.form("/account/tokens/\(fixture.tokenID)/revoke", [])
            #expect(response.status == 404, "\(name) revoking tess's token → \(response.status)")
        }
        #expect(try fixture.app.accounts.tokens(of: try fixture.secured.account("tess")).count == 2)
        #expect(try tess.send("GET", "/api/v1/items").status == 200)
    }

    @Test func revokingATokenThatDoesNotExistIs404() throws {
        // A numeric id that is not yours is 404 "no such token"; an id that is not a number at all
        // should be the same, not the account page with 200 as if something was revoked.
        let fixture = try SecurityFixture.make()
        let vera = try fixture.secured.signIn("vera")
        #expect(try vera.form("/account/tokens/999999/revoke", []).status == 404)
        for id in ["abc", "1.5", "-", "%2e%2e", "0x10", "99999999999999999999"] {
            let response = try vera.form("/account/tokens/\(id)/revoke", [])
            #expect(response.status == 404 || response.status == 400, "revoke \(id) → \(response.status)")
        }
    }

    @Test func withoutALibraryGrantTheLibraryIsDeclinedEverywhere() throws {
        let fixture = try SecurityFixture.make()
        let nora = try fixture.secured.signIn("nora")
        let page = try nora.get("/library")
        #expect(page.status == 403)
        #expect(page.isHTML && page.text.contains("declined"), "the declined page, not an error")
        var problems: [String] = []
        let noraToken = try fixture.secured.token(for: "nora")
        for path in ["/api/v1/library/status", "/api/v1/library/groups", "/api/v1/library/groups/\(fixture.groupID)/assets",
                     "/api/v1/library/assets/\(fixture.assetID)"] {
            for response in [try nora.get(path, accept: "application/json"), try noraToken.send("GET", path)] {
                if response.status != 403 || response.errorCode != "library-access-declined" {
                    problems.append("\(path) → \(response.status) \(response.errorCode ?? "")")
                }
            }
        }
        for file in ["original", "thumb-256.jpg", "thumb-512.jpg", "screen.jpg", "full.jpg"] {
            let path = "/library/files/\(fixture.assetID)/\(fixture.fingerprint)/\(file)"
            let response = try nora.get(path, accept: "image/*")
            if response.status != 403 || response.header("Content-Type")?.hasPrefix("image/") == true {
                problems.append("\(path) → \(response.status) \(response.header("Content-Type") ?? "")")
            }
        }
        for path in ["/library/groups/\(fixture.groupID)", "/library/assets/\(fixture.assetID)"] {
            let response = try nora.get(path)
            if response.status != 403 { problems.append("\(path) → \(response.status)") }
        }
        #expect(problems.isEmpty, "\(problems)")
        // The item's own copy of a library photo is part of the inventory, which every account reads.
        #expect(try nora.get(fixture.imageURL, accept: "image/*").status == 200)
    }

    @Test func anEditorWithoutAGrantCannotCopyLibraryPhotosIntoItems() throws {
        let fixture = try SecurityFixture.make()
        try fixture.app.accounts.setLibraryGrants(name: "eddie", roots: [])
        let eddie = try fixture.secured.signIn("eddie")
        let created = try eddie.json("POST", "/api/v1/items", ["name": "Empty frame"])
        let itemID = try #require((created.json as? [String: Any])?.id)
        let api = try eddie.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": fixture.assetID])
        #expect(api.status == 403, "PUT image from the library → \(api.status)")
        let form = try eddie.form("/items/\(itemID)/image/library", [("assetId", fixture.assetID)])
        #expect(form.status == 403, "POST image/library → \(form.status)")
        #expect(try fixture.app.items.item(id: Item.ID(itemID)).image == nil)
    }

    @Test func withAGrantTheLibraryWorks() throws {
        let fixture = try SecurityFixture.make()
        let vera = try fixture.secured.signIn("vera")
        #expect(try vera.get("/library").status == 200)
        #expect(try vera.get("/library/groups/\(fixture.groupID)").status == 200)
        #expect(try vera.get("/library/assets/\(fixture.assetID)").status == 200)
        for path in ["/api/v1/library/status", "/api/v1/library/groups", "/api/v1/library/groups/\(fixture.groupID)/assets",
                     "/api/v1/library/assets/\(fixture.assetID)"] {
            #expect(try vera.get(path, accept: "application/json").status == 200, "\(path)")
        }
        let original = try vera.get("/library/files/\(fixture.assetID)/\(fixture.fingerprint)/original", accept: "image/*")
        #expect(original.status == 200 && original.header("Content-Type")?.hasPrefix("image/") == true)
        let thumbnail = try vera.get("/library/files/\(fixture.assetID)/\(fixture.fingerprint)/thumb-256.jpg", accept: "image/*")
        #expect(thumbnail.status == 200)
        // Granted, then the grant taken away: declined at once (grants are read per request).
        try fixture.app.accounts.setLibraryGrants(name: "vera", roots: [])
        #expect(try vera.get("/library").status == 403)
        #expect(try vera.get("/library/files/\(fixture.assetID)/\(fixture.fingerprint)/original", accept: "image/*").status == 403)
    }

    @Test func aGrantForOneRootShowsNothingOfAnother() throws {
        // Two roots; vera may see only the first. The second's groups, assets and files do not exist for her.
        let workspace = try LibraryWorkspace()
        try workspace.writeStandardLibrary()
        let other = workspace.base.appendingPathComponent("Private", isDirectory: true)
        try workspace.photo("../Private/Diary/private-1.jpg", taken: "2021:01:01 10:00:00")
        let library = try LibraryTestApp(workspace: workspace, roots: [workspace.root.path, other.path])
        try library.waitUntilScanned(total: LibraryWorkspace.standardFileCount + 1)
        let diary = try library.group("Diary", kind: "album").string("id") ?? ""
        let privateAsset = try #require(try library.assets(diary).first)
        let privateID = privateAsset.string("id") ?? ""
        let privateThumb = privateAsset.string("thumbnailURL") ?? ""
        let privateFingerprint = String(privateThumb.split(separator: "/")[3])
        let secured = try SecuredApp(library: library, accounts: [("olivia", .owner, [workspace.root.path, other.path]), ("vera", .viewer, [workspace.root.path])])
        let vera = try secured.signIn("vera")

        let groups = try vera.get("/api/v1/library/groups", accept: "application/json")
        #expect(groups.status == 200)
        #expect(!groups.text.contains("Diary") && !groups.text.contains(diary), "vera sees the other root's album")
        var problems: [String] = []
        for path in ["/api/v1/library/groups/\(diary)/assets", "/api/v1/library/assets/\(privateID)", "/library/groups/\(diary)",
                     "/library/assets/\(privateID)", "/library/files/\(privateID)/\(privateFingerprint)/original",
                     "/library/files/\(privateID)/\(privateFingerprint)/thumb-256.jpg", privateThumb] {
            let response = try vera.get(path, accept: path.hasPrefix("/api/") ? "application/json" : "text/html")
            if response.status != 404 && response.status != 403 { problems.append("\(path) → \(response.status)") }
            if response.header("Content-Type")?.hasPrefix("image/") == true { problems.append("\(path) sent the photo") }
        }
        #expect(problems.isEmpty, "\(problems)")
        let eventsAndPeople = try vera.get("/library").text
        #expect(!eventsAndPeople.contains(privateID) && !eventsAndPeople.contains("Diary"))
        // Nor does the status count the other root's photos.
        let status = try #require(try vera.get("/api/v1/library/status", accept: "application/json").json as? [String: Any])
        #expect(status.int("total") == LibraryWorkspace.standardFileCount && status.int("scanned") == LibraryWorkspace.standardFileCount, "\(status)")
        let ownersStatus = try secured.signIn("olivia").get("/api/v1/library/status", accept: "application/json").json as? [String: Any]
        #expect(ownersStatus?.int("total") == LibraryWorkspace.standardFileCount + 1)
        // The owner, granted both, sees it.
        let olivia = try secured.signIn("olivia")
        #expect(try olivia.get("/library/assets/\(privateID)").status == 200)
    }
}
