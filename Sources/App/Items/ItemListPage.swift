import HTML
import Inventory
import Localization

/// `/`: every item in list order, the New Item sheet, and the edit mode's controls.
struct ItemListPage {
    /// The rendered list: `#item-list`, rows or sections.
    let rows: RenderedHTML
    let count: Int
    /// "5 items · $3,775 in all", or "3 items found".
    let summary: String
    let view: ItemListView
    let search: ItemSearchModel
    /// The next window of a search, when there is one.
    let nextURL: String?
    /// How much would stand up in a claim (the plain list only).
    let readiness: ReadinessCardModel?
    /// The Select mode's form.
    let bulk: ItemBulkBar.Model?
    var editing: Bool { view == .editing }
    let newItemForm: ItemForm
    let context: PageContext
    /// When the last verified backup was made, and an owner's warning (the plain list only).
    var backup: BackupNoticeModel? = nil
    /// Photos from walking rooms still to name (the link to them shows only when there are some).
    var draftCount = 0
    /// The next few reminders ("Due soon"), the plain list only.
    var dueSoon: DueSoonCard? = nil

    func document() -> HTMLDocument {
        var trailing = [a(.class("bar-button"), .href(LibraryRoutes.groups.url())) { context.text("item.list.library") }]
        if context.canEdit {
            let newItem = context.text("item.list.new-item")
            trailing += [
                // A link to the list in the other mode: its word says which (a link cannot be "pressed").
                a(.class("bar-button edit-toggle"), .href(ItemRoutes.list(editing: !editing))) {
                    context.text(editing ? "common.done" : "item.list.edit")
                },
                a(.class("bar-button add-button"), .href(ItemRoutes.new.url()), .data("action", "new-item"), .aria("label", newItem),
                  .title(newItem)) { Icons.plus },
            ]
        }
        let title = context.text("item.list.title")
        return PageLayout(title: title, context: context, pageClass: "items", bar: TopBar(title: title, trailing: trailing),
                          content: content, translated: true).document()
    }

    /// Manual order or by room: two links, the current one marked for assistive technology.
    private var viewSwitch: HTMLNode {
        div(.class("list-toolbar")) {
            nav(.class("view-switch"), .aria("label", context.text("item.list.show-the-list"))) {
            a(.class(view == .manual ? "segment current" : "segment"), .href(ItemRoutes.list.url()),
              view == .manual ? .aria("current", "page") : .data("view", "manual")) { context.text("item.list.my-order") }
            a(.class(view == .rooms ? "segment current" : "segment"), .href(ItemRoutes.listByRoom()),
              view == .rooms ? .aria("current", "page") : .data("view", "rooms")) { context.text("item.list.by-room") }
            }
            a(.class("places-link"), .href(LocationRoutes.list.url())) { context.text("item.list.places") }
            if context.canEdit { a(.class("places-link"), .href(ItemRoutes.selecting())) { context.text("item.list.select") } }
            if context.canEdit { a(.class("places-link"), .href(DraftRoutes.walkChoice.url())) { context.text("item.list.walk-a-room") } }
            if draftCount > 0 {
                a(.class("places-link drafts-link"), .href(DraftRoutes.list())) { context.text("item.list.drafts", ["count": .count(draftCount)]) }
            }
        }
    }

    /// "5 items · $3,775 in all · 2 without a value · 1 no longer owned, not shown", in the page's language.
    static func summary(count: Int, total: ValueTotal, currency: Currency, hiddenDisposed: Int, words: Localizer) -> String {
        var parts = [words.text("item.list.count", ["count": .count(count)])]
        if count > 0 {
            parts.append(total.value == .max ? words.text("item.list.total-too-large")
                         : words.text("item.list.total", ["amount": .text(DisplayFormat(words: words).money(total.value, in: currency))]))
            if total.unvalued > 0 { parts.append(words.text("item.list.unvalued", ["count": .count(total.unvalued)])) }
        }
        if hiddenDisposed > 0 { parts.append(words.text("item.list.not-shown", ["count": .count(hiddenDisposed)])) }
        return parts.joined(separator: words.text("common.list-separator"))
    }

