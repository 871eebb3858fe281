import HTML

/// The frame every page shares: head, top bar, content.
struct PageLayout {
    let title: String
    let context: PageContext
    /// What the page is, for CSS (`items`, `detail`, …).
    let pageClass: String
    let bar: TopBar
    let content: HTMLNode

    func document() -> HTMLDocument {
        HTMLDocument(html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                meta(.name("color-scheme"), .content("light dark"))
                HTML.title("\(title) — Homepwner")
                link(.rel("stylesheet"), .href(context.stylesheet))
                link(.rel("icon"), .href(context.icon), .type("image/svg+xml"))
                if let token = context.csrfToken { meta(.name("csrf-token"), .content(token)) }
                if let account = context.accountID { meta(.name("account"), .content(account)) }
                script(src: context.script)
            }
            body(.class("page-\(pageClass)")) {
                bar.node(status: [OutboxButton(context: context).node])
                AccountStrip(context: context).node
                main(.id("content"), .class("content")) { content }
                div(.id("toast"), .class("toast"), .role("status"), .aria("live", "polite")) {}
            }
        })
    }
}

/// The navigation bar at the top: an optional back link, the title, trailing actions.
struct TopBar {
    var back: (label: String, url: String)?
    let title: String
    var trailing: [HTMLNode] = []

    /// The bar with the page's own controls, after the site's small status buttons (the outbox's).
    func node(status: [HTMLNode]) -> HTMLNode {
        header(.class("top-bar")) {
            div(.class("top-bar-leading")) {
                if let back {
                    a(.class("back-link"), .href(back.url)) {
                        Icons.chevronLeft
                        span { back.label }
                    }
                } else {
                    a(.class("brand"), .href(SiteRoutes.home)) {
                        Icons.logo
                        span(.class("brand-name")) { "Homepwner" }
                    }
                }
            }
            h1(.class("top-bar-title")) { title }
            div(.class("top-bar-trailing")) {
                status
                trailing
            }
        }
    }
}

/// "Signed in as …" under the top bar, with the account page and sign-out.
struct AccountStrip {
    let context: PageContext

    var node: HTMLNode {
        guard let name = context.userName else { return .empty }
        return nav(.class("account-strip"), .aria("label", "Account")) {
            span {
                "Signed in as "
                a(.href(AccountRoutes.account.url()), .class("account-name")) { name }
            }
            if context.canManage { a(.href(AccountRoutes.users.url())) { "Accounts" } }
            HTML.form(.method("post"), .action(AccountRoutes.signOut.url()), .class("signout-form")) {
                CSRFField(token: context.csrfToken).node
                button(.class("link-button"), .type("submit")) { "Sign Out" }
            }
        }
    }
}
