import Accounts
import Foundation
import HTTPServer
import Inventory
import Localization
import Messages

/// Signing in and out, first-run setup, your own account, and (for owners) everyone's.
struct AccountPageHandlers: Sendable {
    let accounts: AccountStore
    let throttle: SignInThrottle
    let site: PageContext
    /// Library roots, for grants.
    let roots: [String]
    /// Whether the server e-mails reminders (`serve --smtp-url`): the account page says when it does not.
    var sendsReminderMail = false

    func register(in router: inout AppRouter) {
        router.get(AccountRoutes.signIn, access: .public) { request in try signInPage(request) }
        // Nothing in these forms comes near 16 kB: a longer body (a megabyte-long "name") is refused
        // before it is read.
        router.post(AccountRoutes.signIn, isSlow: true, access: .public) { request in try signIn(request) }
        router.post(AccountRoutes.signOut, access: .account) { request in try signOut(request) }
        router.get(AccountRoutes.setup, access: .public) { request in try setupPage(request) }
        router.post(AccountRoutes.setup, isSlow: true, access: .public) { request in try setUp(request) }
        router.get(AccountRoutes.account, access: .account) { request in try accountPage(request) }
        router.post(AccountRoutes.password, maxBodySize: Self.formBodyLimit, isSlow: true, access: .account) { request in try changePassword(request) }
        router.post(AccountRoutes.tokens, access: .account) { request in try createToken(request) }
        router.post(AccountRoutes.revokeToken, access: .account) { request in try revokeToken(request) }
        router.post(AccountRoutes.calendar, access: .account) { request in try makeCalendarFeed(request) }
        router.post(AccountRoutes.language, access: .account) { request in try setLanguage(request) }
        router.get(AccountRoutes.users, access: .manage) { request in
            try usersPage(request, message: UsersPage.offlineCopyNotice(request.query["offline-copy"], request.pageContext(site).localizer))
        }
        router.post(AccountRoutes.users, isSlow: true, access: .manage) { request in try addUser(request) }
        router.post(AccountRoutes.user, access: .manage) { request in try updateUser(request) }
        router.post(AccountRoutes.removeUser, access: .manage) { request in try removeUser(request) }
    }

    /// A password form is a few short fields; anything larger is refused before it is read.
    static let formBodyLimit = 16 * 1024

    /// Runs a form's action; an account error it throws is shown on the form's own page, with its
    /// status, rather than as an error page: the one way every account form reports what to fix.
    private func showingErrors(on page: (AccountError) throws -> Response, _ action: () throws -> Response) throws -> Response {
        do {
            return try action()
        } catch let error as AccountError {
            return try page(error)
        }
    }

    /// The words of the request's language.
    private func words(_ request: Request) -> Localizer { Localization.bundled.localizer(for: request.pageLanguage) }

    /// What an account error says, in the request's language.
    private func said(_ error: AccountError, _ request: Request) -> String { DisplayFormat(words: words(request)).text(error.wording) }

    /// A page for someone not signed in, in the language their browser asks for (or `?lang=`).
    private func signedOut(_ request: Request) -> PageContext {
        var context = site.signedOut
        context.localizer = words(request)
        return context
    }

    // MARK: Sign in and out

    private func signInPage(_ request: Request, name: String = "", next requested: String? = nil, message: String? = nil,
                            status: HTTPStatus = .ok) throws -> Response {
        let next = Self.safeNext(requested ?? request.query["next"] ?? SiteRoutes.home)
        if message == nil, request.caller?.via == .session { return .redirect(to: next) }
        let page = SignInPage(next: next, name: name, formToken: request.formToken, message: message, context: signedOut(request))
        return .html(page.document().renderedBytes(), status: status)
    }

