import HTML
import Inventory

/// `/items/new` for browsers without scripts: the New Item form as a page.
struct NewItemPage {
    let form: ItemForm
    let errors: ValidationError?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("item.list.new-item"), context: context, pageClass: "new-item",
                   bar: TopBar(back: (label: context.text("common.cancel"), url: ItemRoutes.list.url()), title: context.text("item.list.new-item")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        HTML.form(.class("item-form card narrow"), .method("post"), .action(ItemRoutes.create.url()), .novalidate) {
            CSRFField(token: context.csrfToken).node
            if errors != nil {
                p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") }
            }
            ItemFieldsView(form: form, errors: errors, idPrefix: "new", autofocusName: true, words: context.localizer).node
            div(.class("form-actions")) {
                a(.class("button"), .href(ItemRoutes.list.url())) { context.text("common.cancel") }
                button(.class("button primary"), .type("submit")) { context.text("common.done") }
            }
        }
    }
}
