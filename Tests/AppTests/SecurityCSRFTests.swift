import Accounts
import App
import Foundation
import HTTPTestClient
import Inventory
import Testing

/// Cross-site request forgery: a session's changes need the session's own token, from this site's own pages.
@Suite struct SecurityCSRFTests {
    /// State-changing requests a signed-in editor can make, each in the forms a page or script sends.
    static func changes(_ app: SecuredApp, itemID: Int64) throws -> [(label: String, send: (SecuritySession, String?) throws -> TestResponse)] {
        let version = try app.app.items.item(id: Item.ID(itemID)).version
        return [
            ("POST /api/v1/items (header)", { session, token in
                try session.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json"].merging(token.map { ["X-CSRF-Token": $0] } ?? [:]) { $1 },
                                 body: Array(#"{"name":"Forged"}"#.utf8), csrf: false)
            }),
            ("PATCH /api/v1/items/{id} (header)", { session, token in
                try session.send("PATCH", "/api/v1/items/\(itemID)", headers: ["Content-Type": "application/json"].merging(token.map { ["X-CSRF-Token": $0] } ?? [:]) { $1 },
                                 body: Array(#"{"name":"Forged"}"#.utf8), csrf: false)
            }),
            ("DELETE /api/v1/items/{id} (header)", { session, token in
                try session.send("DELETE", "/api/v1/items/\(itemID)", headers: token.map { ["X-CSRF-Token": $0] } ?? [:], csrf: false)
            }),
            ("POST /items (form)", { session, token in try session.form("/items", [("name", "Forged"), ("valueInDollars", "1")], token: token) }),
            ("POST /items/{id} (form)", { session, token in
                try session.form("/items/\(itemID)", [("name", "Forged"), ("valueInDollars", "1"), ("version", String(version))], token: token)
            }),
            ("POST /items/{id}/delete (form)", { session, token in try session.form("/items/\(itemID)/delete", [], token: token) }),
            ("POST /items/{id}/move (form)", { session, token in try session.form("/items/\(itemID)/move", [("position", "0")], token: token) }),
            ("POST /items/{id}/image (multipart)", { session, token in
                let boundary = "----probe\(UUID().uuidString.prefix(8))"
                var body = ""
                if let token { body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n" }
                body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"x.jpg\"\r\nContent-Type: image/jpeg\r\n\r\nnot really\r\n--\(boundary)--\r\n"
                return try session.send("POST", "/items/\(itemID)/image", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Accept": "text/html"],
                                        body: Array(body.utf8), csrf: false)
            }),
            ("POST /account/tokens (form)", { session, token in try session.form("/account/tokens", [("name", "forged token")], token: token) }),
            ("POST /account/password (form)", { session, token in
                try session.form("/account/password", [("current", SecuredApp.password), ("password", "forged password 1")], token: token)
            }),
            ("POST /signout (form)", { session, token in try session.form("/signout", [], token: token) }),
        ]
    }

    @Test func missingWrongAndForeignTokensAreRefusedAndChangeNothing() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("eddie", .editor)])
        let eddie = try app.signIn("eddie")
        let other = try app.signIn("eddie")   // the same account in another browser
        let olivia = try app.signIn("olivia") // someone else
        #expect(Set([eddie.csrf, other.csrf, olivia.csrf]).count == 3, "a CSRF token per session")
        let item = try BearerClient(client: app.client, token: try app.token(for: "olivia").token).json("POST", "/api/v1/items", ["name": "Lamp"])
        let itemID = try #require((item.json as? [String: Any])?.id)
        let before = try app.snapshot()
        var problems: [String] = []
        for (label, send) in try Self.changes(app, itemID: itemID) {
            for (kind, token) in [("no token", nil), ("empty token", ""), ("wrong token", Secrets.token()), ("another session's token", other.csrf),
                                  ("another account's token", olivia.csrf), ("the session id", eddie.id),
                                  ("a near miss", String(eddie.csrf.dropLast()) + (eddie.csrf.hasSuffix("A") ? "B" : "A"))] as [(String, String?)] {
                let response = try send(eddie, token)
                if response.status != 403 { problems.append("\(label) with \(kind) → \(response.status)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(try app.snapshot() == before)
        #expect(try app.app.accounts.caller(sessionID: eddie.id) != nil, "a forged sign-out must not end the session")
        #expect(try app.app.accounts.verify(name: "eddie", password: SecuredApp.password) != nil)
        // The right token works for each kind of request.
        #expect(try eddie.form("/items", [("name", "Real"), ("valueInDollars", "1")], token: eddie.csrf).status == 303)
        #expect(try eddie.json("POST", "/api/v1/items", ["name": "Real too"]).status == 201)
        #expect(try app.app.items.all().count == 3)
    }

    @Test func crossSiteOriginsAndFetchMetadataAreRefused() throws {
        let app = try SecuredApp()
        let eddie = try app.signIn("eddie")
        let before = try app.snapshot()
        let own = "http://127.0.0.1:\(app.app.port)"
        var problems: [String] = []
        let hostile: [[String: String]] = [
            ["Origin": "https://evil.example"], ["Origin": "null"], ["Origin": "http://127.0.0.1"], ["Origin": "http://127.0.0.1:\(app.app.port).evil.example"],
            ["Origin": "https://127.0.0.1:\(app.app.port)"], ["Origin": own + "/"], ["Origin": "http://localhost:\(app.app.port)"],
            ["Sec-Fetch-Site": "cross-site"], ["Sec-Fetch-Site": "same-site"],
            ["Sec-Fetch-Site": "cross-site", "Origin": own], ["Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"],
        ]
        for headers in hostile {
            // Even with the right CSRF token (say, leaked): the request did not come from this site.
            let json = try eddie.send("POST", "/api/v1/items", headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                                      body: Array(#"{"name":"Cross-site"}"#.utf8))
            if json.status != 403 || json.errorCode != "cross-site" { problems.append("API \(headers) → \(json.status) \(json.errorCode ?? "")") }
            let form = try eddie.form("/items", [("name", "Cross-site"), ("valueInDollars", "1")], token: eddie.csrf, headers: headers)
            if form.status != 403 { problems.append("form \(headers) → \(form.status)") }
            let signOut = try eddie.form("/signout", [], token: eddie.csrf, headers: headers)
            if signOut.status != 403 { problems.append("sign-out \(headers) → \(signOut.status)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(try app.snapshot() == before)
        #expect(try app.app.accounts.caller(sessionID: eddie.id) != nil)
        // This site's own origin and fetch metadata pass.
        for headers in [["Origin": own], ["Sec-Fetch-Site": "same-origin"], ["Sec-Fetch-Site": "none"], ["Origin": own, "Sec-Fetch-Site": "same-origin"]] {
            let response = try eddie.send("POST", "/api/v1/items", headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                                          body: Array(#"{"name":"Same site"}"#.utf8))
            #expect(response.status == 201, "\(headers) → \(response.status)")
        }
    }

    @Test func signingInFromAnotherSiteIsRefused() throws {
        // Login CSRF: another site must not sign the visitor in to an account of its choosing.
        let app = try SecuredApp()
        for headers in [["Origin": "https://evil.example"], ["Sec-Fetch-Site": "cross-site"]] {
            let response = try app.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", "/")], headers: headers)
            #expect(response.status == 403, "\(headers) → \(response.status)")
            #expect(response.header("Set-Cookie") == nil)
        }
    }

    /// Login CSRF from a browser that sends neither `Origin` nor `Sec-Fetch-Site` (older ones, or
    /// with an extension that strips them): the form's own token is what tells.
    @Test func signingInWithoutTheFormsTokenIsRefusedWithAClearMessage() throws {
        let app = try SecuredApp()
        let fields = [("name", "vera"), ("password", SecuredApp.password), ("next", "/")]
        let bare = try app.client.form("/signin", fields)
        #expect(bare.status == 403 && bare.text.contains("Reload the page"), "a sign-in without the form's token → \(bare.status)")
        #expect(!SecuredApp.setCookies(in: bare).contains { $0.contains("homepwner-session=") }, "a sign-in without the form's token signed in")
        let form = try app.signInForm()
        let token = try #require(form.token, "the sign-in page carries a token")
        let cookie = try #require(form.cookie, "the sign-in page sets the token's cookie")
        let forged: [(String, [(String, String)], [String: String])] = [
            ("the token without its cookie", fields + [("csrf", token)], [:]),
            ("the cookie without the token", fields, ["Cookie": cookie]),
            ("another token", fields + [("csrf", Secrets.token())], ["Cookie": cookie]),
        ]
        for (label, fields, headers) in forged {
            let response = try app.client.form("/signin", fields, headers: headers)
            #expect(response.status == 403, "\(label) → \(response.status)")
            #expect(!SecuredApp.setCookies(in: response).contains { $0.contains("homepwner-session=") }, "\(label) signed in")
            #expect(response.text.contains("Reload the page"), "\(label): \(response.text.prefix(400))")
        }
        // As the page sends it.
        #expect(try app.client.form("/signin", fields + [("csrf", token)], headers: ["Cookie": cookie]).status == 303)
    }

    @Test func theSetupFormNeedsItsToken() throws {
        let app = try SecuredApp(accounts: [])
        let setup = try #require(app.app.setupPath)
        let fields = [("name", "olivia"), ("password", SecuredApp.password), ("confirm", SecuredApp.password)]
        let bare = try app.client.form(setup, fields)
        #expect(bare.status == 403 && bare.text.contains("Reload the page"), "\(bare.status)")
        #expect(try app.app.accounts.count() == 0)
        let page = try app.client.get(setup, headers: ["Accept": "text/html"])
        let token = try #require(HTMLInspection.value(ofInput: "csrf", in: page.text))
        let cookie = try #require(SecuredApp.setCookies(in: page).first { $0.contains("homepwner-form=") }?.split(separator: ";").first.map(String.init))
        #expect(try app.client.form(setup, fields + [("csrf", token)], headers: ["Cookie": cookie]).status == 303)
        #expect(try app.app.accounts.count() == 1)
    }

    /// Open to the local user (no accounts yet): a form another site's page sends needs the token
    /// this site's pages carry. Requests a browser cannot send across sites without asking first
    /// (JSON, PUT, PATCH, DELETE) are left to scripts.
    @Test func inOpenAccessAFormChangeNeedsThePagesToken() throws {
        let open = try SecuredApp(accounts: [])
        let bare = try open.client.form("/items", [("name", "Forged"), ("valueInDollars", "1")])
        #expect(bare.status == 403 && bare.text.contains("Reload the page"), "\(bare.status)")
        #expect(try open.app.items.all().isEmpty)
        let page = try open.client.get("/", headers: ["Accept": "text/html"])
        let token = try #require(SecuredApp.csrfToken(in: page.text), "open-access pages carry a token for their forms")
        let cookie = try #require(SecuredApp.setCookies(in: page).first { $0.contains("homepwner-form=") }?.split(separator: ";").first.map(String.init))
        #expect(try open.client.form("/items", [("name", "Real"), ("valueInDollars", "1"), ("csrf", token)], headers: ["Cookie": cookie]).status == 303)
        #expect(try open.client.json("POST", "/api/v1/items", ["name": "Scripted"]).status == 201)
        #expect(try open.app.items.all().map(\.name).sorted() == ["Real", "Scripted"])
    }

    @Test func apiTokensNeedNoCSRFToken() throws {
        let app = try SecuredApp()
        let token = try app.token(for: "eddie")
        let created = try token.json("POST", "/api/v1/items", ["name": "Scripted"])
        #expect(created.status == 201)
        let id = try #require((created.json as? [String: Any])?.id)
        #expect(try token.json("PATCH", "/api/v1/items/\(id)", ["name": "Scripted again"]).status == 200)
        #expect(try token.send("DELETE", "/api/v1/items/\(id)").status == 204)
        // A token and a session cookie together: the token decides, and needs no CSRF token.
        let vera = try app.signIn("vera")
        let both = try token.send("POST", "/api/v1/items", headers: ["Cookie": vera.cookie, "Content-Type": "application/json"],
                                  body: Array(#"{"name":"Both"}"#.utf8))
        #expect(both.status == 201)
    }

    @Test func safeMethodsChangeNothing() throws {
        // Links (GET) cannot be forged into changes: every GET route leaves the state alone.
        let fixture = try SecurityFixture.make()
        let olivia = try fixture.secured.signIn("olivia")
        let before = try fixture.secured.snapshot()
        for route in fixture.app.routes where route.method == .get {
            let path = try fixture.path(for: route)
            _ = try olivia.get(path)
            _ = try olivia.send("HEAD", path)
        }
        #expect(try fixture.secured.snapshot() == before)
        #expect(try fixture.app.accounts.caller(sessionID: olivia.id) != nil)
    }
}
