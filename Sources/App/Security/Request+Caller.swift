import Accounts
import HTTPServer
import Localization
import Messages

/// Where middleware leaves the caller for the handlers after it.
enum CallerKey: RequestContextKey {
    typealias Value = Caller
}

/// Where middleware leaves the token for forms shown before any session.
enum FormTokenKey: RequestContextKey {
    typealias Value = String
}

extension Request {
    /// Who is calling, once the access middleware has checked; nil for public routes called anonymously.
    var caller: Caller? {
        get { context[CallerKey.self] }
        set { context[CallerKey.self] = newValue }
    }

    /// The token a form shown to someone without a session (sign-in, setup, open access) carries;
    /// its cookie goes out with the page.
    var formToken: String? {
        get { context[FormTokenKey.self] }
        set { context[FormTokenKey.self] = newValue }
    }

    /// The caller's own account: none in open access (no accounts yet), which pages and API calls about
    /// an account answer with `404 no-account`.
    func signedInCaller() throws -> Caller {
        guard let caller, caller.via != .openAccess else {
            throw AppError(.noAccount, Message("error.account.none-yet", "There are no accounts yet: Homepwner is open to you on this computer. Use the setup link it printed to create the owner account."))
        }
        return caller
    }

    /// `Cache-Control` for a photo's immutable files: kept for good while Homepwner is open to
    /// everyone. Once accounts guard it, `private` (no shared cache keeps a copy someone else could
    /// get) and `no-cache`: the browser asks again each time, so a copy is no use after signing out,
    /// and the ETag makes the answer to a photo it already holds a bodiless 304.
    var photoCacheControl: String {
        let via = caller?.via
        return via == nil || via == .openAccess ? "public, max-age=31536000, immutable" : "private, no-cache"
    }

    /// The language this request's pages are in: `?lang=`, else the account's choice, else the browser's.
    var pageLanguage: LanguageTag {
        language(among: .bundled, accountLanguage: caller.flatMap { $0.account.language }.flatMap(Localization.bundled.language(named:)))
    }

    /// The page context for this request: the site's plus who is signed in and the words of the
    /// language the request is in (`?lang=`, else the account's choice, else the browser's).
    func pageContext(_ site: PageContext) -> PageContext {
        var page = site
        page.keepsOfflineCopy = site.offlineCopySwitch?.isOn ?? true
        page.localizer = Localization.bundled.localizer(for: pageLanguage)
        guard let caller else { return page }
        page.userName = caller.via == .openAccess ? nil : caller.account.name
        page.accountID = caller.account.id.description
        page.csrfToken = caller.csrfToken
        page.canEdit = caller.account.role >= .editor
        page.canManage = caller.account.role == .owner
        return page
    }
}
