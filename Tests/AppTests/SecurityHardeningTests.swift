import Accounts
import App
import Foundation
import HTTPTestClient
import Testing
import ToolRunner

/// Redirects after sign-in, security headers, HTTPS cookies, and when the server may run open.
@Suite struct SecurityHardeningTests {
    // MARK: Redirects after sign-in

    static let hostileNext = [
        "https://evil.example", "http://evil.example/items/3", "//evil.example", "//evil.example/items/3", "/\\evil.example",
        "\\\\evil.example", "\\/evil.example", "/\\/evil.example", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>",
        "%0d%0aSet-Cookie:%20evil=1", "\r\nSet-Cookie: evil=1", "/\r\nSet-Cookie: evil=1", "/items/3\r\nSet-Cookie: evil=1",
        "/\t/evil.example", "/\n/evil.example", " //evil.example", "evil.example", "items/3", "", "https:evil.example",
        "/" + String(repeating: "a", count: 5_000),
    ]

    @Test func signInRedirectsOnlyToPathsOnThisSite() throws {
        let app = try SecuredApp(accounts: [("vera", .viewer)])
        var problems: [String] = []
        for next in Self.hostileNext {
            let response = try app.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", next)])
            let location = response.header("Location") ?? "(none)"
            if response.status != 303 || location != "/" { problems.append("next=\(next.debugDescription.prefix(60)) → \(response.status) \(location)") }
            if response.headers.contains(where: { $0.name.lowercased() == "set-cookie" && $0.value.contains("evil") }) {
                problems.append("next=\(next.debugDescription) set a cookie of its own")
            }
            // The page carries the sanitised value, never the hostile one.
            let page = try app.client.get("/signin?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
                                          headers: ["Accept": "text/html"])
            if page.status != 200 || HTMLInspection.value(ofInput: "next", in: page.text) != "/" {
                problems.append("GET /signin?next=\(next.debugDescription.prefix(60)) → \(page.status), next field \(HTMLInspection.value(ofInput: "next", in: page.text) ?? "none")")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Already signed in, /signin?next= redirects at once: the same rule.
        let vera = try app.signIn("vera")
        for next in ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"] {
            let response = try vera.get("/signin?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            #expect(response.status == 303 && response.header("Location") == "/", "signed in, next=\(next) → \(response.header("Location") ?? "")")
        }
    }

    @Test func signInReturnsToTheRequestedPage() throws {
        let app = try SecuredApp(accounts: [("vera", .viewer)])
        for next in ["/items/3", "/items/3?saved=1", "/account", "/library/groups/a123?page=2", "/?edit=1#item-4"] {
            let response = try app.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", next)])
            #expect(response.status == 303 && response.header("Location") == next, "next=\(next) → \(response.header("Location") ?? "")")
        }
        // The whole round trip from a bookmarked page: redirect, sign-in page, back to where it started.
        let bookmarked = "/items/42?saved=1"
        let redirect = try app.client.get(bookmarked, headers: ["Accept": "text/html"])
        let signInURL = try #require(redirect.header("Location"))
        let page = try app.client.get(signInURL, headers: ["Accept": "text/html"])
        let next = try #require(HTMLInspection.value(ofInput: "next", in: page.text))
        #expect(next == bookmarked)
        let signedIn = try app.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", next)])
        #expect(signedIn.header("Location") == bookmarked)
    }

    @Test func aFailedSignInKeepsThePageToReturnTo() throws {
        // The sign-in form posts to /signin without a query: when it is shown again after a wrong
        // password, `next` must come from the posted field, or the user lands on / after all.
        let app = try SecuredApp(accounts: [("vera", .viewer)])
        let failed = try app.postSignIn([("name", "vera"), ("password", "wrong password"), ("next", "/items/3")])
        #expect(failed.status == 401)
        #expect(HTMLInspection.value(ofInput: "next", in: failed.text) == "/items/3", "next after a failed sign-in: \(HTMLInspection.value(ofInput: "next", in: failed.text) ?? "none")")
        // Still sanitised when it comes back.
        let hostile = try app.postSignIn([("name", "vera"), ("password", "wrong password"), ("next", "//evil.example")])
        #expect(HTMLInspection.value(ofInput: "next", in: hostile.text) == "/")
    }

    // MARK: Headers

    static func checkHeaders(_ response: TestResponse, _ label: String, problems: inout [String]) {
        if response.header("X-Content-Type-Options") != "nosniff" { problems.append("\(label): X-Content-Type-Options \(response.header("X-Content-Type-Options") ?? "missing")") }
        // An adjuster's link is its own credential: its pages send no Referer at all (ClaimLinkSecurityTests).
        let referrerPolicy = label.contains(" /shared/") ? "no-referrer" : "same-origin"
        if response.header("Referrer-Policy") != referrerPolicy { problems.append("\(label): Referrer-Policy \(response.header("Referrer-Policy") ?? "missing")") }
        guard response.isHTML else { return }
        let csp = response.header("Content-Security-Policy") ?? ""
        let directives = Dictionary(csp.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.compactMap { directive -> (String, String)? in
            let parts = directive.split(separator: " ", maxSplits: 1)
            return parts.isEmpty ? nil : (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        let scripts = directives["script-src"] ?? directives["default-src"] ?? "*"
        if scripts.contains("unsafe-inline") || scripts.contains("unsafe-eval") || scripts.contains("*") || scripts.contains("data:") {
            problems.append("\(label): scripts allowed by \(scripts)")
        }
        if directives["frame-ancestors"] != "'none'" { problems.append("\(label): frame-ancestors \(directives["frame-ancestors"] ?? "missing")") }
        if directives["object-src"] != "'none'" && directives["default-src"] != "'none'" { problems.append("\(label): object-src \(directives["object-src"] ?? "missing")") }
        if directives["base-uri"] == nil { problems.append("\(label): no base-uri") }
        // No inline script for the policy to have to block: the page works under it.
        let html = response.text
        for tag in HTMLInspection.tags("script", in: html) where HTMLInspection.attribute("src", of: tag) == nil {
            problems.append("\(label): inline <script> \(tag)")
        }
        if html.range(of: "<[^>]+\\son[a-z]+\\s*=", options: [.regularExpression, .caseInsensitive]) != nil { problems.append("\(label): an inline event handler") }
        if html.range(of: "(href|src|action)=\"\\s*javascript:", options: [.regularExpression, .caseInsensitive]) != nil { problems.append("\(label): a javascript: URL") }
    }

    @Test func everyPageCarriesTheSecurityHeaders() throws {
        let fixture = try SecurityFixture.make()
        let olivia = try fixture.secured.signIn("olivia")
        let vera = try fixture.secured.signIn("vera")
        let nora = try fixture.secured.signIn("nora")
        var problems: [String] = []
        var pages = 0
        // Every GET route as the owner, as HTML.
        for route in fixture.app.routes where route.method == .get {
            let path = try fixture.path(for: route)
            let response = try olivia.get(path)
            pages += response.isHTML ? 1 : 0
            Self.checkHeaders(response, "GET \(path)", problems: &problems)
        }
        #expect(pages >= 10)
        // Error pages, refusals, redirects, JSON and the sign-in page.
        let more: [(String, TestResponse)] = [
            ("404 page", try olivia.get("/no/such/page")),
            ("403 page", try vera.form("/items", [("name", "x")])),
            ("declined page", try nora.get("/library")),
            ("CSRF 403", try olivia.form("/items", [("name", "x")], token: nil)),
            ("sign-in page", try fixture.client.get("/signin", headers: ["Accept": "text/html"])),
            ("failed sign-in", try fixture.secured.postSignIn([("name", "olivia"), ("password", "wrong password"), ("next", "/")])),
            ("sign-in redirect", try fixture.client.get("/", headers: ["Accept": "text/html"])),
            ("API 401", try fixture.client.get("/api/v1/items")),
            ("API 200", try olivia.get("/api/v1/items", accept: "application/json")),
            ("400 credential in URL", try fixture.client.get("/?access_token=x", headers: ["Accept": "text/html"])),
            ("405", try olivia.send("DELETE", "/account", headers: ["Accept": "text/html"])),
            ("health", try fixture.client.get("/healthz")),
        ]
        for (label, response) in more { Self.checkHeaders(response, label, problems: &problems) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func authenticatedPagesAndJSONAreNeverStored() throws {
        let fixture = try SecurityFixture.make()
        let olivia = try fixture.secured.signIn("olivia")
        let token = try fixture.secured.token(for: "olivia")
        var problems: [String] = []
        var checked = 0
        for route in fixture.app.routes where route.method == .get && route.access != .public {
            let path = try fixture.path(for: route)
            let answers = [("page", try olivia.get(path)), ("session JSON", try olivia.get(path, accept: "application/json")),
                           ("token JSON", try token.send("GET", path, headers: ["Accept": "application/json"]))]
            for (label, response) in answers {
                let type = response.header("Content-Type") ?? ""
                guard type.hasPrefix("text/html") || type.hasPrefix("application/json") else { continue }
                checked += 1
                let cache = response.header("Cache-Control") ?? "missing"
                if !cache.contains("no-store") { problems.append("\(label) \(path) → \(response.status) Cache-Control: \(cache)") }
            }
        }
        #expect(checked > 30)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func photosThatNeedASignInAreRevalidatedNotKeptForAYear() throws {
        // `Cache-Control: public` lets a shared cache (a caching reverse proxy) keep a response to a
        // signed-in request and hand it to anyone who asks for the same URL, without the sign-in; a
        // year's `max-age` kept them in the browser's cache long after signing out. `private, no-cache`
        // with the ETag asks each time, and the answer to a photo already held is a bodiless 304.
        let fixture = try SecurityFixture.make()
        let vera = try fixture.secured.signIn("vera")
        for path in [fixture.imageURL, "/library/files/\(fixture.assetID)/\(fixture.fingerprint)/original",
                     "/library/files/\(fixture.assetID)/\(fixture.fingerprint)/thumb-256.jpg"] {
            let response = try vera.get(path, accept: "image/*")
            #expect(response.status == 200)
            #expect(response.header("Cache-Control") == "private, no-cache", "\(path): Cache-Control \(response.header("Cache-Control") ?? "missing")")
            let etag = try #require(response.header("ETag"), "\(path) has no ETag")
            let again = try vera.send("GET", path, headers: ["Accept": "image/*", "If-None-Match": etag])
            #expect(again.status == 304 && again.body.isEmpty, "\(path): conditional GET → \(again.status)")
            #expect(again.header("Cache-Control") == "private, no-cache")
            // Signed out, the browser's copy is not confirmed.
            let anonymous = try fixture.client.get(path, headers: ["Accept": "image/*", "If-None-Match": etag])
            #expect(anonymous.status != 304 && anonymous.status != 200, "\(path) anonymous conditional GET → \(anonymous.status)")
        }
    }

    @Test func anAuthorizationHeaderOfAnotherSchemeDoesNotLockOutTheBrowser() throws {
        // A reverse proxy with its own HTTP Basic sign-in (a common way to put a home server online)
        // passes the browser's `Authorization: Basic …` on with every request. That is not an API token:
        // it should be ignored, leaving the session cookie (or the sign-in page) to decide, rather than
        // answering every page, /signin and /healthz included, with 401 invalid-token.
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        let basic = ["Authorization": "Basic dXNlcjpwYXNzd29yZA=="]
        #expect(try app.client.get("/healthz", headers: basic).status == 200)
        #expect(try app.client.get("/signin", headers: basic.merging(["Accept": "text/html"]) { $1 }).status == 200)
        #expect(try app.client.get("/", headers: basic.merging(["Accept": "text/html"]) { $1 }).status == 303)
        #expect(try vera.send("GET", "/", headers: basic.merging(["Accept": "text/html"]) { $1 }).status == 200)
        // A Bearer token that is wrong stays a hard 401, cookie or not.
        let wrong = try vera.send("GET", "/api/v1/items", headers: ["Authorization": "Bearer hp_\(Secrets.token(byteCount: 32))"])
        #expect(wrong.status == 401 && wrong.errorCode == "invalid-token")
    }

    // MARK: HTTPS

    /// A self-signed certificate for 127.0.0.1 in a temporary folder.
    static func selfSignedCertificate(in folder: URL) throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
        let result = try ToolRun("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                                                  "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        guard result.succeeded else { throw TestAppError("openssl failed: \(result.errors)") }
        return (certificate, key)
    }

    /// `curl -k` (the certificate is self-signed): status and headers of the last response.
    static func curl(_ arguments: [String]) throws -> (status: Int, headers: [(name: String, value: String)]) {
        let result = try ToolRun("/usr/bin/curl", ["-k", "-s", "-S", "-o", "/dev/null", "-D", "-", "--max-time", "20"] + arguments)
        let lines = result.output.split(separator: "\r\n").map(String.init)
        guard let statusLine = lines.last(where: { $0.hasPrefix("HTTP/") }), let status = Int(statusLine.split(separator: " ")[1]) else {
            throw TestAppError("curl \(arguments): \(result.output)\(result.errors)")
        }
        let headers = lines.drop { !$0.hasPrefix("HTTP/") }.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (status, headers)
    }

    /// A server on HTTPS with a self-signed certificate (kept in `certificates` while it runs), and
    /// its answer to vera's sign-in.
    static func signInOverTLS() throws -> (app: SecuredApp, base: String, signIn: (status: Int, headers: [(name: String, value: String)]),
                                           certificates: TestDataFolder) {
        let certificates = try TestDataFolder()
        let (certificate, key) = try selfSignedCertificate(in: certificates.url)
        let app = try SecuredApp {
            $0.tlsCertificatePath = certificate
            $0.tlsKeyPath = key
        }
        let base = "https://127.0.0.1:\(app.app.port)"
        // As a browser: open the page (its cookie goes in the jar), then post its form.
        let jar = certificates.url.appendingPathComponent("cookies").path
        let page = try ToolRun.output(of: "/usr/bin/curl", ["-k", "-s", "-S", "--max-time", "20", "-c", jar, "-H", "Accept: text/html", "\(base)/signin"])
        let token = try #require(HTMLInspection.value(ofInput: "csrf", in: page), "the sign-in page over TLS has no form token")
        let signIn = try curl(["-b", jar, "--data-urlencode", "name=vera", "--data-urlencode", "password=\(SecuredApp.password)",
                               "--data-urlencode", "next=/", "--data-urlencode", "csrf=\(token)", "\(base)/signin"])
        return (app, base, signIn, certificates)
    }

    @Test func overTLSTheCookieIsSecureWithTheHostPrefix() throws {
        let (app, base, signIn, certificates) = try Self.signInOverTLS()
        defer { withExtendedLifetime((app, certificates)) {} }
        #expect(signIn.status == 303)
        let setCookie = try #require(signIn.headers.first { $0.name.lowercased() == "set-cookie" }?.value)
        let attributes = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(setCookie.hasPrefix("__Host-homepwner-session="), "\(setCookie)")
        #expect(attributes.contains("Secure") && attributes.contains("HttpOnly") && attributes.contains("SameSite=Lax") && attributes.contains("Path=/"))
        #expect(!attributes.contains { $0.lowercased().hasPrefix("domain=") }, "__Host- cookies have no Domain")
        #expect(signIn.headers.contains { $0.name.lowercased() == "strict-transport-security" })
        let cookie = String(setCookie.split(separator: ";")[0])
        let page = try Self.curl(["-H", "Cookie: \(cookie)", "-H", "Accept: text/html", "\(base)/"])
        #expect(page.status == 200)
        #expect(try Self.curl(["-H", "Accept: text/html", "\(base)/"]).status == 303)
        // Plain HTTP to the TLS port is not served.
        let plain = try? app.client.get("/healthz")
        #expect(plain == nil || plain?.status != 200, "plain HTTP answered \(plain?.status ?? 0)")
    }

    @Test func overTLSOnlyTheHostPrefixedCookieIsAccepted() throws {
        // `__Host-` means "set by this host over HTTPS, for the whole site": a plain-named cookie could
        // have been planted over plain HTTP or by a sibling domain (cookie tossing), handing the browser
        // a session of the attacker's. Over HTTPS only the prefixed name should count.
        let (app, base, signIn, certificates) = try Self.signInOverTLS()
        defer { withExtendedLifetime((app, certificates)) {} }
        let setCookie = try #require(signIn.headers.first { $0.name.lowercased() == "set-cookie" }?.value)
        let id = String(setCookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)[1])
        let planted = try Self.curl(["-H", "Cookie: homepwner-session=\(id)", "-H", "Accept: text/html", "\(base)/"])
        #expect(planted.status == 303, "over HTTPS a plain homepwner-session cookie was accepted (\(planted.status))")
    }

    // MARK: Open without accounts

    @Test func offLoopbackWithoutAccountsTheServerRefusesToStart() throws {
        for host in ["0.0.0.0", "::", "192.0.2.10", "homepwner.example"] {
            let folder = try TestDataFolder()
            var configuration = AppConfiguration(dataDirectory: folder.url)
            configuration.host = host
            configuration.port = 0
            configuration.accessLog = false
            do {
                let app = try HomepwnerApp(configuration: configuration)
                app.shutdown()
                Issue.record("started on \(host) without accounts")
            } catch let error as AppStartError {
                #expect(error.description.contains("--insecure-open"), "\(error)")
                #expect(error.description.contains("user add"), "\(error)")
            }
        }
    }

    /// DNS rebinding: a page of another site points its own name at 127.0.0.1 and calls Homepwner as
    /// "same origin". Open access goes only to addresses of this machine.
    @Test func openAccessIsOnlyForAddressesOfThisMachine() throws {
        let open = try SecuredApp(accounts: [])
        #expect(open.app.isOpenWithoutAccounts)
        let rebound = ["Host": "attacker.example:8093", "Origin": "http://attacker.example:8093", "Sec-Fetch-Site": "same-origin"]
        let created = try open.client.json("POST", "/api/v1/items", ["name": "rebind", "valueInDollars": 1], headers: rebound)
        #expect(created.status == 403, "\(created.text)")
        #expect(created.errorMessage?.contains("127.0.0.1") == true, "\(created.text)")
        let read = try open.client.get("/api/v1/items", headers: ["Host": "attacker.example", "Accept": "application/json"])
        #expect(read.status == 403)
        let page = try open.client.get("/", headers: ["Host": "attacker.example", "Accept": "text/html"])
        #expect(page.status == 403 && page.text.contains("setup link"), "\(page.status)")
        // The sign-in page and static files stay reachable at any name.
        #expect(try open.client.get("/signin", headers: ["Host": "attacker.example", "Accept": "text/html"]).status == 200)
        for host in ["127.0.0.1:8080", "localhost:8080", "localhost", "[::1]:8080", "192.168.1.20", ProcessInfo.processInfo.hostName] {
            let local = try open.client.get("/api/v1/items", headers: ["Host": host, "Accept": "application/json"])
            #expect(local.status == 200, "Host: \(host) → \(local.status)")
        }
    }

    @Test func offLoopbackItStartsWithAccountsOrWhenToldItIsOpen() throws {
        // --insecure-open: open to everyone (the loopback client here is served without signing in).
        let open = try SecuredApp(accounts: []) {
            $0.host = "0.0.0.0"
            $0.insecureOpen = true
        }
        #expect(open.app.isOpenWithoutAccounts)
        #expect(try open.client.get("/", headers: ["Accept": "text/html"]).status == 200)
        // With an account: starts, and nothing is open.
        let folder = try TestDataFolder()
        var configuration = AppConfiguration(dataDirectory: folder.url)
        configuration.port = 0
        configuration.accessLog = false
        let first = try HomepwnerApp(configuration: configuration)
        try first.accounts.create(name: "olivia", password: SecuredApp.password, role: .owner)
        first.shutdown()
        configuration.host = "0.0.0.0"
        let closed = try HomepwnerApp(configuration: configuration)
        defer { closed.shutdown() }
        #expect(closed.setupPath == nil)
        let client = HTTPTestClient(port: closed.port)
        #expect(try client.get("/", headers: ["Accept": "text/html"]).status == 303)
        #expect(try client.get("/api/v1/items").status == 401)
    }

    @Test func onLoopbackTheFirstRunIsOpenUntilTheSetupLinkMakesTheOwner() throws {
        let app = try SecuredApp(accounts: [])
        let setup = try #require(app.app.setupPath)
        #expect(setup.hasPrefix("/setup/") && setup.count >= 7 + 22)
        #expect(try app.client.get("/", headers: ["Accept": "text/html"]).status == 200, "open to the local user before any account")
        let page = try app.client.get(setup, headers: ["Accept": "text/html"])
        #expect(page.status == 200)
        // The form as the page sends it: its token, and the cookie that came with the page.
        let token = [("csrf", HTMLInspection.value(ofInput: "csrf", in: page.text) ?? "")]
        let cookie = ["Cookie": SecuredApp.setCookies(in: page).first { $0.contains("homepwner-form=") }?.split(separator: ";").first.map(String.init) ?? ""]
        // Another site cannot use the link (nor a typo'd one).
        let forged = try app.client.form(setup, [("name", "mallory"), ("password", "mallory password"), ("confirm", "mallory password")] + token,
                                         headers: cookie.merging(["Origin": "https://evil.example"]) { $1 })
        #expect(forged.status == 403)
        #expect(try app.client.form(setup + "x", [("name", "mallory"), ("password", "mallory password"), ("confirm", "mallory password")] + token,
                                    headers: cookie).status == 404)
        #expect(try app.app.accounts.count() == 0)
        let created = try app.client.form(setup, [("name", "olivia"), ("password", SecuredApp.password), ("confirm", SecuredApp.password)] + token,
                                          headers: cookie)
        #expect(created.status == 303)
        #expect(created.header("Set-Cookie")?.hasPrefix("homepwner-session=") == true)
        #expect(try app.app.accounts.account(named: "olivia")?.role == .owner)
        // Now closed, and the link is spent.
        #expect(try app.client.get("/", headers: ["Accept": "text/html"]).status == 303)
        #expect(try app.client.get("/api/v1/items").status == 401)
        #expect(try app.client.get(setup, headers: ["Accept": "text/html"]).status == 404)
        let again = try app.client.form(setup, [("name", "mallory"), ("password", "mallory password"), ("confirm", "mallory password")] + token,
                                        headers: cookie)
        #expect(again.status == 404)
        #expect(try app.app.accounts.count() == 1)
    }
}

/// An upload's body (up to 50 MB) is held in memory while it arrives: the server checks who is
/// sending it before reading any of it.
@Suite struct SecurityUploadAdmissionTests {
    /// Sends only the head of a 40 MB upload and returns what the server answers without the body:
    /// a server that waited for the body would time out (5 s) instead.
    static func answerToHead(_ app: SecuredApp, _ method: String, _ path: String, headers: [String: String] = [:]) throws -> TestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: 40000000\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return try app.client.sendRaw(Array((head + "\r\n").utf8), timeout: 5)
    }

    @Test func callersWhoMayNotUploadAreRefusedBeforeTheyCanSendTheBody() throws {
        let app = try SecuredApp()
        let editor = try app.token(for: "eddie")
        let created = try editor.json("POST", "/api/v1/items", ["name": "Camera"])
        let id = try #require((created.json as? [String: Any])?["id"] as? Int)
        let viewer = try app.token(for: "vera")

        let anonymous = try Self.answerToHead(app, "PUT", "/api/v1/items/\(id)/image", headers: ["Accept": "application/json"])
        #expect(anonymous.status == 401, "\(anonymous.text)")
        #expect(anonymous.errorMessage?.contains("Sign in") == true)
        let anonymousForm = try Self.answerToHead(app, "POST", "/items/\(id)/image")
        #expect(anonymousForm.status == 401)
        let forged = try Self.answerToHead(app, "PUT", "/api/v1/items/\(id)/image", headers: ["Authorization": "Bearer hp_forged"])
        #expect(forged.status == 401)
        let readOnly = try Self.answerToHead(app, "PUT", "/api/v1/items/\(id)/image", headers: ["Authorization": "Bearer \(viewer.token)"])
        #expect(readOnly.status == 403, "\(readOnly.text)")
        let session = try app.signIn("eddie")
        let crossSite = try Self.answerToHead(app, "POST", "/items/\(id)/image", headers: ["Cookie": session.cookie, "Origin": "http://evil.example"])
        #expect(crossSite.status == 403, "\(crossSite.text)")

        // An editor's upload is read and handled as before.
        let allowed = try editor.send("PUT", "/api/v1/items/\(id)/image", body: Array("not a photo".utf8))
        #expect(allowed.status == 415, "\(allowed.text)")
    }
}
