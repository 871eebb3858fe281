import HTML
import Inventory

/// `/items/{id}/delete` for browsers without scripts: asks before deleting.
struct DeleteItemPage {
    let name: String
    let deleteURL: String
    let cancelURL: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("item.documents.delete-label", ["name": .text(name)]), context: context, pageClass: "confirm",
                   bar: TopBar(back: (label: context.text("item.delete.back"), url: cancelURL), title: context.text("item.detail.delete-item")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow confirm-card"), .method("post"), .action(deleteURL)) {
            CSRFField(token: context.csrfToken).node
            h2 { context.text("item.delete.named-title", ["name": .text(name)]) }
            p { context.text("item.delete.message") }
            div(.class("form-actions")) {
                a(.class("button"), .href(cancelURL)) { context.text("common.cancel") }
                button(.class("button destructive"), .type("submit")) { context.text("common.delete") }
            }
        }
    }
}
