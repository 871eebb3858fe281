import Foundation
import HTML
import Inventory
import Localization

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
    let gaps: [(gap: ClaimGap, anchor: String)]
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
    /// The walk-through frame it was made from: the video at that second, and the clock time ("1:05") for the link's words.
    var walkthroughOrigin: (url: String, clock: String)? = nil
    /// The box it is packed in (its page), its code and name, and the room it came from.
    var packing: (url: String, boxCode: String, boxName: String, cameFrom: String?)? = nil
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
                   bar: TopBar(back: item.cameFromFixNext ? (label: context.text("item.detail.back-fix-next"), url: ReadinessRoutes.fixNext.url())
                                   : (label: context.text("item.list.title"), url: ItemRoutes.list.url()),
                               title: item.title), content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("detail-layout")) {
            div(.class("detail-side")) {
                PhotoPanel(item: item, csrfToken: context.csrfToken, canEdit: context.canEdit, words: context.localizer).node
                if let origin = item.walkthroughOrigin {
                    p(.class("walkthrough-origin muted")) {
                        a(.href(origin.url)) { context.text("item.detail.walkthrough-origin", ["time": .text(origin.clock)]) }
                    }
                }
                if let packing = item.packing {
                    p(.class("item-packing")) { a(.href(packing.url)) { packedText(packing) } }
                }
                LibrarySightingsView(itemID: item.id, sightings: item.sightings, csrfToken: context.csrfToken, canEdit: context.canEdit,
                                     words: context.localizer).node
                readinessNode
                ItemEvidenceView(itemName: item.title, documentedSince: item.documentedSince, entries: item.evidence, linkURL: item.linkEvidenceURL,
                                 csrfToken: context.csrfToken, canEdit: context.canEdit, words: context.localizer).node
                ItemDocumentsView(itemName: item.title, documents: item.documents, addURL: ItemRoutes.addDocument(item.id),
                                  apiURL: ItemRoutes.apiDocuments(item.id), csrfToken: context.csrfToken,
                                  canEdit: context.canEdit, words: context.localizer).node
                PrintLabelForm(parameter: "items", id: "\(item.id)", words: context.localizer).node
            }
            if context.canEdit { ImagePicker(item: item, csrfToken: context.csrfToken, words: context.localizer).node }
            HTML.form(.class("item-form card"), .method("post"), .action(item.formURL), .novalidate,
                      .data("api", item.apiURL), .data("etag", item.etag)) {
                CSRFField(token: context.csrfToken).node
                noticeNode
                p(.class("form-error"), .role("alert")) { errors == nil ? "" : context.text("item.detail.check-fields") }
                input(.type("hidden"), .name("version"), .value(form.version.map(String.init) ?? ""))
                form.numbers.hiddenField
                ItemFieldsView(form: form, errors: errors, idPrefix: "item", currency: item.currency, suggestions: suggestions, words: context.localizer).node
                if let details = form.details {
                    ItemClaimFieldsView(form: details, errors: errors, currency: item.currency, locations: item.locations, tagNames: item.tagNames,
                                        suggestions: suggestions, words: context.localizer).node
                }
                p(.class("date-created")) {
                    MessageWithLink(text: { context.text("item.detail.created", ["date": .text($0)]) }) {
                        time(.datetime(item.createdISO)) { item.createdText }
                    }.node
                }
                if context.canEdit {
                    div(.class("form-actions")) {
                        output(.class("save-status"), .role("status"), .aria("live", "polite")) {}
                        button(.class("button primary"), .type("submit")) { context.text("item.detail.save") }
                    }
                }
            }
            suggestions.forms
            if context.canEdit {
                div(.class("danger-zone")) {
                    a(.class("button destructive"), .href(item.deleteURL), .data("action", "delete"), .data("name", item.title),
                      .data("api", item.apiURL)) {
                        Icons.trash
                        span { context.text("item.detail.delete-item") }
                    }
                }
            }
            ConfirmDeleteDialog(context: context).node
            scriptWords
        }
    }

    /// Besides its own (`item.script.…`), the messages of the page the scripts say too.
    static let scriptMessageKeys = ["item.field.custom-name-label", "item.field.custom-value-label", "item.photo.uploading", "item.photo.alt",
                                    "item.photo.remove", "item.photo.none", "item.photo.add", "item.photo.change", "item.picker.photo-library",
                                    "item.list.show-more", "item.detail.check-fields", "item.delete.named-title"]

    /// The words the page's scripts say (`page-words.js`), in the page's language.
    private var scriptWords: HTMLNode {
        PageWords(prefix: "item.script.", keys: Self.scriptMessageKeys, words: context.localizer).node
    }

    /// What was read on its photos and documents, each shown under the field it fills.
    private var suggestions: ItemSuggestionsView {
        ItemSuggestionsView(itemID: item.id, version: form.version, suggestions: item.suggestions, csrfToken: context.csrfToken, canEdit: context.canEdit,
                             words: context.localizer)
    }

    /// The item's gaps, each a link to where it is filled; or that it is ready.
    private var readinessNode: HTMLNode {
        section(.class("item-readiness card"), .aria("labelledby", "item-readiness-title")) {
            if item.gaps.isEmpty {
                h2(.id("item-readiness-title")) { context.text("item.readiness.ready") }
                p(.class("muted")) { context.text("item.readiness.ready-text") }
            } else {
                h2(.id("item-readiness-title")) { context.text("item.readiness.gaps", ["count": .count(item.gaps.count)]) }
                ul(.class("fix-gaps")) {
                    for gap in item.gaps { li { a(.class("fix-gap"), .href("#" + gap.anchor)) { context.text("item.gap.\(gap.gap.rawValue)") } } }
                }
            }
        }
    }

    /// "Packed in box P01CK, “Kitchen 1”, from Kitchen."
    private func packedText(_ packing: (url: String, boxCode: String, boxName: String, cameFrom: String?)) -> String {
        if let cameFrom = packing.cameFrom {
            return context.text("item.detail.packed-from", ["box": .text(packing.boxCode), "name": .text(packing.boxName), "place": .text(cameFrom)])
        }
        return context.text("item.detail.packed", ["box": .text(packing.boxCode), "name": .text(packing.boxName)])
    }

    private var noticeNode: HTMLNode {
        switch notice {
        case .saved:
            p(.class("notice success"), .role("status")) { context.text("item.detail.saved") }
        case .conflict:
            p(.class("notice warning"), .role("alert")) { context.text("item.detail.conflict") }
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
    let words: Localizer

    var node: HTMLNode {
        section(.class("photo-panel card"), .id("photo-panel"), .aria("label", words.text("item.photo.label")), .data("api", item.photoAPIURL),
                .data("where", item.title)) {
            div(.class(item.photo == nil ? "photo-frame empty" : "photo-frame")) {
                if let photo = item.photo {
                    img(.class("item-photo"), .src(photo.screenURL), .width(photo.width), .height(photo.height),
                        .alt(words.text("item.photo.alt", ["name": .text(item.title)])))
                } else {
                    Icons.photo
                    p { words.text("item.photo.none") }
                }
                div(.class("upload-progress"), .hidden) {
                    progress(.max(100), .value("0")) {}
                    span(.class("upload-percent")) { words.text("item.photo.uploading") }
                }
            }
            template(.id("photo-placeholder-template")) {
                Icons.photo
                p { words.text("item.photo.none") }
            }
            div(.class("photo-actions")) {
                if canEdit {
                    button(.class("button camera-button"), .type("button"), .popovertarget("image-picker"), .aria("haspopup", "dialog")) {
                        Icons.camera
                        span { words.text(item.photo == nil ? "item.photo.add" : "item.photo.change") }
                    }
                }
                if let photo = item.photo {
                    a(.class("button original-link"), .href(photo.originalURL), .title(words.text("item.photo.original-title"))) { words.text("item.photo.original") }
                } else if canEdit {
                    // Shown by the page script once a photo is added.
                    a(.class("button original-link"), .title(words.text("item.photo.original-title")), .hidden) { words.text("item.photo.original") }
                }
                HTML.form(.class("remove-photo-form"), .method("post"), .action(item.removePhotoURL)) {
                    CSRFField(token: csrfToken).node
                    if item.photo != nil && canEdit {
                        button(.class("button destructive"), .type("submit")) { words.text("item.photo.remove") }
                    }
                }
            }
            ItemPhotosView(itemName: item.title, photos: item.photos, addURL: ItemRoutes.addPhotos(item.id), apiURL: ItemRoutes.apiPhotos(item.id),
                           csrfToken: csrfToken, canEdit: canEdit, words: words).node
        }
    }
}

/// The camera button's picker: a popover anchored to the button at regular width, a full-screen
/// sheet at compact width. Pressing the button again closes it. Without scripts it is a plain
/// multipart form.
struct ImagePicker {
    let item: ItemDetailModel
    let csrfToken: String?
    let words: Localizer

    var node: HTMLNode {
        div(.id("image-picker"), .class("picker"), .popover(), .role("dialog"), .aria("labelledby", "image-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("image-picker"), .popovertargetaction("hide")) { words.text("common.cancel") }
                h2(.id("image-picker-title")) { words.text(item.photo == nil ? "item.photo.add" : "item.photo.change") }
                span {}
            }
            HTML.form(.class("picker-form"), .method("post"), .action(item.photoFormURL), .enctype("multipart/form-data")) {
                CSRFField(token: csrfToken).node
                label(.class("picker-option")) {
                    Icons.camera
                    span { words.text("item.picker.take-photo") }
                    // The first choice has the focus when the picker opens.
                    input(.type("file"), .name("image"), .accept("image/*"), .capture("environment"), .class("picker-input"), .autofocus)
                }
                label(.class("picker-option")) {
                    Icons.photo
                    span { words.text("item.picker.choose-file") }
                    input(.type("file"), .name("image"), .accept("image/*,.heic,.heif"), .class("picker-input"))
                }
                if let library = item.libraryPickURL {
                    a(.class("picker-option"), .href(library), .data("action", "photo-library")) {
                        Icons.library
                        span { words.text("item.picker.photo-library") }
                    }
                }
                p(.class("picker-error"), .role("alert")) {}
                button(.class("button primary picker-submit"), .type("submit")) { words.text("item.picker.upload") }
            }
            div(.class("picker-library"), .hidden, .aria("live", "polite"), .data("status", item.libraryAPI.status),
                .data("groups", item.libraryAPI.groups), .data("group-assets", item.libraryAPI.groupAssetsTemplate)) {}
        }
    }
}
