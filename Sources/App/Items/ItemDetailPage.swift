import HTML
import Inventory

/// What the detail page shows of an item, as plain values.
struct ItemDetailModel: Sendable {
    let id: Item.ID
    let title: String
    /// ISO 8601, for `<time datetime>`.
    let createdISO: String
    /// Readable, for people without scripts.
    let createdText: String
    let etag: String
    let formURL: String
    let apiURL: String
    let deleteURL: String
    let photo: PhotoModel?
    /// Where the picker's form posts a file (multipart), and where scripts `PUT` the raw bytes.
    let photoFormURL: String
    let photoAPIURL: String
    let removePhotoURL: String
    /// The library in pick mode for this item, when a photo library is set up.
    let libraryPickURL: String?
    /// The library API for the picker's script.
    let libraryAPI: LibraryPickerURLs
    let currency: Currency
    /// Every location by path, and the tags in use: the form's choices.
    let locations: [(id: Location.ID, path: String)]
    let tagNames: [String]
    /// What an adjuster would miss, each with the element that fills it.
    let gaps: [(advice: String, anchor: String)]
    /// Opened from Fix next: Back returns there.
    let cameFromFixNext: Bool
    let photos: [PhotoEntryModel]
    let documents: [DocumentEntryModel]
    let documentedSince: String?
    let evidence: [EvidenceEntryModel]
    let linkEvidenceURL: String?
    /// What was read on its photos and documents, offered for its fields.
    let suggestions: [SuggestionEntryModel]
    /// Library photos its serial number or barcode was seen on (those the viewer may see).
    let sightings: [LibrarySighting]
    /// The walk-through frame it was made from: the video at that second, and words for the link.
    var walkthroughOrigin: (url: String, text: String)? = nil
    /// The box it is packed in (its page) and the room it came from.
    var packing: (url: String, text: String)? = nil
}

/// `/items/{id}`: the editor. Saves with a plain form post, or without a reload when scripts run.
struct ItemDetailPage {
    let item: ItemDetailModel
    let form: ItemForm
    let errors: ValidationError?
    /// A note above the form: saved, or changed elsewhere.
    let notice: Notice?
    let context: PageContext

    enum Notice {
        case saved
        case conflict
    }

    func document() -> HTMLDocument {
        PageLayout(title: item.title, context: context, pageClass: "detail",
                   bar: TopBar(back: item.cameFromFixNext ? (label: "Fix next", url: ReadinessRoutes.fixNext.url()) : (label: "Items", url: ItemRoutes.list.url()),
                               title: item.title), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("detail-layout")) {
            div(.class("detail-side")) {
                PhotoPanel(item: item, csrfToken: context.csrfToken, canEdit: context.canEdit).node
                if let origin = item.walkthroughOrigin {
                    p(.class("walkthrough-origin muted")) { a(.href(origin.url)) { origin.text } }
                }
                if let packing = item.packing {
                    p(.class("item-packing")) { a(.href(packing.url)) { packing.text } }
                }
                LibrarySightingsView(itemID: item.id, sightings: item.sightings, csrfToken: context.csrfToken, canEdit: context.canEdit).node
                readinessNode
                ItemEvidenceView(itemName: item.title, documentedSince: item.documentedSince, entries: item.evidence, linkURL: item.linkEvidenceURL,
                                 csrfToken: context.csrfToken, canEdit: context.canEdit).node
                ItemDocumentsView(itemName: item.title, documents: item.documents, addURL: ItemRoutes.addDocument(item.id),
                                  apiURL: ItemRoutes.apiDocuments(item.id), csrfToken: context.csrfToken,
                                  canEdit: context.canEdit).node
                PrintLabelForm(parameter: "items", id: "\(item.id)").node
            }
            if context.canEdit { ImagePicker(item: item, csrfToken: context.csrfToken).node }
            HTML.form(.class("item-form card"), .method("post"), .action(item.formURL), .novalidate,
                      .data("api", item.apiURL), .data("etag", item.etag)) {
                CSRFField(token: context.csrfToken).node
                noticeNode
                p(.class("form-error"), .role("alert")) { errors == nil ? "" : "Check the fields marked below; nothing was saved." }
                input(.type("hidden"), .name("version"), .value(form.version.map(String.init) ?? ""))
                ItemFieldsView(form: form, errors: errors, idPrefix: "item", currency: item.currency, suggestions: suggestions).node
                if let details = form.details {
                    ItemClaimFieldsView(form: details, errors: errors, currency: item.currency, locations: item.locations, tagNames: item.tagNames,
                                        suggestions: suggestions).node
                }
                p(.class("date-created")) {
                    "Created "
                    time(.datetime(item.createdISO)) { item.createdText }
                }
                if context.canEdit {
                    div(.class("form-actions")) {
                        output(.class("save-status"), .role("status"), .aria("live", "polite")) {}
                        button(.class("button primary"), .type("submit")) { "Save" }
                    }
                }
            }
            suggestions.forms
            if context.canEdit {
                div(.class("danger-zone")) {
                    a(.class("button destructive"), .href(item.deleteURL), .data("action", "delete"), .data("name", item.title),
                      .data("api", item.apiURL)) {
                        Icons.trash
                        span { "Delete Item" }
                    }
                }
            }
            ConfirmDeleteDialog(context: context.inTemplateLanguage).node  // the list's dialog, in this page's English
        }
    }

