import Accounts
import Foundation
import HTTPServer
import Messages

/// Decides who is calling and whether they may: a bearer token, else the session cookie, else — only
/// while there are no accounts and the server is open to the local user — open access. Then the
/// route's access level is checked, and every state change must come from this site: same-origin
/// (`Origin`, `Sec-Fetch-Site`) and with a token: the session's CSRF token, or before any session
/// (and while open) the form token of the page the form came from.
struct AccessMiddleware: Middleware {
    let accounts: AccountStore
    /// Whether the server serves everyone as the local owner while no account exists (loopback, or
    /// `--insecure-open`).
    let openWithoutAccounts: Bool
    /// Who calls in open access (seeing every library root): made once, not on every request.
    private let localOwner: Caller
    /// The local owner's account id, which no account has (ids start at 1): what it reads of a
    /// household is the first household's (`ReminderFactsReader`).
    static let localOwnerID = Account.ID(0)
    /// This computer's own names (`nas`, `nas.local`), looked up once: the lookup may ask DNS.
    private let ownNames: Set<String>

    init(accounts: AccountStore, openWithoutAccounts: Bool, allRoots: Set<String>) {
        self.accounts = accounts
        self.openWithoutAccounts = openWithoutAccounts
        localOwner = Caller(account: Account(id: Self.localOwnerID, name: "local", role: .owner, libraryGrants: allRoots, created: Date(timeIntervalSince1970: 0)),
                            csrfToken: nil, via: .openAccess)
        let hostName = ProcessInfo.processInfo.hostName.lowercased()
        ownNames = [hostName, "\(hostName).local"]
    }

    /// Query parameters that would carry a credential in a URL, where logs and history keep it.
    static let credentialParameters: Set<String> = ["access_token", "token", "api_key", "apikey", "session", "bearer"]

    func respond(to request: Request, next: any Responder) throws -> Response {
        var request = request
        try Self.refuseCredentialsInURL(request)
        guard let route = request.route else {
            return try next.respond(to: request)
        }
        request.caller = try identify(request, route: route)
        if route.access != .public {
            guard let caller = request.caller else { return try signInRequired(request) }
            try authorize(caller, for: route.access)
        }
        // Forms shown before any session (sign-in, setup) or while open to the local user carry a
        // token that must come back with the cookie sent beside the page. (Not looked for on photo,
        // style and script requests, which come all the time and show no form.)
        let secure = request.isSecure
        var sentFormToken: String?
        if route.access == .public || request.caller?.via == .openAccess, Self.mayShowForms(request) {
            sentFormToken = SiteCookie.form.value(in: request, secure: secure).only
            let token = sentFormToken ?? Secrets.token()
            request.formToken = token
            if let caller = request.caller, caller.via == .openAccess {
                request.caller = Caller(account: caller.account, csrfToken: token, via: .openAccess)
            }
        }
        if !request.method.isSafe, route.metadata[CrossSiteChange.self] != true || route.access != .public {
            try checkSameSite(request, route: route, formCookie: sentFormToken)
        }
        var response: Response
        do { response = try next.respond(to: request) } catch let error as any HTTPResponseError {
            // With the caller, so that its page or JSON is in the caller's language.
            throw CallersError(error: error, caller: request.caller)
        }
        if sentFormToken == nil, let token = request.formToken, response.headers["Content-Type"]?.hasPrefix("text/html") == true {
            response.headers.add("Set-Cookie", SiteCookie.form.set(token, secure: secure))
        }
        return response
    }

    /// Whether the answer may be a page with forms, or a change that must carry a form's token:
    /// navigations ask for HTML.
    private static func mayShowForms(_ request: Request) -> Bool {
        !request.method.isSafe || request.accepts("text/html")
    }

    /// Before the body of a request is read: whether this caller may call the route at all, from
    /// this site. (A session's CSRF token may travel in the body; it is checked with the rest, and
    /// the caller looked up again: a session may end while a long upload arrives.)
    func refusalBeforeBody(of request: Request) -> (any HTTPResponseError)? {
        do {
            try Self.refuseCredentialsInURL(request)
            guard let route = request.route, route.access != .public else { return nil }
            guard let caller = try identify(request, route: route) else { return Self.signInRequired }
            try authorize(caller, for: route.access)
            if !request.method.isSafe { try checkOrigin(request) }
            return nil
        } catch let error as any HTTPResponseError {
            return error
        } catch {
            // A database failure: the request goes on and meets it again, answered as any other.
            return nil
        }
    }

