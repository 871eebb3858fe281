import HTML
import Inventory

/// `/items/new` for browsers without scripts: the New Item form as a page.
struct NewItemPage {
    let form: ItemForm
    let errors: ValidationError?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "New Item", context: context, pageClass: "new-item",
                   bar: TopBar(back: (label: "Cancel", url: "/"), title: "New Item"), content: content).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("item-form card narrow"), .method("post"), .action("/items"), .novalidate) {
            CSRFField(token: context.csrfToken).node
            if errors != nil {
                p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." }
            }
            ItemFieldsView(form: form, errors: errors, idPrefix: "new", autofocusName: true).node
            div(.class("form-actions")) {
                a(.class("button"), .href("/")) { "Cancel" }
                button(.class("button primary"), .type("submit")) { "Done" }
            }
        }
    }
}

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

/// A readable page for an error met by a browser.
struct ErrorPage {
    let status: Int
    let heading: String
    let message: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: heading, context: context, pageClass: "error",
                   bar: TopBar(back: (label: "Items", url: "/"), title: heading), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow error-card")) {
            p(.class("error-status")) { "Error \(status)" }
            h2 { heading }
            p { message }
            a(.class("button primary"), .href("/")) { "Back to Items" }
        }
    }
}
