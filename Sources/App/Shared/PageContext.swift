import Localization

/// What every page needs besides its own content: the content-hashed URLs of the stylesheet, script
/// and icons, whether devices keep an offline copy, and who is signed in (with the CSRF token their forms carry).
struct PageContext: Sendable {
    let stylesheet: String
    let script: String
    let icon: String
    /// The PNG icons iOS asks for (`apple-touch-icon`), by size, and the 32-pixel favicon.
    var appleTouchIcons: [(size: Int, url: String)] = []
    var faviconPNG: String? = nil
    /// The devices' offline copy's switch (the inventory's setting); nil: on.
    var offlineCopySwitch: OfflineCopySwitch? = nil
    /// Whether this page may be kept in the device's offline copy: the switch, as this page was made.
    var keepsOfflineCopy = true
    /// The signed-in account's id (0 for the local user of an open server): the service worker keeps
    /// the offline copy under it (another account's pages are never shown to this one), and the
    /// outbox sends a capture only while the account that took it is signed in.
    var accountID: String? = nil
    /// A page shown to someone signed out (sign-in, setup): it tells the service worker to forget
    /// the offline copy (its head names an empty account).
    var isSignedOut = false

    /// This context for a page shown to someone signed out.
    var signedOut: PageContext {
        var context = self
        context.isSignedOut = true
        return context
    }
    /// The signed-in account's name; nil when nobody is (or when the server is open to the local user).
    var userName: String? = nil
    /// The session's CSRF token, put in every form and in a meta tag for scripts.
    var csrfToken: String? = nil
    /// Whether the caller may change items and photos (editors and owners).
    var canEdit = true
    /// Whether the caller manages accounts (owners).
    var canManage = true
    /// The words of the page's language (`Request.language`); US English for a page made without a request.
    var localizer = Localization.bundled.localizer(for: .template)

    /// Dates, numbers and money in the page's language (US English's for a page made without a request,
    /// or not translated yet: `inTemplateLanguage`).
    var format: DisplayFormat { DisplayFormat(words: localizer) }

    /// The message `key` in the page's language.
    func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String { localizer.text(key, arguments) }

    /// The same in US English: for a page whose own words are not translated yet, so that all of it,
    /// and its `lang`, is in the one language it is written in (a screen reader reads it by `lang`).
    var inTemplateLanguage: PageContext {
        var context = self
        context.localizer = Localization.bundled.localizer(for: .template)
        return context
    }
}
