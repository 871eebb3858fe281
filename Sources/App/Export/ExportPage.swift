import HTML
import Inventory

/// `/export`: the two exports, each with what it is for, in the page's language.
struct ExportPage {
    let itemCount: Int
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("files.export-page.title")
        return PageLayout(title: title, context: context, pageClass: "export",
                          bar: TopBar(back: (label: context.text("item.list.places"), url: LocationRoutes.list.url()), title: title), content: content,
                          translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("export-layout")) {
            p(.class("muted export-count")) { context.text("files.export-page.count", ["count": .count(itemCount)]) }
            section(.class("card export-option"), .aria("labelledby", "export-homepwner-title")) {
                h2(.id("export-homepwner-title")) { context.text("files.export-page.everything") }
                p { context.text("files.export-page.everything-about") }
                a(.class("button primary"), .id("export-homepwner"), .href(ExportRoutes.download(.homepwner))) { context.text("files.export-page.download-zip") }
            }
            section(.class("card export-option"), .aria("labelledby", "export-homebox-title")) {
                h2(.id("export-homebox-title")) { context.text("files.export-page.homebox") }
                p { context.text("files.export-page.homebox-about") }
                a(.class("button"), .id("export-homebox"), .href(ExportRoutes.download(.homeboxCSV))) { context.text("files.export-page.download-csv") }
            }
        }
    }
}
