import HTML

/// A readable page for an error met by a browser, in the page's language.
struct ErrorPage {
    let status: Int
    let heading: String
    let message: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: heading, context: context, pageClass: "error",
                   bar: TopBar(back: (label: context.text("item.list.title"), url: SiteRoutes.home), title: heading), content: content,
                   translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow error-card")) {
            p(.class("error-status")) { context.text("error.page.status", ["status": .text(String(status))]) }
            h2 { heading }
            p { message }
            a(.class("button primary"), .href(SiteRoutes.home)) { context.text("error.page.back") }
        }
    }
}
