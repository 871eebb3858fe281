import Accounts
import App
import Clocks
import Foundation
import HTTPTestClient
import Testing

/// Sessions over HTTP: fixation, expiry, sign-out, password changes, removed accounts, tokens, and the
/// sign-in page itself (throttling, no enumeration).
@Suite struct SecuritySessionTests {
    @Test func signingInAlwaysMakesANewSessionId() throws {
        let app = try SecuredApp()
        // An id chosen by an attacker before sign-in is not the session after it.
        let planted = "AAAAAAAAAAAAAAAAAAAAAA"
        let victim = try app.signIn("olivia", cookie: "homepwner-session=\(planted)")
        #expect(victim.id != planted)
        #expect(try app.client.get("/", headers: ["Cookie": "homepwner-session=\(planted)"]).status == 303)
        // A real session of the attacker's, planted in the victim's browser, is never upgraded to the
        // victim's account: the sign-in either starts a new session (ending the planted one) or is refused.
        let attacker = try app.signIn("vera")
        let response = try app.postSignIn([("name", "olivia"), ("password", SecuredApp.password), ("next", "/")],
                                           headers: ["Cookie": attacker.cookie])
        #expect([303, 403].contains(response.status))
        if response.status == 303 {
            let cookie = response.header("Set-Cookie") ?? ""
            #expect(cookie.hasPrefix("homepwner-session=") && !cookie.contains(attacker.id))
            #expect(try app.app.accounts.caller(sessionID: attacker.id) == nil, "the planted session must not survive")
        }
        #expect(try app.app.accounts.caller(sessionID: attacker.id).map { $0.account.name } ?? "vera" == "vera")
        let attackerNow = try app.client.get("/users", headers: ["Cookie": attacker.cookie, "Accept": "text/html"])
        #expect(attackerNow.status != 200, "the attacker's cookie reached /users")
        let upgraded = try app.signIn("olivia")
        // Every sign-in, a different id; all 22 URL-safe characters (128 bits).
        let ids = try (0..<3).map { _ in try app.signIn("vera").id } + [victim.id, upgraded.id]
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 22 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } })
    }

    @Test func theSessionIdNeverReachesTheDatabase() throws {
        let app = try SecuredApp()
        let session = try app.signIn("olivia", remember: true)
        #expect(!app.databaseContains(session.id))
        #expect(!app.databaseContains(SecuredApp.password))
    }

    @Test func anExpiredSessionIsRefused() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.sessionIdleTimeout = 1; $0.clock = clock }
        let session = try app.signIn("eddie")
        #expect(try session.get("/").status == 200)
        clock.advance(by: 1.6)
        let page = try session.get("/")
        #expect(page.status == 303 && page.header("Location")?.hasPrefix("/signin") == true)
        #expect(try session.get("/api/v1/items", accept: "application/json").status == 401)
        #expect(try session.json("POST", "/api/v1/items", ["name": "Late"]).status == 401)
        #expect(try app.app.items.all().isEmpty)
    }

    @Test func signingOutEndsTheSessionOnTheServer() throws {
        let app = try SecuredApp()
        let session = try app.signIn("eddie")
        let other = try app.signIn("eddie")
        let response = try session.form("/signout", [])
        #expect(response.status == 303)
        #expect(response.header("Location") == "/signin")
        let cleared = response.header("Set-Cookie") ?? ""
        #expect(cleared.hasPrefix("homepwner-session=;") && cleared.contains("Max-Age=0"), "Set-Cookie: \(cleared)")
        // The old cookie, replayed (as a thief who copied it would), no longer works.
        #expect(try session.get("/").status == 303)
        #expect(try session.get("/api/v1/items", accept: "application/json").status == 401)
        #expect(try session.json("POST", "/api/v1/items", ["name": "After sign-out"]).status == 401)
        #expect(try app.app.accounts.caller(sessionID: session.id) == nil)
        #expect(try other.get("/").status == 200, "signing out in one browser leaves the others")
    }

    @Test func changingThePasswordEndsTheOtherSessions() throws {
        let app = try SecuredApp()
        let here = try app.signIn("eddie")
        let elsewhere = try app.signIn("eddie")
        // A wrong current password changes nothing.
        let wrong = try here.form("/account/password", [("current", "not my password"), ("password", "a new password 123")])
        #expect(wrong.status == 422)
        #expect(try elsewhere.get("/").status == 200)
        let changed = try here.form("/account/password", [("current", SecuredApp.password), ("password", "a new password 123")])
        #expect(changed.status == 303)
        let newCookie = try #require(changed.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        #expect(!newCookie.contains(here.id))
        #expect(try elsewhere.get("/").status == 303, "another browser is signed out")
        #expect(try here.get("/").status == 303, "the old id here too")
        #expect(try app.client.get("/", headers: ["Cookie": newCookie]).status == 200, "the new session works")
        #expect(throws: (any Error).self) { try app.signIn("eddie") }
        _ = try app.signIn("eddie", password: "a new password 123")
    }

    @Test func changingThePasswordOffersToRevokeTheAccountsTokens() throws {
        let app = try SecuredApp()
        let eddie = try app.signIn("eddie")
        let token = try app.token(for: "eddie", label: "Backup script")
        let page = try eddie.get("/account").text
        let offer = HTMLInspection.tags("input", in: page).first { HTMLInspection.attribute("name", of: $0) == "revoke-tokens" }
        #expect(offer != nil && page.contains("Also revoke"), "the password form offers to revoke the token")
        let changed = try eddie.form("/account/password", [("current", SecuredApp.password), ("password", "a new password 123"), ("revoke-tokens", "1")])
        #expect(changed.status == 303)
        #expect(try token.send("GET", "/api/v1/items").status == 401, "the revoked token still works")
        let newCookie = try #require(changed.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let after = try app.client.get(try #require(changed.header("Location")), headers: ["Cookie": newCookie, "Accept": "text/html"])
        #expect(after.text.contains("API tokens were revoked"), "\(after.text.prefix(1500))")
    }

    @Test func aPasswordChangeKeepsTheTokensWhenAsked() throws {
        let app = try SecuredApp()
        let eddie = try app.signIn("eddie")
        let token = try app.token(for: "eddie", label: "Backup script")
        let changed = try eddie.form("/account/password", [("current", SecuredApp.password), ("password", "a new password 123")])
        #expect(changed.status == 303)
        #expect(try token.send("GET", "/api/v1/items").status == 200)
    }

    /// A cookie planted for a longer path (or a parent domain) is sent first: "first wins" would let
    /// it choose whose session the browser uses.
    @Test func twoSessionCookiesAreRefusedRatherThanGuessedBetween() throws {
        let app = try SecuredApp()
        let olivia = try app.signIn("olivia")
        let vera = try app.signIn("vera")
        let both = "\(vera.cookie); \(olivia.cookie)"
        let api = try app.client.get("/api/v1/items", headers: ["Cookie": both, "Accept": "application/json"])
        #expect(api.status == 401 && api.errorCode == "ambiguous-session", "\(api.status) \(api.text.prefix(300))")
        #expect(api.errorMessage?.contains("cookies") == true)
        let page = try app.client.get("/users", headers: ["Cookie": both, "Accept": "text/html"])
        #expect(page.status == 401 && page.text.contains("two sign-ins"), "\(page.status)")
        #expect(try olivia.send("POST", "/api/v1/items", headers: ["Cookie": both, "Content-Type": "application/json"],
                                body: Array(#"{"name":"Whose?"}"#.utf8)).status == 401)
        // In two Cookie lines (as HTTP/2 proxies pass them on) just the same.
        let split = try app.client.sendRaw(Array("GET /api/v1/items HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: \(vera.cookie)\r\nCookie: \(olivia.cookie)\r\n\r\n".utf8))
        #expect(split.status == 401, "\(split.status)")
        // The same session twice is no doubt; and the sign-in page still opens, to start afresh.
        #expect(try app.client.get("/api/v1/items", headers: ["Cookie": "\(olivia.cookie); \(olivia.cookie)"]).status == 200)
        #expect(try app.client.get("/signin", headers: ["Cookie": both, "Accept": "text/html"]).status == 200)
        #expect(try app.app.items.all().isEmpty)
    }

    @Test func aRemovedAccountsSessionsAndTokensAreRefused() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("tess", .editor)])
        let tess = try app.signIn("tess")
        let token = try app.token(for: "tess")
        #expect(try token.send("GET", "/api/v1/items").status == 200)
        let olivia = try app.signIn("olivia")
        let tessID = try app.account("tess").id
        #expect(try olivia.form("/users/\(tessID)/remove", []).status == 200)
        let refused = try token.send("GET", "/api/v1/items")
        #expect(refused.status == 401)
        #expect(refused.errorCode == "invalid-token")
        #expect(try token.json("POST", "/api/v1/items", ["name": "Ghost"]).status == 401)
        #expect(try tess.get("/").status == 303)
        #expect(try tess.json("POST", "/api/v1/items", ["name": "Ghost"]).status == 401)
        #expect(try app.app.items.all().isEmpty)
    }

    @Test func tokensAreShownOnceStoredHashedAndRevocable() throws {
        let app = try SecuredApp()
        let vera = try app.signIn("vera")
        let created = try vera.form("/account/tokens", [("name", "Backup script")])
        #expect(created.status == 200)
        let secret = try #require(created.text.range(of: "hp_[A-Za-z0-9_-]{40,}", options: .regularExpression).map { String(created.text[$0]) })
        #expect(!app.databaseContains(secret))
        #expect(!app.databaseContains(String(secret.dropFirst(10))))
        let later = try vera.get("/account").text
        #expect(!later.contains(secret), "shown only once")
        #expect(later.contains("Backup script"))
        let bearer = BearerClient(client: app.client, token: secret)
        #expect(try bearer.send("GET", "/api/v1/items").status == 200)
        let id = try #require(try app.app.accounts.tokens(of: try app.account("vera")).first?.id)
        #expect(try vera.form("/account/tokens/\(id)/revoke", []).status == 200)
        #expect(try bearer.send("GET", "/api/v1/items").status == 401)
    }

    @Test func aTokenActsWithItsAccountsCurrentRole() throws {
        let app = try SecuredApp()
        let eddieToken = try app.token(for: "eddie")
        #expect(try eddieToken.json("POST", "/api/v1/items", ["name": "Before"]).status == 201)
        let olivia = try app.signIn("olivia")
        let eddieID = try app.account("eddie").id
        #expect(try olivia.form("/users/\(eddieID)", [("role", "viewer")]).status == 200)
        #expect(try eddieToken.json("POST", "/api/v1/items", ["name": "After demotion"]).status == 403)
        #expect(try app.app.items.all().map(\.name) == ["Before"])
        // Promoted to owner, the same token may now manage; demoted back, no longer.
        #expect(try olivia.form("/users/\(eddieID)", [("role", "owner")]).status == 200)
        #expect(try eddieToken.send("GET", "/users", headers: ["Accept": "text/html"]).status == 200)
        #expect(try olivia.form("/users/\(eddieID)", [("role", "editor")]).status == 200)
        #expect(try eddieToken.send("GET", "/users", headers: ["Accept": "text/html"]).status == 403)
    }

    @Test func credentialsInTheURLAreRefusedAndNeverAuthenticate() throws {
        let app = try SecuredApp()
        let token = try app.token(for: "olivia").token
        let session = try app.signIn("olivia")
        var problems: [String] = []
        for name in ["access_token", "token", "api_key", "apikey", "session", "bearer", "ACCESS_TOKEN", "Token"] {
            for path in ["/api/v1/items", "/", "/account", "/users", "/healthz", "/signin"] {
                for value in [token, session.id] {
                    let response = try app.client.get("\(path)?\(name)=\(value)")
                    if response.status != 400 { problems.append("\(path)?\(name)= → \(response.status)") }
                    if bytesContain(response.body, "olivia") && path != "/signin" { problems.append("\(path)?\(name)= showed the account") }
                }
            }
            // Not even beside another credential: the URL has leaked, refuse it.
            let withCookie = try session.get("/api/v1/items?\(name)=\(token)", accept: "application/json")
            if withCookie.status != 400 { problems.append("signed in + ?\(name)= → \(withCookie.status)") }
            let posted = try app.client.send("POST", "/api/v1/items?\(name)=\(token)", headers: ["Content-Type": "application/json"],
                                             body: Array(#"{"name":"From the URL"}"#.utf8))
            if posted.status != 400 { problems.append("POST ?\(name)= → \(posted.status)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // Other spellings are not credentials at all.
        for query in ["homepwner-session=\(session.id)", "authorization=Bearer%20\(token)", "Authorization=Bearer+\(token)"] {
            #expect(try app.client.get("/api/v1/items?\(query)").status == 401, "\(query)")
        }
        let body = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json"],
                                       body: Array(#"{"name":"From the body","access_token":"\#(token)"}"#.utf8))
        #expect(body.status == 401)
        #expect(try app.app.items.all().isEmpty)
        // The error tells a script author what to do instead.
        let advice = try app.client.get("/api/v1/items?access_token=\(token)")
        #expect(advice.errorCode == "credential-in-url")
        #expect(advice.errorMessage?.contains("Authorization") == true)
    }

    @Test func aWrongPasswordAndAnUnknownNameLookTheSame() throws {
        let app = try SecuredApp()
        let form = try app.signInForm()
        let known = try app.postSignIn([("name", "olivia"), ("password", "wrong password"), ("next", "/")], form: form)
        let unknown = try app.postSignIn([("name", "zelda1"), ("password", "wrong password"), ("next", "/")], form: form)
        #expect(known.status == 401 && unknown.status == 401)
        #expect(known.header("Set-Cookie") == nil && unknown.header("Set-Cookie") == nil)
        #expect(known.text.replacingOccurrences(of: "olivia", with: "NAME") == unknown.text.replacingOccurrences(of: "zelda1", with: "NAME"))
    }

    @Test func repeatedFailuresAreThrottledThenForgivenAfterTheWait() throws {
        let clock = TestClock()
        let app = try SecuredApp { $0.clock = clock }
        for attempt in 1...5 {
            let response = try app.postSignIn([("name", "vera"), ("password", "guess \(attempt)"), ("next", "/")])
            #expect(response.status == 401, "attempt \(attempt)")
        }
        // Now even the right password waits, here; another name from this address does not (yet).
        let blocked = try app.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", "/")])
        #expect(blocked.status == 429)
        #expect(blocked.header("Set-Cookie") == nil)
        let wait = try #require(blocked.header("Retry-After").flatMap(Int.init))
        #expect((1...30).contains(wait))
        let otherName = try app.postSignIn([("name", "olivia"), ("password", SecuredApp.password), ("next", "/")])
        #expect(otherName.status == 303)
        clock.advance(by: Double(wait) + 0.3)
        _ = try app.signIn("vera")
    }

    /// Behind the proxy every request comes from 127.0.0.1: one person's failures must not shut out
    /// everyone, so the address counted is the one the proxy forwarded.
    @Test func behindATrustedProxyEachClientIsThrottledOnItsOwn() throws {
        let app = try SecuredApp { $0.trustProxy = true }
        let guesser = ["X-Forwarded-For": "198.51.100.7, 203.0.113.5"]
        for attempt in 1...10 {
            let response = try app.postSignIn([("name", "made-up-\(attempt)"), ("password", "guess"), ("next", "/")], headers: guesser)
            #expect(response.status == 401, "attempt \(attempt)")
        }
        #expect(try app.postSignIn([("name", "someone"), ("password", "guess"), ("next", "/")], headers: guesser).status == 429)
        let owner = try app.postSignIn([("name", "olivia"), ("password", SecuredApp.password), ("next", "/")],
                                        headers: ["X-Forwarded-For": "203.0.113.77"])
        #expect(owner.status == 303, "\(owner.status)")
    }

    @Test func guessesAtTheCurrentPasswordAreThrottled() throws {
        let app = try SecuredApp()
        let session = try app.signIn("eddie")
        for attempt in 1...5 {
            let response = try session.form("/account/password", [("current", "guess \(attempt)"), ("password", "a new long password")])
            #expect(response.status == 422, "attempt \(attempt)")
        }
        let blocked = try session.form("/account/password", [("current", SecuredApp.password), ("password", "a new long password")])
        #expect(blocked.status == 429)
        #expect(blocked.header("Retry-After") != nil)
        #expect(try app.app.accounts.verify(name: "eddie", password: "a new long password") == nil, "nothing changed")
    }

    @Test func cookiesAreHttpOnlySameSiteLaxAndLastForTheBrowserSessionUnlessRemembered() throws {
        let app = try SecuredApp()
        let plain = try app.signIn("vera")
        let attributes = plain.setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(plain.cookieName == "homepwner-session")
        #expect(attributes.contains("HttpOnly"))
        #expect(attributes.contains("SameSite=Lax"))
        #expect(attributes.contains("Path=/"))
        #expect(!attributes.contains { $0.lowercased().hasPrefix("domain=") })
        #expect(!attributes.contains { $0.lowercased().hasPrefix("max-age") || $0.lowercased().hasPrefix("expires") }, "\(plain.setCookie)")
        #expect(!attributes.contains("Secure"), "plain HTTP: no Secure")
        let remembered = try app.signIn("vera", remember: true)
        #expect(remembered.setCookie.contains("Max-Age=604800"), "\(remembered.setCookie)")
        #expect(remembered.setCookie.contains("HttpOnly") && remembered.setCookie.contains("SameSite=Lax"))
    }

    @Test func behindATrustedProxyTheCookieIsSecure() throws {
        let trusting = try SecuredApp { $0.trustProxy = true }
        let https = try trusting.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", "/")],
                                             headers: ["X-Forwarded-Proto": "https"])
        let setCookie = https.header("Set-Cookie") ?? ""
        #expect(https.status == 303)
        #expect(setCookie.hasPrefix("__Host-homepwner-session=") && setCookie.contains("; Secure") && setCookie.contains("Path=/"), "\(setCookie)")
        #expect(!setCookie.lowercased().contains("domain="))
        #expect(https.header("Strict-Transport-Security") != nil)
        // Browsers behind the proxy send an https Origin: that is this site; the http one is not.
        let editor = try trusting.postSignIn([("name", "eddie"), ("password", SecuredApp.password), ("next", "/")],
                                              headers: ["X-Forwarded-Proto": "https"])
        let cookie = try #require(editor.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
        let account = try trusting.client.get("/account", headers: ["Cookie": cookie, "X-Forwarded-Proto": "https", "Accept": "text/html"])
        let csrf = try #require(SecuredApp.csrfToken(in: account.text))
        let host = "127.0.0.1:\(trusting.app.port)"
        for (origin, status) in [("https://\(host)", 201), ("http://\(host)", 403)] {
            let response = try trusting.client.send("POST", "/api/v1/items", headers: [
                "Cookie": cookie, "X-Forwarded-Proto": "https", "Origin": origin, "X-CSRF-Token": csrf, "Content-Type": "application/json",
            ], body: Array(#"{"name":"Proxied"}"#.utf8))
            #expect(response.status == status, "\(origin) → \(response.status) \(response.errorCode ?? "")")
        }
        // Plain HTTP through the same proxy: an ordinary cookie.
        let http = try trusting.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", "/")])
        #expect(http.header("Set-Cookie")?.hasPrefix("homepwner-session=") == true)
        // Without --trust-proxy the header is just a claim: ignored.
        let untrusting = try SecuredApp()
        let claimed = try untrusting.postSignIn([("name", "vera"), ("password", SecuredApp.password), ("next", "/")],
                                                 headers: ["X-Forwarded-Proto": "https"])
        #expect(claimed.header("Set-Cookie")?.hasPrefix("homepwner-session=") == true)
        #expect(claimed.header("Set-Cookie")?.contains("Secure") == false)
        #expect(claimed.header("Strict-Transport-Security") == nil)
    }
}
