import HTML
import Inventory
import Localization

/// One of an item's photos on its page.
struct PhotoEntryModel: Sendable {
    let id: ItemPhoto.ID
    let thumbnailURL: String
    let screenURL: String
    let kind: ItemPhoto.Kind
    let changeURL: String
}

/// One of an item's documents on its page.
struct DocumentEntryModel: Sendable {
    let name: String
    let kind: ItemDocument.Kind
    let sizeText: String
    let url: String
    let thumbnailURL: String?
    let deleteURL: String
}

extension ItemPhoto.Kind {
    var label: String {
        switch self {
        case .general: "Photo"
        case .serial: "Serial plate"
        case .closeup: "Close-up"
        }
    }
}

extension ItemDocument.Kind {
    var label: String { rawValue.capitalized }
}

extension Localizer {
    /// What a photo of the item shows, in this language.
    func label(of kind: ItemPhoto.Kind) -> String { text("item.photo.kind", ["kind": .text(kind.rawValue)]) }
    /// What a document is, in this language.
    func label(of kind: ItemDocument.Kind) -> String { text("item.document.\(kind.rawValue)") }
}

/// Every photo of the item, the primary first, each with what it shows and its controls; and a
/// form to add several at once (the page script uploads them one by one with progress).
struct ItemPhotosView {
    let itemName: String
    let photos: [PhotoEntryModel]
    let addURL: String
    let apiURL: String
    let csrfToken: String?
    let canEdit: Bool
    let words: Localizer

    var node: HTMLNode {
        div(.class("photo-strip-area")) {
            if photos.count > 1 || (canEdit && !photos.isEmpty) {
                h2(.class("strip-title"), .id("photos-title")) { words.text("item.photos.count", ["count": .count(photos.count)]) }
                ol(.class("photo-strip"), .aria("labelledby", "photos-title")) {
                    for (index, photo) in photos.enumerated() { entry(photo, index: index) }
                }
            }
            if canEdit {
                HTML.form(.class("add-photos-form"), .method("post"), .action(addURL), .enctype("multipart/form-data"), .data("api", apiURL),
                          .data("where", itemName)) {
                    CSRFField(token: csrfToken).node
                    label(.class("button add-photos"), .for("add-photos-input")) {
                        Icons.photo
                        span { words.text(photos.isEmpty ? "item.photos.add" : "item.photos.add-more") }
                    }
                    HTMLNode.element("input", [.type("file"), .id("add-photos-input"), .name("photos"), .accept("image/*,.heic,.heif"), .multiple,
                                               .class("visually-hidden-file")], isVoid: true)
                    button(.class("button small add-photos-submit"), .type("submit")) { words.text("item.picker.upload") }
                    ol(.class("upload-list"), .aria("live", "polite")) {}
                }
            }
        }
    }

    private func entry(_ photo: PhotoEntryModel, index: Int) -> HTMLNode {
        let number: [String: MessageArgument] = ["number": .text(String(index + 1))]
        let kind = words.label(of: photo.kind)
        return li(.class(index == 0 ? "strip-photo primary" : "strip-photo"), .data("id", String(photo.id))) {
            img(.src(photo.thumbnailURL), .width(80), .height(80),
                .alt(words.text(index == 0 ? "item.photos.main-alt" : "item.photos.photo-alt", number.merging(["name": .text(itemName), "kind": .text(kind)]) { $1 })),
                .loading("lazy"))
            span(.class("strip-kind")) { index == 0 ? words.text("item.photos.main-kind", ["kind": .text(kind)]) : kind }
            if canEdit {
                HTML.form(.class("strip-actions"), .method("post"), .action(photo.changeURL)) {
                    CSRFField(token: csrfToken).node
                    input(.type("hidden"), .name("action"), .value("kind"))
                    let which = index == 0 ? "main" : "other"
                    label(.class("visually-hidden"), .for("kind-\(photo.id)")) { words.text("item.photos.shows-\(which)", number) }
                    HTMLNode.element("select", [.id("kind-\(photo.id)"), .name("kind")], children: ItemPhoto.Kind.allCases.map { kind in
                        .element("option", [.value(kind.rawValue)] + (kind == photo.kind ? [.selected] : []), children: [.text(words.label(of: kind))])
                    })
                    button(.class("button small"), .type("submit"), .aria("label", words.text("item.photos.save-shows-\(which)", number))) { words.text("item.photos.set") }
                    if index > 0 {
                        button(.class("button small"), .type("submit"), .name("action"), .value("primary"),
                               .aria("label", words.text("item.photos.make-main-label", number))) { words.text("item.photos.make-main") }
                    }
                    button(.class("button small destructive"), .type("submit"), .name("action"), .value("delete"),
                           .aria("label", words.text("item.photos.delete-\(which)", number))) { words.text("common.delete") }
                }
            }
        }
    }
}

/// Receipts, manuals, warranties, appraisals: listed with a thumbnail or type, each downloaded
/// (never shown inline from this site), and a form to attach another (which the page script sends
/// through the device's outbox to `apiURL`).
struct ItemDocumentsView {
    let itemName: String
    let documents: [DocumentEntryModel]
    let addURL: String
    let apiURL: String
    let csrfToken: String?
    let canEdit: Bool
    let words: Localizer

