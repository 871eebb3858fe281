import HTML

/// A readable page for an error met by a browser.
struct ErrorPage {
    let status: Int
    let heading: String
    let message: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: heading, context: context, pageClass: "error",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: heading), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow error-card")) {
            p(.class("error-status")) { "Error \(status)" }
            h2 { heading }
            p { message }
            a(.class("button primary"), .href(SiteRoutes.home)) { "Back to Items" }
        }
    }
}