    private var content: HTMLNode {
        .group {
            if let message = backup?.message, message.tone == .warning { BackupMessageView(message: message).node }
            if let readiness { ReadinessCard(model: readiness, words: context.localizer).node }
            if let dueSoon, !editing, bulk == nil { dueSoon.node }
            if !editing && bulk == nil {
                ItemSearchBar(model: search, words: context.localizer).node
                viewSwitch
            }
            if let bulk { ItemBulkBar(model: bulk, csrfToken: context.csrfToken, words: context.localizer).node }
            p(.class("list-summary"), .id("list-summary"), .role("status")) { summary }
            HTMLNode.rendered(rows)
            div(.id("list-more"), .class("list-more")) {
                if let nextURL { a(.class("button"), .href(nextURL), .data("action", "more")) { context.text("item.list.show-more") } }
            }
            if let verified = backup?.lastVerified { BackupStatusLine(verified: verified).node }
            if let message = backup?.message, message.tone == .note { BackupMessageView(message: message).node }
            if editing {
                HTML.form(.id("move-form"), .method("post"), .action(ItemRoutes.list.url())) { CSRFField(token: context.csrfToken).node }
            }
            div(.class(count == 0 && nextURL == nil && search.text.isEmpty && !search.isFiltering ? "empty-state" : "empty-state is-hidden"), .id("empty-state")) {
                Icons.photo
                h2 { context.text("item.list.empty.title") }
                p { context.text("item.list.empty.text") }
                a(.class("button primary"), .href(ItemRoutes.new.url()), .data("action", "new-item")) { context.text("item.list.empty.add") }
                if context.canEdit { p { a(.href(ImportRoutes.start.url())) { context.text("item.list.empty.import") } } }
            }
            if context.canEdit { NewItemSheet(form: newItemForm, context: context).node }
            ConfirmDeleteDialog(context: context).node
            PhotoPopover(context: context).node
        }
    }
}

/// The "+" sheet: a centred form sheet at regular width, full screen at compact width.
/// Cancel discards what was typed; Done stores the item.
struct NewItemSheet {
    let form: ItemForm
    let context: PageContext

    var node: HTMLNode {
        dialog(.id("new-item-sheet"), .class("sheet"), .aria("labelledby", "new-item-title")) {
            HTML.form(.class("sheet-form"), .method("post"), .action(ItemRoutes.create.url()), .novalidate) {
                CSRFField(token: context.csrfToken).node
                // The value is typed as the page's language writes amounts ("1.234" in German).
                TypedNumbers(language: context.localizer.language).hiddenField
                header(.class("sheet-bar")) {
                    button(.class("bar-button"), .type("button"), .data("action", "cancel")) { context.text("common.cancel") }
                    h2(.id("new-item-title")) { context.text("item.list.new-item") }
                    button(.class("bar-button strong"), .type("submit")) { context.text("common.done") }
                }
                div(.class("sheet-body")) {
                    p(.class("form-error"), .role("alert")) {}
                    ItemFieldsView(form: form, errors: nil, idPrefix: "new", words: context.localizer).node
                }
            }
        }
    }
}

/// The full-size photo of a row: a popover anchored to the thumbnail at regular width (at most
/// 600 × 600), a full-screen viewer on black at compact width. One for the whole list.
struct PhotoPopover {
    let context: PageContext

    var node: HTMLNode {
        div(.id("photo-popover"), .class("photo-popover"), .popover(), .role("dialog"), .aria("label", context.text("item.photo.label"))) {
            img(.class("photo-popover-image"), .alt(""))
            // Focused when the popover opens (the browser's popover focusing steps), so Esc, Enter or
            // Space close it and focus goes back to the thumbnail.
            button(.class("photo-close"), .type("button"), .popovertarget("photo-popover"), .popovertargetaction("hide"),
                   .aria("label", context.text("common.close")), .autofocus) {}
        }
    }
}

/// Asks before deleting; filled in by the script with the item's name.
struct ConfirmDeleteDialog {
    let context: PageContext

    var node: HTMLNode {
        dialog(.id("confirm-delete"), .class("alert"), .aria("labelledby", "confirm-delete-title")) {
            HTML.form(.method("dialog")) {
                h2(.id("confirm-delete-title")) { context.text("item.delete.title") }
                p(.class("alert-message")) { context.text("item.delete.message") }
                div(.class("alert-actions")) {
                    button(.class("button"), .value("cancel"), .autofocus) { context.text("common.cancel") }
                    button(.class("button destructive"), .value("delete")) { context.text("common.delete") }
                }
            }
        }
    }
}