    /// The caller of a request whose body goes straight where it is kept as it arrives (a resumable
    /// upload's file: `RequestBodySinkOpener`), from the head alone: what `respond(to:)` checks, the
    /// session's CSRF token in its header (no body is read for it), so that no byte of a request it
    /// would refuse is written.
    func admittedCaller(of request: Request) throws -> Caller {
        try Self.refuseCredentialsInURL(request)
        guard let route = request.route, let caller = try identify(request, route: route) else { throw Self.signInRequired }
        try authorize(caller, for: route.access)
        if !request.method.isSafe {
            try checkOrigin(request)
            if caller.via == .session {
                guard let sent = request.headers["X-CSRF-Token"], let expected = caller.csrfToken, Secrets.equal(sent, expected) else {
                    throw AppError(.csrf, Message("error.access.csrf-header", "Send the page's CSRF token in the X-CSRF-Token header with every change; nothing was changed."))
                }
            }
        }
        return caller
    }

    private static func refuseCredentialsInURL(_ request: Request) throws(AppError) {
        if request.query.pairs.contains(where: { credentialParameters.contains($0.name.lowercased()) }) {
            throw AppError(.credentialInURL, Message("error.access.credential-in-url", "Credentials are never accepted in a URL, where logs and browser history keep them. Send an API token in the Authorization header: “Authorization: Bearer hp_…”."))
        }
    }

    private func identify(_ request: Request, route: Route) throws -> Caller? {
        // Static files and the health check: nobody to look up unless credentials came along.
        if route.access == .public, request.headers["Cookie"] == nil, request.headers["Authorization"] == nil { return nil }
        // Only bearer tokens are ours; another scheme (a proxy's Basic auth) is left alone.
        if let token = Self.bearerToken(in: request.headers["Authorization"]) {
            if let caller = try accounts.caller(apiToken: token) { return caller }
            if route.access == .public { return nil }
            var error = AppError(.invalidToken, Message("error.access.invalid-token", "This API token is not valid (it may have been revoked, or its account removed). Create a new one on your account page."))
            error.headers["WWW-Authenticate"] = "Bearer"
            throw error
        }
        switch SiteCookie.session.value(in: request, secure: request.isSecure) {
        case .one(let session):
            if let caller = try accounts.caller(sessionID: session) { return caller }
        case .ambiguous:
            // Public pages (sign-in above all) treat the browser as signed out.
            if route.access != .public { throw Self.ambiguousSession }
        case .none:
            break
        }
        if openWithoutAccounts, try !accounts.hasAccounts() {
            if namesThisMachine(request.headers["Host"]) { return localOwner }
            // Public pages (the setup link above all) still work at any address.
            if route.access != .public { throw Self.notALocalAddress(request.headers["Host"] ?? "") }
        }
        return nil
    }