    var node: HTMLNode {
        section(.class("documents card"), .id("documents"), .aria("labelledby", "documents-title")) {
            h2(.id("documents-title")) { words.text("item.documents.title") }
            if documents.isEmpty {
                p(.class("muted")) { words.text("item.documents.empty") }
            } else {
                ul(.class("document-list")) {
                    for document in documents {
                        li(.class("document-row")) {
                            if let thumbnail = document.thumbnailURL {
                                img(.class("document-thumb"), .src(thumbnail), .width(44), .height(56), .alt(""), .loading("lazy"))
                            } else {
                                span(.class("document-thumb placeholder"), .aria("hidden", "true")) { words.text("item.documents.placeholder") }
                            }
                            div(.class("document-text")) {
                                a(.class("document-link"), .href(document.url)) { document.name }
                                span(.class("document-meta")) {
                                    words.text("item.documents.meta", ["kind": .text(words.label(of: document.kind)), "size": .text(document.sizeText)])
                                }
                            }
                            if canEdit {
                                HTML.form(.method("post"), .action(document.deleteURL)) {
                                    CSRFField(token: csrfToken).node
                                    button(.class("button small destructive"), .type("submit"),
                                           .aria("label", words.text("item.documents.delete-label", ["name": .text(document.name)]))) { words.text("common.delete") }
                                }
                            }
                        }
                    }
                }
            }
            if canEdit {
                HTML.form(.class("add-document-form"), .method("post"), .action(addURL), .enctype("multipart/form-data"), .data("api", apiURL),
                          .data("where", itemName)) {
                    CSRFField(token: csrfToken).node
                    let controls = FormControls(errors: nil, idPrefix: "document")
                    div(.class("field-row")) {
                        controls.choice(words.text("item.documents.kind"), name: "kind", selected: "receipt",
                                        options: ItemDocument.Kind.allCases.map { ($0.rawValue, words.label(of: $0)) })
                        controls.text(words.text("item.documents.name"), name: "documentName", value: "", hint: words.text("item.documents.name-hint"),
                                      extra: [.maxlength(200), .autocomplete("off")])
                    }
                    controls.field(words.text("item.documents.file"), name: "document") { id, describedBy in
                        HTMLNode.element("input", [.type("file"), .id(id), .name("document"), .accept("application/pdf,image/*,text/plain,.heic,.heif")]
                                         + (describedBy.map { [.aria("describedby", $0)] } ?? []), isVoid: true)
                    }
                    div(.class("form-actions plain")) { button(.class("button primary"), .type("submit")) { words.text("item.documents.attach") } }
                    ol(.class("upload-list"), .aria("live", "polite")) {}
                }
            }
        }
    }
}

/// A library photo linked to the item as evidence.
struct EvidenceEntryModel: Sendable {
    let thumbnailURL: String?
    let viewerURL: String?
    /// "Taken 14 Mar 2019 · Canon EOS 5D", or what is known.
    let caption: Caption
    /// Where it was, once it has left the library ("" when that is not known).
    let missingPath: String?
    let unlinkURL: String


    enum Caption: Sendable {
        /// When it was taken (as `LibraryFormat` writes it) and the camera, when known.
        case photo(taken: String?, camera: String?)
        /// What someone without the grant for the photo's library folder is told of it (`EvidenceSight`).
        case withheld
    }
}

/// "Documented since": the household's own dated photos in which the item appears, linked from
/// the library (never copied); a photo gone from the library stays listed, with where it was.
struct ItemEvidenceView {
    let itemName: String
    let documentedSince: String?
    let entries: [EvidenceEntryModel]
    /// The library in evidence-pick mode, when there is a library this person may see.
    let linkURL: String?
    let csrfToken: String?
    let canEdit: Bool
    let words: Localizer

    var node: HTMLNode {
        section(.class("evidence card"), .id("evidence"), .aria("labelledby", "evidence-title")) {
            h2(.id("evidence-title")) { words.text("item.evidence.title") }
            if let documentedSince {
                p(.class("documented-since")) { words.text("item.evidence.documented-since", ["date": .text(documentedSince)]) }
            } else {
                p(.class("muted")) { words.text("item.evidence.empty") }
            }
            if !entries.isEmpty {
                ul(.class("evidence-list")) {
                    for (index, entry) in entries.enumerated() {
                        li(.class(entry.missingPath == nil ? "evidence-row" : "evidence-row missing")) {
                            if let thumbnail = entry.thumbnailURL, let viewer = entry.viewerURL {
                                a(.class("evidence-thumb"), .href(viewer), .aria("label", words.text("item.evidence.open", ["number": .text(String(index + 1)), "name": .text(itemName)]))) {
                                    img(.src(thumbnail), .width(64), .height(64), .alt(""), .loading("lazy"))
                                }
                            } else {
                                span(.class("evidence-thumb placeholder"), .aria("hidden", "true")) { "?" }
                            }
                            div(.class("evidence-text")) {
                                span { caption(entry.caption) }
                                if let path = entry.missingPath {
                                    span(.class("evidence-missing")) {
                                        path.isEmpty ? words.text("item.evidence.missing") : words.text("item.evidence.missing-at", ["path": .text(path)])
                                    }
                                }
                            }
                            if canEdit {
                                HTML.form(.method("post"), .action(entry.unlinkURL)) {
                                    CSRFField(token: csrfToken).node
                                    button(.class("button small"), .type("submit"), .aria("label", words.text("item.evidence.unlink-label", ["number": .text(String(index + 1))]))) {
                                        words.text("item.evidence.unlink")
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if canEdit, let linkURL {
                a(.class("button"), .href(linkURL)) {
                    Icons.library
                    span { words.text("item.evidence.link") }
                }
            }
        }
    }

    /// "Taken 14 Mar 2019 · Canon EOS 5D", or what is known of it.
    private func caption(_ caption: EvidenceEntryModel.Caption) -> String {
        switch caption {
        case .withheld:
            return words.text("item.evidence.withheld")
        case .photo(let taken, let camera):
            let date = taken.map { words.text("item.evidence.taken", ["date": .text($0)]) } ?? words.text("item.evidence.no-date")
            return [date, camera].compactMap { $0 }.joined(separator: words.text("common.list-separator"))
        }
    }
}
