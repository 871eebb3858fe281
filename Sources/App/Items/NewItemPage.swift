import HTML
import Inventory

/// `/items/new` for browsers without scripts: the New Item form as a page.
struct NewItemPage {
    let form: ItemForm
    let errors: ValidationError?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "New Item", context: context, pageClass: "new-item",
                   bar: TopBar(back: (label: "Cancel", url: ItemRoutes.list.url()), title: "New Item"), content: content).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("item-form card narrow"), .method("post"), .action(ItemRoutes.create.url()), .novalidate) {
            CSRFField(token: context.csrfToken).node
            if errors != nil {
                p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." }
            }
            ItemFieldsView(form: form, errors: errors, idPrefix: "new", autofocusName: true).node
            div(.class("form-actions")) {
                a(.class("button"), .href(ItemRoutes.list.url())) { "Cancel" }
                button(.class("button primary"), .type("submit")) { "Done" }
            }
        }
    }
}