    private func signIn(_ request: Request) throws -> Response {
        let fields = try request.formFields()
        let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespaces)
        let password = fields["password"] ?? ""
        let next = Self.safeNext(fields["next"] ?? SiteRoutes.home)
        let outcome = try attempt(name: name, password: password, request: request)
        switch outcome {
        case .wait(let wait):
            return try tooManyFailures(wait, in: request, page: { try signInPage(request, name: name, next: next, message: $0, status: .tooManyRequests) })
        case .failed:
            return try signInPage(request, name: name, next: next, message: words(request).text("account.signin.failed"), status: .unauthorized)
        case .succeeded(let account):
            return try startSession(for: account, remember: fields["remember"] == "1", replacing: request, then: next)
        }
    }

    /// Checks a password through the sign-in throttle. A name longer than any account's fails at
    /// once, without a password check; a browser that has signed in as `name` before is counted on
    /// its own, so strangers' guesses do not slow it.
    private func attempt(name: String, password: String, request: Request) throws -> SignInThrottle.Outcome<Account> {
        let possible = name.count <= AccountStore.maximumNameLength
        let device = SiteCookie.device.value(in: request, secure: request.isSecure).only
        let known = try possible && device.map { try accounts.isKnownDevice($0, for: name) } == true
        let attempt = SignInThrottle.Attempt(name: possible ? name : "", address: request.clientAddress, knownDevice: known ? device : nil)
        let outcome = try throttle.attempt(attempt) { possible ? try accounts.verify(name: name, password: password) : nil }
        if let burst = throttle.takeBurstReport() {
            FileHandle.standardError.write(Data("homepwner: \(burst). Browsers that signed in before are not slowed; sign-ins from others are.\n".utf8))
        }
        return outcome
    }

    /// 429 with `Retry-After`, and a page that says how long and why.
    private func tooManyFailures(_ wait: SignInThrottle.Wait, in request: Request, nothingChanged: Bool = false,
                                 page: (String) throws -> Response) throws -> Response {
        let seconds = Int(wait.seconds.rounded(.up))
        let key = wait.isServerWide ? "account.signin.wait-everyone" : "account.signin.wait"
        var response = try page(words(request).text(nothingChanged ? key + "-nothing-changed" : key, ["count": .count(seconds)]))
        response.headers["Retry-After"] = String(seconds)
        return response
    }

    /// A fresh session id at every sign-in, so an id planted before it (session fixation) is
    /// worthless; the browser is remembered for the sign-in throttle.
    private func startSession(for account: Account, remember: Bool, replacing request: Request, then next: String) throws -> Response {
        let secure = request.isSecure
        for old in SiteCookie.session.value(in: request, secure: secure).all { try accounts.endSession(id: old) }
        let session = try accounts.startSession(for: account, remember: remember)
        let device = try accounts.rememberDevice(SiteCookie.device.value(in: request, secure: secure).only, for: account)
        var response = Response.redirect(to: next)
        response.headers.add("Set-Cookie", SiteCookie.session.set(session.id, secure: secure, maxAge: remember ? Int(accounts.idleTimeout) : nil))
        response.headers.add("Set-Cookie", SiteCookie.device.set(device, secure: secure, maxAge: Int(AccountStore.deviceLifetime)))
        return response
    }

    private func signOut(_ request: Request) throws -> Response {
        for session in SiteCookie.session.value(in: request, secure: request.isSecure).all { try accounts.endSession(id: session) }
        var response = Response.redirect(to: AccountRoutes.signIn.url())
        response.headers.add("Set-Cookie", SiteCookie.session.clear(secure: request.isSecure))
        return response
    }

    /// Only a path on this site: never another host (`//evil`, `https://…`, `/\evil`) or a header break.
    static func safeNext(_ next: String) -> String {
        guard next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
              !next.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\\" }),
              next.utf8.count <= 2048 else { return SiteRoutes.home }
        return next
    }

    // MARK: First-run setup

    private func setupPage(_ request: Request, name: String = "", message: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let token = request.parameters["token"] ?? ""
        guard try accounts.isValidSetupToken(token) else { throw Self.setupExpired }
        let page = SetupPage(actionURL: AccountRoutes.setup(token), name: name, formToken: request.formToken, message: message, context: signedOut(request))
        return .html(page.document().renderedBytes(), status: status)
    }

    private func setUp(_ request: Request) throws -> Response {
        let token = request.parameters["token"] ?? ""
        guard try accounts.isValidSetupToken(token) else { throw Self.setupExpired }
        let fields = try request.formFields()
        let name = fields["name"] ?? "", password = fields["password"] ?? ""
        guard password == fields["confirm"] else {
            return try setupPage(request, name: name, message: words(request).text("account.setup.passwords-differ"), status: .unprocessableContent)
        }
        return try showingErrors(on: { try setupPage(request, name: name, message: said($0, request), status: $0.status) }) {
            guard let owner = try accounts.completeSetup(token: token, name: name, password: password, libraryGrants: Set(roots)) else {
                throw Self.setupExpired
            }
            return try startSession(for: owner, remember: false, replacing: request, then: SiteRoutes.home)
        }
    }

    static let setupExpired = AppError(.setupLinkExpired, Message("error.account.setup-expired", "This setup link has been used or has expired (links last an hour). Restart homepwner serve to print a new one, or sign in."))

    // MARK: Your account

    private func accountPage(_ request: Request, newToken: String? = nil, newCalendarURL: String? = nil, message: String? = nil, error: String? = nil,
                             status: HTTPStatus = .ok) throws -> Response {
        let caller = try request.signedInCaller()
        let tokens = try accounts.tokens(of: caller.account)
        let page = AccountPage(account: caller.account, tokens: tokens, newToken: newToken,
                               message: message ?? Self.passwordChanged(request.query["password"], keptTokens: !tokens.isEmpty, words(request)), error: error,
                               failedSignIns: failedSignIns(for: caller, request), calendarCreated: try accounts.calendarFeedCreated(of: caller.account.id),
                               newCalendarURL: newCalendarURL, calendarOff: try accounts.reminderKindsOff(.calendar, for: caller.account.id),
                               calendarKindsSaved: request.query["reminder-calendar"] == "saved",
                               reminderMail: ReminderMailSection(email: try accounts.email(of: caller.account.id), sends: sendsReminderMail,
                                                                 off: try accounts.reminderKindsOff(.mail, for: caller.account.id),
                                                                 digest: try accounts.reminderDigestWeekday(for: caller.account.id).flatMap(Weekday.init(rawValue:)),
                                                                 saved: request.query["reminder-mail"] == "saved",
                                                                 emailRefused: request.query["reminder-mail"] == "refused", csrfToken: request.pageContext(site).csrfToken,
                                                                 words: words(request)),
                               language: AccountLanguageSection(chosen: caller.account.language.flatMap(Localization.bundled.language(named:)),
                                                                browsers: request.language(among: .bundled),
                                                                saved: request.query["language"] == "saved", csrfToken: request.pageContext(site).csrfToken,
                                                                words: words(request)),
                               context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: status)
    }

    /// What `/account?password=…` says after a change (fixed texts: the address cannot put words in it).
    static func passwordChanged(_ outcome: String?, keptTokens: Bool, _ words: Localizer) -> String? {
        switch outcome {
        case "changed": words.text(keptTokens ? "account.password.changed-tokens-kept" : "account.password.changed")
        case "changed-tokens-revoked": words.text("account.password.changed-tokens-revoked")
        default: nil
        }
    }

    /// The latest burst of failed sign-ins, for owners, in the request's language: its day and times
    /// of day in UTC, as every time a page writes.
    private func failedSignIns(for caller: Caller, _ request: Request) -> String? {
        guard caller.account.role == .owner, let burst = throttle.latestBurst() else { return nil }
        let words = words(request), format = DisplayFormat(words: words)
        var arguments: [String: MessageArgument] = [
            "count": .count(burst.count), "names": .count(burst.names), "addresses": .count(burst.addresses),
            "namesMore": .text(burst.namesCapped ? "yes" : "no"), "addressesMore": .text(burst.addressesCapped ? "yes" : "no"),
        ]
        let (from, to) = (format.dayAndTime(burst.first), format.dayAndTime(burst.last))
        guard from != to else {
            arguments["time"] = .text(to)
            return words.text("account.failed-sign-ins.at", arguments)
        }
        arguments["from"] = .text(from)
        arguments["to"] = .text(to)
        return words.text("account.failed-sign-ins.between", arguments)
    }

    private func changePassword(_ request: Request) throws -> Response {
        guard let caller = request.caller, caller.via == .session else { return try accountPage(request) }
        let fields = try request.formFields()
        // Throttled as sign-ins are: a stolen session must not become a way to guess the password.
        switch try attempt(name: caller.account.name, password: fields["current"] ?? "", request: request) {
        case .wait(let wait):
            return try tooManyFailures(wait, in: request, nothingChanged: true, page: { try accountPage(request, error: $0, status: .tooManyRequests) })
        case .failed:
            return try accountPage(request, error: words(request).text("account.password.current-wrong"), status: .unprocessableContent)
        case .succeeded:
            break
        }
        let revoking = fields["revoke-tokens"] == "1"
        return try showingErrors(on: { try accountPage(request, error: said($0, request), status: $0.status) }) {
            try accounts.setPassword(name: caller.account.name, password: fields["password"] ?? "", revokingTokens: revoking)
            // Every session ended with the old password; start a new one here.
            return try startSession(for: caller.account, remember: false, replacing: request,
                                    then: AccountRoutes.account(passwordNotice: revoking ? "changed-tokens-revoked" : "changed"))
        }
    }

    private func createToken(_ request: Request) throws -> Response {
        // Only a signed-in person makes tokens: a leaked token must not be able to outlive its revocation.
        guard let caller = request.caller, caller.via == .session else {
            throw AppError(.sessionRequired, Message("error.account.token-needs-session", "API tokens are made on the account page while signed in, not with another token."))
        }
        return try showingErrors(on: { try accountPage(request, error: said($0, request), status: $0.status) }) {
            let (secret, _) = try accounts.createToken(for: caller.account, name: try request.formFields()["name"] ?? "")
            return try accountPage(request, newToken: secret)
        }
    }

    private func makeCalendarFeed(_ request: Request) throws -> Response {
        guard let caller = request.caller, caller.via != .openAccess else { return try accountPage(request) }
        let token = try accounts.newCalendarFeed(for: caller.account.id)
        return try accountPage(request, newCalendarURL: request.siteURL(ReminderRoutes.calendar(token)))
    }

    /// The language form: a shipped language, or "" for the browser's.
    private func setLanguage(_ request: Request) throws -> Response {
        guard let caller = request.caller, caller.via != .openAccess else { return try accountPage(request) }
        var input = AccountInput(), problems: [FieldError] = []
        AccountInput.schema.read(form: ["language": try request.formFields()["language"] ?? ""], into: &input, context: InputContext(), problems: &problems)
        guard problems.isEmpty, let language = input.language else {
            return try accountPage(request, error: problems.first?.message ?? words(request).text("account.language.choose"), status: .unprocessableContent)
        }
        try accounts.setLanguage(language?.tag, of: caller.account.id)
        return .redirect(to: AccountRoutes.account.url() + "?language=saved#language-title")
    }

    private func revokeToken(_ request: Request) throws -> Response {
        guard let caller = request.caller else { return try accountPage(request) }
        return try showingErrors(on: { try accountPage(request, error: said($0, request), status: $0.status) }) {
            guard let id = Int64(request.parameters["id"] ?? "").map({ APITokenInfo.ID($0) }) else { throw AccountError.tokenNotFound }
            try accounts.revokeToken(id: id, of: caller.account)
            return try accountPage(request, message: words(request).text("account.token.revoked"))
        }
    }

    // MARK: Everyone's accounts (owners)

    private func usersPage(_ request: Request, message: String? = nil, error: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let page = UsersPage(accounts: try accounts.all(), roots: roots, message: message, error: error,
                             failedSignIns: request.caller.flatMap { failedSignIns(for: $0, request) }, context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: status)
    }

    private func addUser(_ request: Request) throws -> Response {
        let fields = try request.formFields()
        return try showingErrors(on: { try usersPage(request, error: said($0, request), status: $0.status) }) {
            let role = Role(rawValue: fields["role"] ?? "") ?? .viewer
            let account = try accounts.create(name: fields["name"] ?? "", password: fields["password"] ?? "", role: role)
            return try usersPage(request, message: words(request).text("account.users.added", ["name": .text(account.name), "role": .text(account.role.name(words(request)))]))
        }
    }

    /// The account `/users/{id}` names; 404 when there is none.
    private func account(in request: Request) throws -> Account {
        guard let account = try Int64(request.parameters["id"] ?? "").flatMap({ try accounts.account(id: Account.ID($0)) }) else {
            throw AppError(.accountNotFound, Message("error.account.not-found", "There is no such account."))
        }
        return account
    }

    private func updateUser(_ request: Request) throws -> Response {
        let account = try account(in: request)
        let fields = try request.formFields()
        return try showingErrors(on: { try usersPage(request, error: said($0, request), status: $0.status) }) {
            if let role = fields["role"].flatMap(Role.init(rawValue:)), role != account.role {
                try accounts.setRole(name: account.name, role: role)
            }
            try accounts.setLibraryGrants(name: account.name, roots: Set(fields.all("library").filter(roots.contains)))
            return try usersPage(request, message: words(request).text("account.users.saved", ["name": .text(account.name)]))
        }
    }

    private func removeUser(_ request: Request) throws -> Response {
        let account = try account(in: request)
        return try showingErrors(on: { try usersPage(request, error: said($0, request), status: $0.status) }) {
            try accounts.remove(name: account.name)
            return try usersPage(request, message: words(request).text("account.users.removed", ["name": .text(account.name)]))
        }
    }
}