    /// The token of `Authorization: Bearer …`; nil without the header or with another scheme.
    static func bearerToken(in authorization: String?) -> String? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    /// Whether the `Host` a browser sent names this machine: an IP address, `localhost`, or this
    /// computer's own name. A page of another site that points its name at this machine (DNS
    /// rebinding) always sends its own name, so it never gets open access.
    func namesThisMachine(_ host: String?) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        let name = if host.hasPrefix("[") { String(host.prefix { $0 != "]" }.dropFirst()) }
            else { String(host.prefix { $0 != ":" }) }
        var address = in6_addr()
        if name.contains(":") { return inet_pton(AF_INET6, name, &address) == 1 }
        if inet_pton(AF_INET, name, &address) == 1 { return true }
        return name == "localhost" || name.hasSuffix(".localhost") || ownNames.contains(name)
    }

    static func notALocalAddress(_ host: String) -> AppError {
        AppError(.hostNotLocal, Message("error.access.host-not-local", "Without accounts, Homepwner is open only at an address of this computer, such as http://127.0.0.1 or http://localhost, not at “\(host)”: a page of another site can point such a name at your computer. Use that address, or create the owner account with the setup link Homepwner printed when it started.", ["host": .text(host)]))
    }

    static let ambiguousSession: AppError = {
        var error = AppError(.ambiguousSession, Message("error.access.two-sessions", "Your browser sent two sign-ins for Homepwner (two session cookies, one perhaps planted by another site), so nobody is signed in on this request. Clear this site’s cookies in your browser’s settings, then sign in again."))
        error.headers["WWW-Authenticate"] = "Bearer"
        return error
    }()

    private func authorize(_ caller: Caller, for access: RouteAccess) throws {
        let allowed = switch access {
        case .public, .read, .account: true
        case .write: caller.account.role >= .editor
        case .manage: caller.account.role == .owner
        }
        guard allowed else { throw Self.forbidden(access) }
    }

    /// The refusal of a route to a caller whose role is below what the route asks.
    static func forbidden(_ access: RouteAccess) -> AppError {
        AppError(.forbidden, access == .manage
            ? Message("error.access.owners-only", "Only an owner can manage accounts. Ask an owner of this Homepwner.")
            : Message("error.access.viewers-look", "Your account can look but not change things here. Ask an owner for an editor account."))
    }

    /// Pages send people to sign in (and back); the API answers 401.
    private func signInRequired(_ request: Request) throws -> Response {
        guard !request.prefersJSON, request.method == .get || request.method == .head else { throw Self.signInRequired }
        let query = request.query.pairs.map { "\(Self.escaped($0.name))=\(Self.escaped($0.value))" }.joined(separator: "&")
        let next = request.path + (query.isEmpty ? "" : "?\(query)")
        return .redirect(to: AccountRoutes.signIn(escapedNext: Self.escaped(next)))
    }

    static let signInRequired: AppError = {
        var error = AppError(.signInRequired, Message("error.access.sign-in", "Sign in first, or send an API token: “Authorization: Bearer hp_…”."))
        error.headers["WWW-Authenticate"] = "Bearer"
        return error
    }()

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? ""
    }

    /// A change must come from this site's own pages (or from an API client, which sends no
    /// browser headers and carries a token the browser never adds by itself).
    private func checkSameSite(_ request: Request, route: Route, formCookie: String?) throws {
        try checkOrigin(request)
        switch request.caller?.via {
        case .apiToken?:
            return
        case .session? where route.access != .public:
            guard let sent = Self.csrfToken(in: request), let expected = request.caller?.csrfToken, Secrets.equal(sent, expected) else {
                throw AppError(.csrf, Message("error.access.csrf-form", "This form has expired or did not come from Homepwner, so nothing was changed. Reload the page and try again."))
            }
        default:
            // Sign-in and setup (before any session), and open access: the token of the form's page,
            // matched against its cookie. A browser sends JSON, PUT, PATCH or DELETE to another site
            // only after asking (a CORS preflight, which Homepwner never grants): scripts need none.
            guard route.access == .public || Self.canBeSentAcrossSites(request) else { return }
            guard let sent = Self.csrfToken(in: request), let expected = formCookie, Secrets.equal(sent, expected) else {
                throw request.prefersJSON ? Self.sendJSON : Self.formExpired
            }
        }
    }

    /// What any page may make a browser send to any site: a form post, or a script's POST of the
    /// same types — never with a header of its own such as tus's `Tus-Resumable` (a browser asks
    /// first for that: a CORS preflight, never granted).
    static func canBeSentAcrossSites(_ request: Request) -> Bool {
        request.method == .post && [nil, "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].contains(request.contentType)
            && request.headers["Tus-Resumable"] == nil
    }

    static let formExpired = AppError(.formExpired, Message("error.access.form-expired", "This form had expired (or came from another site), so nothing was sent on. Reload the page and try again."))
    static let sendJSON = AppError(.formExpired, Message("error.access.send-json", "A form or plain-text POST needs the token of the Homepwner page it came from (another site’s page could send one). A script should send JSON, with Content-Type: application/json."))

    /// The browser's own word on where a request came from: `Sec-Fetch-Site` and `Origin`.
    private func checkOrigin(_ request: Request) throws {
        if let site = request.headers["Sec-Fetch-Site"], site != "same-origin", site != "none" {
            throw Self.crossSite
        }
        if let origin = request.headers["Origin"] {
            guard let host = request.headers["Host"], origin == "\(request.isSecure ? "https" : "http")://\(host)" else { throw Self.crossSite }
        }
    }

    static let crossSite = AppError(.crossSite, Message("error.access.cross-site", "Changes can only be made from Homepwner’s own pages; this request came from another site, so nothing was changed."))

    /// The token from the `X-CSRF-Token` header, or a form's `csrf` field.
    static func csrfToken(in request: Request) -> String? {
        if let header = request.headers["X-CSRF-Token"] { return header }
        switch request.contentType {
        case "application/x-www-form-urlencoded":
            return FormFields(urlEncoded: request.body)?["csrf"]
        case "multipart/form-data":
            return MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "")?
                .part(named: "csrf").map { String(decoding: $0.body, as: UTF8.self) }
        default:
            return nil
        }
    }
}

extension CharacterSet {
    /// What may stand unescaped in a query value.
    static let urlQueryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))
}
