import HTML
import Inventory

/// What the detail page shows of an item, as plain values.
struct ItemDetailModel: Sendable {
    let id: Int64
    let title: String
    /// ISO 8601, for `<time datetime>`.
    let createdISO: String
    /// Readable, for people without scripts.
    let createdText: String
    let etag: String
    let formURL: String
    let apiURL: String
    let deleteURL: String
}

/// `/items/{id}`: the editor. Saves with a plain form post, or without a reload when scripts run.
struct ItemDetailPage {
    let item: ItemDetailModel
    let form: ItemForm
    let errors: ValidationError?
    /// A note above the form: saved, or changed elsewhere.
    let notice: Notice?
    let assets: PageAssets

    enum Notice {
        case saved
        case conflict
    }

    func document() -> HTMLDocument {
        PageLayout(title: item.title, assets: assets, pageClass: "detail",
                   bar: TopBar(back: (label: "Items", url: "/"), title: item.title), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("detail-layout")) {
            section(.class("photo-panel card"), .aria("label", "Photo")) {
                div(.class("photo-frame empty")) {
                    Icons.photo
                    p { "No photo yet" }
                }
            }
            HTML.form(.class("item-form card"), .method("post"), .action(item.formURL), .novalidate,
                      .data("api", item.apiURL), .data("etag", item.etag)) {
                noticeNode
                p(.class("form-error"), .role("alert")) { errors == nil ? "" : "Check the fields marked below; nothing was saved." }
                input(.type("hidden"), .name("version"), .value(form.version.map(String.init) ?? ""))
                ItemFieldsView(form: form, errors: errors, idPrefix: "item").node
                p(.class("date-created")) {
                    "Created "
                    time(.datetime(item.createdISO)) { item.createdText }
                }
                div(.class("form-actions")) {
                    output(.class("save-status"), .role("status"), .aria("live", "polite")) {}
                    button(.class("button primary"), .type("submit")) { "Save" }
                }
            }
            div(.class("danger-zone")) {
                a(.class("button destructive"), .href(item.deleteURL), .data("action", "delete"), .data("name", item.title),
                  .data("api", item.apiURL)) {
                    Icons.trash
                    span { "Delete Item" }
                }
            }
            ConfirmDeleteDialog().node
        }
    }

    private var noticeNode: HTMLNode {
        switch notice {
        case .saved:
            p(.class("notice success"), .role("status")) { "Saved." }
        case .conflict:
            p(.class("notice warning"), .role("alert")) {
                "This item was changed elsewhere while you edited it, so your changes were not saved. They are still in the form: check them and save again."
            }
        case nil:
            .empty
        }
    }
}
