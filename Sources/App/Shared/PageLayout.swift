import HTML
import Localization

/// The frame every page shares: head, top bar, content.
struct PageLayout {
    let title: String
    let context: PageContext
    /// What the page is, for CSS (`items`, `detail`, …).
    let pageClass: String
    let bar: TopBar
    let content: HTMLNode
    /// Whether the page's own words come from the catalogues. Only then is it in the request's
    /// language; a page not translated yet is in US English throughout, the account strip too.
    var translated = false

    func document() -> HTMLDocument {
        let context = translated ? context : context.inTemplateLanguage
        return HTMLDocument(html(.lang(context.localizer.language.tag), .dir(context.localizer.language.direction)) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                meta(.name("color-scheme"), .content("light dark"))
                HTML.title("\(title) — Homepwner")
                link(.rel("stylesheet"), .href(context.stylesheet))
                link(.rel("icon"), .href(context.icon), .type("image/svg+xml"))
                if let favicon = context.faviconPNG { link(.rel("icon"), .href(favicon), .type("image/png"), .sizes("32x32")) }
                installedApp
                if let token = context.csrfToken { meta(.name("csrf-token"), .content(token)) }
                if let account = context.accountID ?? (context.isSignedOut ? "" : nil) { meta(.name("account"), .content(account)) }
                meta(.name("offline-copy"), .content(context.keepsOfflineCopy ? "on" : "off"))
                script(src: context.script)
            }
            body(.class("page-\(pageClass)")) {
                bar.with(status: [OfflineCopyStatus(context: context).node]).node(siteButtons: [OutboxButton(context: context).node])
                AccountStrip(context: context).node
                main(.id("content"), .class("content")) { content }
                div(.id("toast"), .class("toast"), .role("status"), .aria("live", "polite")) {}
                AppUpdateNotice.node
                if translated { PageWords(prefix: "site.script.", keys: Self.uploadScriptKeys, words: context.localizer, id: "site-words").node }
            }
        })
    }
}

extension PageLayout {
    /// The upload script's words (`tus-client.js`, which the outbox runs on every page).
    static let uploadScriptKeys = ["upload.script.start-answered", "upload.script.ask-answered", "upload.script.remove-answered", "upload.script.send-answered"]

    /// What makes the site an app on a phone's home screen: the manifest (Android), the colours of
    /// the status bar in each scheme, iOS's icons and its window without Safari's bars. The status
    /// bar stays `default` (dark text on its own light bar): `black-translucent` would draw white text
    /// over the light top bar.
    @HTMLBuilder private var installedApp: [HTMLNode] {
        link(.rel("manifest"), .href(OfflineAppRoutes.manifest.url()))
        meta(.name("service-worker"), .content(OfflineAppRoutes.serviceWorker.url()))
        meta(.name("theme-color"), .media("(prefers-color-scheme: light)"), .content(AppColours.themeLight))
        meta(.name("theme-color"), .media("(prefers-color-scheme: dark)"), .content(AppColours.themeDark))
        for icon in context.appleTouchIcons {
            link(.rel("apple-touch-icon"), .sizes("\(icon.size)x\(icon.size)"), .href(icon.url))
        }
        meta(.name("mobile-web-app-capable"), .content("yes"))
        meta(.name("apple-mobile-web-app-capable"), .content("yes"))
        meta(.name("apple-mobile-web-app-title"), .content("Homepwner"))
        meta(.name("apple-mobile-web-app-status-bar-style"), .content("default"))
    }
}

/// The navigation bar at the top: an optional back link, the title, trailing actions.
struct TopBar {
    var back: (label: String, url: String)?
    let title: String
    var trailing: [HTMLNode] = []
    /// Small status buttons on a row of their own under the bar (the offline copy's), hidden until
    /// they have something to say: beside the actions they would push the bar wider than a phone.
    var status: [HTMLNode] = []
    /// Whether the brand leads to the home page; not on an adjuster's link, which never leads out of its claim.
    var brandLeadsHome = true

    func with(status: [HTMLNode]) -> TopBar {
        var bar = self
        bar.status += status
        return bar
    }

    /// The bar with the site's small buttons (the outbox's) before the page's own controls, and the
    /// status row under it when it has something in it.
    func node(siteButtons: [HTMLNode]) -> HTMLNode {
        header(.class("top-bar")) {
            div(.class("top-bar-leading")) {
                if let back {
                    a(.class("back-link"), .href(back.url)) {
                        Icons.chevronLeft
                        span { back.label }
                    }
                } else if brandLeadsHome {
                    a(.class("brand"), .href(SiteRoutes.home)) {
                        Icons.logo
                        span(.class("brand-name")) { "Homepwner" }
                    }
                } else {
                    span(.class("brand")) {
                        Icons.logo
                        span(.class("brand-name")) { "Homepwner" }
                    }
                }
            }
            h1(.class("top-bar-title")) { title }
            div(.class("top-bar-trailing")) {
                siteButtons
                trailing
            }
            if !status.isEmpty { div(.class("top-bar-status")) { status } }
        }
    }
}

/// "Signed in as …" under the top bar, with the account page and sign-out.
struct AccountStrip {
    let context: PageContext

    var node: HTMLNode {
        guard let name = context.userName else { return .empty }
        return nav(.class("account-strip"), .aria("label", context.text("top.account.label"))) {
            span {
                MessageWithLink(text: { context.text("top.account.signed-in", ["name": .text($0)]) }) {
                    a(.href(AccountRoutes.account.url()), .class("account-name")) { name }
                }.node
            }
            if context.canManage { a(.href(AccountRoutes.users.url())) { context.text("top.account.accounts") } }
            HTML.form(.method("post"), .action(AccountRoutes.signOut.url()), .class("signout-form")) {
                CSRFField(token: context.csrfToken).node
                button(.class("link-button"), .type("submit")) { context.text("top.account.sign-out") }
            }
        }
    }
}