    /// What was read on its photos and documents, each shown under the field it fills.
    private var suggestions: ItemSuggestionsView {
        ItemSuggestionsView(itemID: item.id, version: form.version, suggestions: item.suggestions, csrfToken: context.csrfToken, canEdit: context.canEdit)
    }

    /// The item's gaps, each a link to where it is filled; or that it is ready.
    private var readinessNode: HTMLNode {
        section(.class("item-readiness card"), .aria("labelledby", "item-readiness-title")) {
            if item.gaps.isEmpty {
                h2(.id("item-readiness-title")) { "Ready for a claim" }
                p(.class("muted")) { "It has what an adjuster asks for." }
            } else {
                h2(.id("item-readiness-title")) { item.gaps.count == 1 ? "1 thing an adjuster would miss" : "\(item.gaps.count) things an adjuster would miss" }
                ul(.class("fix-gaps")) {
                    for gap in item.gaps { li { a(.class("fix-gap"), .href("#" + gap.anchor)) { gap.advice } } }
                }
            }
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

/// The item's photo (or a placeholder), the camera button and Remove Photo.
struct PhotoPanel {
    let item: ItemDetailModel
    let csrfToken: String?
    let canEdit: Bool

    var node: HTMLNode {
        section(.class("photo-panel card"), .id("photo-panel"), .aria("label", "Photo"), .data("api", item.photoAPIURL),
                .data("where", item.title)) {
            div(.class(item.photo == nil ? "photo-frame empty" : "photo-frame")) {
                if let photo = item.photo {
                    img(.class("item-photo"), .src(photo.screenURL), .width(photo.width), .height(photo.height),
                        .alt("Photo of \(item.title)"))
                } else {
                    Icons.photo
                    p { "No photo yet" }
                }
                div(.class("upload-progress"), .hidden) {
                    progress(.max(100), .value("0")) {}
                    span(.class("upload-percent")) { "Uploading…" }
                }
            }
            template(.id("photo-placeholder-template")) {
                Icons.photo
                p { "No photo yet" }
            }
            div(.class("photo-actions")) {
                if canEdit {
                    button(.class("button camera-button"), .type("button"), .popovertarget("image-picker"), .aria("haspopup", "dialog")) {
                        Icons.camera
                        span { item.photo == nil ? "Add Photo" : "Change Photo" }
                    }
                }
                if let photo = item.photo {
                    a(.class("button original-link"), .href(photo.originalURL), .title("Download the original")) { "Original" }
                } else if canEdit {
                    // Shown by the page script once a photo is added.
                    a(.class("button original-link"), .title("Download the original"), .hidden) { "Original" }
                }
                HTML.form(.class("remove-photo-form"), .method("post"), .action(item.removePhotoURL)) {
                    CSRFField(token: csrfToken).node
                    if item.photo != nil && canEdit {
                        button(.class("button destructive"), .type("submit")) { "Remove Photo" }
                    }
                }
            }
            ItemPhotosView(itemName: item.title, photos: item.photos, addURL: ItemRoutes.addPhotos(item.id), apiURL: ItemRoutes.apiPhotos(item.id),
                           csrfToken: csrfToken, canEdit: canEdit).node
        }
    }
}

/// The camera button's picker: a popover anchored to the button at regular width, a full-screen
/// sheet at compact width. Pressing the button again closes it. Without scripts it is a plain
/// multipart form.
struct ImagePicker {
    let item: ItemDetailModel
    let csrfToken: String?

    var node: HTMLNode {
        div(.id("image-picker"), .class("picker"), .popover(), .role("dialog"), .aria("labelledby", "image-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("image-picker"), .popovertargetaction("hide")) { "Cancel" }
                h2(.id("image-picker-title")) { item.photo == nil ? "Add Photo" : "Change Photo" }
                span {}
            }
            HTML.form(.class("picker-form"), .method("post"), .action(item.photoFormURL), .enctype("multipart/form-data")) {
                CSRFField(token: csrfToken).node
                label(.class("picker-option")) {
                    Icons.camera
                    span { "Take Photo" }
                    // The first choice has the focus when the picker opens.
                    input(.type("file"), .name("image"), .accept("image/*"), .capture("environment"), .class("picker-input"), .autofocus)
                }
                label(.class("picker-option")) {
                    Icons.photo
                    span { "Choose File" }
                    input(.type("file"), .name("image"), .accept("image/*,.heic,.heif"), .class("picker-input"))
                }
                if let library = item.libraryPickURL {
                    a(.class("picker-option"), .href(library), .data("action", "photo-library")) {
                        Icons.library
                        span { "Photo Library" }
                    }
                }
                p(.class("picker-error"), .role("alert")) {}
                button(.class("button primary picker-submit"), .type("submit")) { "Upload" }
            }
            div(.class("picker-library"), .hidden, .aria("live", "polite"), .data("status", item.libraryAPI.status),
                .data("groups", item.libraryAPI.groups), .data("group-assets", item.libraryAPI.groupAssetsTemplate)) {}
        }
    }
}
