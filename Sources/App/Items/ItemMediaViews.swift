import HTML
import Inventory

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
    let kindLabel: String
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

/// Every photo of the item, the primary first, each with what it shows and its controls; and a
/// form to add several at once (the page script uploads them one by one with progress).
struct ItemPhotosView {
    let itemName: String
    let photos: [PhotoEntryModel]
    let addURL: String
    let apiURL: String
    let csrfToken: String?
    let canEdit: Bool

    var node: HTMLNode {
        div(.class("photo-strip-area")) {
            if photos.count > 1 || (canEdit && !photos.isEmpty) {
                h2(.class("strip-title"), .id("photos-title")) { photos.count == 1 ? "1 photo" : "\(photos.count) photos" }
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
                        span { photos.isEmpty ? "Add Photos" : "Add More Photos" }
                    }
                    HTMLNode.element("input", [.type("file"), .id("add-photos-input"), .name("photos"), .accept("image/*,.heic,.heif"), .multiple,
                                               .class("visually-hidden-file")], isVoid: true)
                    button(.class("button small add-photos-submit"), .type("submit")) { "Upload" }
                    ol(.class("upload-list"), .aria("live", "polite")) {}
                }
            }
        }
    }

    private func entry(_ photo: PhotoEntryModel, index: Int) -> HTMLNode {
        let title = index == 0 ? "Main photo" : "Photo \(index + 1)"
        return li(.class(index == 0 ? "strip-photo primary" : "strip-photo"), .data("id", String(photo.id))) {
            img(.src(photo.thumbnailURL), .width(80), .height(80), .alt("\(title) of \(itemName): \(photo.kind.label)"), .loading("lazy"))
            span(.class("strip-kind")) { index == 0 ? "Main · \(photo.kind.label)" : photo.kind.label }
            if canEdit {
                HTML.form(.class("strip-actions"), .method("post"), .action(photo.changeURL)) {
                    CSRFField(token: csrfToken).node
                    input(.type("hidden"), .name("action"), .value("kind"))
                    label(.class("visually-hidden"), .for("kind-\(photo.id)")) { "What \(title.lowercased()) shows" }
                    HTMLNode.element("select", [.id("kind-\(photo.id)"), .name("kind")], children: ItemPhoto.Kind.allCases.map { kind in
                        .element("option", [.value(kind.rawValue)] + (kind == photo.kind ? [.selected] : []), children: [.text(kind.label)])
                    })
                    button(.class("button small"), .type("submit"), .aria("label", "Save what \(title.lowercased()) shows")) { "Set" }
                    if index > 0 {
                        button(.class("button small"), .type("submit"), .name("action"), .value("primary"), .aria("label", "Make photo \(index + 1) the main photo")) { "Make Main" }
                    }
                    button(.class("button small destructive"), .type("submit"), .name("action"), .value("delete"), .aria("label", "Delete \(title.lowercased())")) { "Delete" }
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

    var node: HTMLNode {
        section(.class("documents card"), .id("documents"), .aria("labelledby", "documents-title")) {
            h2(.id("documents-title")) { "Receipts and documents" }
            if documents.isEmpty {
                p(.class("muted")) { "A receipt or an appraisal proves what it cost; a manual and a warranty help after a loss too." }
            } else {
                ul(.class("document-list")) {
                    for document in documents {
                        li(.class("document-row")) {
                            if let thumbnail = document.thumbnailURL {
                                img(.class("document-thumb"), .src(thumbnail), .width(44), .height(56), .alt(""), .loading("lazy"))
                            } else {
                                span(.class("document-thumb placeholder"), .aria("hidden", "true")) { "DOC" }
                            }
                            div(.class("document-text")) {
                                a(.class("document-link"), .href(document.url)) { document.name }
                                span(.class("document-meta")) { "\(document.kindLabel) · \(document.sizeText)" }
                            }
                            if canEdit {
                                HTML.form(.method("post"), .action(document.deleteURL)) {
                                    CSRFField(token: csrfToken).node
                                    button(.class("button small destructive"), .type("submit"), .aria("label", "Delete \(document.name)")) { "Delete" }
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
                        controls.choice("Kind", name: "kind", selected: "receipt", options: ItemDocument.Kind.allCases.map { ($0.rawValue, $0.label) })
                        controls.text("Name", name: "documentName", value: "", hint: "Optional: the file’s name is used.",
                                      extra: [.maxlength(200), .autocomplete("off")])
                    }
                    controls.field("File", name: "document") { id, describedBy in
                        HTMLNode.element("input", [.type("file"), .id(id), .name("document"), .accept("application/pdf,image/*,text/plain,.heic,.heif")]
                                         + (describedBy.map { [.aria("describedby", $0)] } ?? []), isVoid: true)
                    }
                    div(.class("form-actions plain")) { button(.class("button primary"), .type("submit")) { "Attach" } }
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
    let caption: String
    /// Where it was, once it has left the library ("" when that is not known).
    let missingPath: String?
    let unlinkURL: String

    /// What someone without the grant for the photo's library folder is told of it (`EvidenceSight`).
    static let withheldCaption = "A photo from a library folder you have not been granted"
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

    var node: HTMLNode {
        section(.class("evidence card"), .id("evidence"), .aria("labelledby", "evidence-title")) {
            h2(.id("evidence-title")) { "Evidence from your photos" }
            if let documentedSince {
                p(.class("documented-since")) { "Documented since \(documentedSince)" }
            } else {
                p(.class("muted")) { "Link old photos from your library in which it appears: their dates show you owned it before the loss." }
            }
            if !entries.isEmpty {
                ul(.class("evidence-list")) {
                    for (index, entry) in entries.enumerated() {
                        li(.class(entry.missingPath == nil ? "evidence-row" : "evidence-row missing")) {
                            if let thumbnail = entry.thumbnailURL, let viewer = entry.viewerURL {
                                a(.class("evidence-thumb"), .href(viewer), .aria("label", "Open evidence photo \(index + 1) of \(itemName) in the viewer")) {
                                    img(.src(thumbnail), .width(64), .height(64), .alt(""), .loading("lazy"))
                                }
                            } else {
                                span(.class("evidence-thumb placeholder"), .aria("hidden", "true")) { "?" }
                            }
                            div(.class("evidence-text")) {
                                span { entry.caption }
                                if let path = entry.missingPath {
                                    span(.class("evidence-missing")) { path.isEmpty ? "No longer in the library" : "No longer in the library; it was at \(path)" }
                                }
                            }
                            if canEdit {
                                HTML.form(.method("post"), .action(entry.unlinkURL)) {
                                    CSRFField(token: csrfToken).node
                                    button(.class("button small"), .type("submit"), .aria("label", "Unlink evidence photo \(index + 1)")) { "Unlink" }
                                }
                            }
                        }
                    }
                }
            }
            if canEdit, let linkURL {
                a(.class("button"), .href(linkURL)) {
                    Icons.library
                    span { "Link Photos from Library" }
                }
            }
        }
    }
}
