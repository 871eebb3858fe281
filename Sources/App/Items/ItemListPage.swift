import HTML
import Inventory

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
        var trailing = [a(.class("bar-button"), .href(LibraryRoutes.groups.url())) { "Library" }]
        if context.canEdit {
            trailing += [
                // A link to the list in the other mode: its word says which (a link cannot be "pressed").
                a(.class("bar-button edit-toggle"), .href(ItemRoutes.list(editing: !editing))) { editing ? "Done" : "Edit" },
                a(.class("bar-button add-button"), .href(ItemRoutes.new.url()), .data("action", "new-item"), .aria("label", "New Item"),
                  .title("New Item")) { Icons.plus },
            ]
        }
        return PageLayout(title: "Items", context: context, pageClass: "items", bar: TopBar(title: "Items", trailing: trailing),
                          content: content).document()
    }

    /// Manual order or by room: two links, the current one marked for assistive technology.
    private var viewSwitch: HTMLNode {
        div(.class("list-toolbar")) {
            nav(.class("view-switch"), .aria("label", "Show the list")) {
            a(.class(view == .manual ? "segment current" : "segment"), .href(ItemRoutes.list.url()),
              view == .manual ? .aria("current", "page") : .data("view", "manual")) { "My order" }
            a(.class(view == .rooms ? "segment current" : "segment"), .href(ItemRoutes.listByRoom()),
              view == .rooms ? .aria("current", "page") : .data("view", "rooms")) { "By room" }
            }
            a(.class("places-link"), .href(LocationRoutes.list.url())) { "Places" }
            if context.canEdit { a(.class("places-link"), .href(ItemRoutes.selecting())) { "Select" } }
            if context.canEdit { a(.class("places-link"), .href(DraftRoutes.walkChoice.url())) { "Walk a Room" } }
            if draftCount > 0 { a(.class("places-link drafts-link"), .href(DraftRoutes.list())) { "Drafts (\(draftCount.grouped))" } }
        }
    }

    static func summary(count: Int, totalText: String, hiddenDisposed: Int) -> String {
        (count == 1 ? "1 item" : "\(count.grouped) items") + (count > 0 ? " · \(totalText)" : "")
            + (hiddenDisposed > 0 ? " · \(hiddenDisposed.grouped) no longer owned, not shown" : "")
    }

    private var content: HTMLNode {
        .group {
            if let message = backup?.message, message.tone == .warning { BackupMessageView(message: message).node }
            if let readiness { ReadinessCard(model: readiness).node }
            if let dueSoon, !editing, bulk == nil { dueSoon.node }
            if !editing && bulk == nil {
                ItemSearchBar(model: search).node
                viewSwitch
            }
            if let bulk { ItemBulkBar(model: bulk, csrfToken: context.csrfToken).node }
            p(.class("list-summary"), .id("list-summary"), .role("status")) { summary }
            HTMLNode.rendered(rows)
            div(.id("list-more"), .class("list-more")) {
                if let nextURL { a(.class("button"), .href(nextURL), .data("action", "more")) { "Show more" } }
            }
            if let verified = backup?.lastVerified { BackupStatusLine(verified: verified).node }
            if let message = backup?.message, message.tone == .note { BackupMessageView(message: message).node }
            if editing {
                HTML.form(.id("move-form"), .method("post"), .action(ItemRoutes.list.url())) { CSRFField(token: context.csrfToken).node }
            }
            div(.class(count == 0 && nextURL == nil && search.text.isEmpty && !search.isFiltering ? "empty-state" : "empty-state is-hidden"), .id("empty-state")) {
                Icons.photo
                h2 { "No items yet" }
                p { "Add what you own — a camera, a bike, a sofa — to keep track of what it’s worth." }
                a(.class("button primary"), .href(ItemRoutes.new.url()), .data("action", "new-item")) { "Add an Item" }
                if context.canEdit { p { a(.href(ImportRoutes.start.url())) { "Or import them from Homebox" } } }
            }
            if context.canEdit { NewItemSheet(form: newItemForm, csrfToken: context.csrfToken).node }
            ConfirmDeleteDialog().node
            PhotoPopover().node
        }
    }
}

/// The "+" sheet: a centred form sheet at regular width, full screen at compact width.
/// Cancel discards what was typed; Done stores the item.
struct NewItemSheet {
    let form: ItemForm
    let csrfToken: String?

    var node: HTMLNode {
        dialog(.id("new-item-sheet"), .class("sheet"), .aria("labelledby", "new-item-title")) {
            HTML.form(.class("sheet-form"), .method("post"), .action(ItemRoutes.create.url()), .novalidate) {
                CSRFField(token: csrfToken).node
                header(.class("sheet-bar")) {
                    button(.class("bar-button"), .type("button"), .data("action", "cancel")) { "Cancel" }
                    h2(.id("new-item-title")) { "New Item" }
                    button(.class("bar-button strong"), .type("submit")) { "Done" }
                }
                div(.class("sheet-body")) {
                    p(.class("form-error"), .role("alert")) {}
                    ItemFieldsView(form: form, errors: nil, idPrefix: "new").node
                }
            }
        }
    }
}

/// The full-size photo of a row: a popover anchored to the thumbnail at regular width (at most
/// 600 × 600), a full-screen viewer on black at compact width. One for the whole list.
struct PhotoPopover {
    var node: HTMLNode {
        div(.id("photo-popover"), .class("photo-popover"), .popover(), .role("dialog"), .aria("label", "Photo")) {
            img(.class("photo-popover-image"), .alt(""))
            // Focused when the popover opens (the browser's popover focusing steps), so Esc, Enter or
            // Space close it and focus goes back to the thumbnail.
            button(.class("photo-close"), .type("button"), .popovertarget("photo-popover"), .popovertargetaction("hide"),
                   .aria("label", "Close"), .autofocus) {}
        }
    }
}

/// Asks before deleting; filled in by the script with the item's name.
struct ConfirmDeleteDialog {
    var node: HTMLNode {
        dialog(.id("confirm-delete"), .class("alert"), .aria("labelledby", "confirm-delete-title")) {
            HTML.form(.method("dialog")) {
                h2(.id("confirm-delete-title")) { "Delete this item?" }
                p(.class("alert-message")) { "It will be removed from your inventory. This can’t be undone." }
                div(.class("alert-actions")) {
                    button(.class("button"), .value("cancel"), .autofocus) { "Cancel" }
                    button(.class("button destructive"), .value("delete")) { "Delete" }
                }
            }
        }
    }
}
