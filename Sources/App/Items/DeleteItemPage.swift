import HTML
import Inventory

/// `/items/{id}/delete` for browsers without scripts: asks before deleting.
struct DeleteItemPage {
    let name: String
    let deleteURL: String
    let cancelURL: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Delete \(name)", context: context, pageClass: "confirm",
                   bar: TopBar(back: (label: "Back", url: cancelURL), title: "Delete Item"), content: content).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("card narrow confirm-card"), .method("post"), .action(deleteURL)) {
            CSRFField(token: context.csrfToken).node
            h2 { "Delete “\(name)”?" }
            p { "It will be removed from your inventory. This can’t be undone." }
            div(.class("form-actions")) {
                a(.class("button"), .href(cancelURL)) { "Cancel" }
                button(.class("button destructive"), .type("submit")) { "Delete" }
            }
        }
    }
}
