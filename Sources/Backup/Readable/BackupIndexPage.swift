import HTML

/// `index.html`: the whole inventory on one page that any browser opens from the disk, with no
/// server and no script: contents by room, each item with its fields, photos and files, totals.
struct BackupIndexPage {
    let model: BackupIndexModel
    static let stylesheet = "index.css"

    func document() -> HTMLDocument {
        HTMLDocument(html(.lang("en")) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                meta(.name("color-scheme"), .content("light dark"))
                HTML.title("Home inventory, \(model.madeAt)")
                link(.rel("stylesheet"), .href(Self.stylesheet))
            }
            body {
                header(.class("page-header")) {
                    h1 { "Home inventory" }
                    p(.class("made")) { "A backup made by Homepwner on \(model.madeAt). This page needs nothing but a browser." }
                }
                main {
                    summary
                    if !model.problems.isEmpty { problems }
                    contents
                    for room in model.rooms { roomSection(room) }
                    if !model.disposed.isEmpty {
                        section(.class("room"), .id("no-longer-owned"), .aria("labelledby", "no-longer-owned-title")) {
                            h2(.id("no-longer-owned-title")) { "No longer owned" }
                            p(.class("room-total")) { "Kept for their history; not in the totals." }
                            for item in model.disposed { itemArticle(item) }
                        }
                    }
                }
                footer(.class("page-footer")) {
                    p {
                        "Every row is also in "
                        a(.href(model.databaseURL)) { "the database copy" }
                        " (SQLite). To put this inventory back into Homepwner: "
                        code { "homepwner restore <this folder> --data <new data folder>" }
                        ". "
                        code { "homepwner verify <this folder>" }
                        " checks every file against manifest.json."
                    }
                }
            }
        })
    }

    private var summary: HTMLNode {
        section(.class("summary"), .aria("label", "Totals")) {
            p(.class("total")) { model.total }
            p {
                "\(count(model.itemCount, "item")) in \(count(model.rooms.count, "place")) · \(count(model.photoCount, "photo")) · "
                    + count(model.documentCount, "receipt or document", plural: "receipts and documents")
                    + (model.disposed.isEmpty ? "" : " · \(count(model.disposed.count, "item")) no longer owned")
            }
        }
    }

    private var problems: HTMLNode {
        section(.class("problems"), .aria("labelledby", "problems-title")) {
            h2(.id("problems-title")) { "Missing from this backup" }
            p { "The data folder was damaged when this backup was made:" }
            ul { for problem in model.problems { li { problem } } }
        }
    }

    private var contents: HTMLNode {
        nav(.class("contents"), .aria("labelledby", "contents-title")) {
            h2(.id("contents-title")) { "Rooms" }
            if model.rooms.isEmpty && model.disposed.isEmpty {
                p { "The inventory had no items when this backup was made." }
            }
            ol {
                for room in model.rooms {
                    li {
                        a(.href("#\(room.anchor)")) { room.name }
                        span(.class("room-count")) { " · \(count(room.items.count, "item")) · \(room.total)" }
                    }
                }
                if !model.disposed.isEmpty {
                    li { a(.href("#no-longer-owned")) { "No longer owned" } }
                }
            }
        }
    }

    private func roomSection(_ room: BackupIndexModel.Room) -> HTMLNode {
        section(.class("room"), .id(room.anchor), .aria("labelledby", "\(room.anchor)-title")) {
            h2(.id("\(room.anchor)-title")) { room.name }
            p(.class("room-total")) { "\(count(room.items.count, "item")) · \(room.total)" }
            if !room.videos.isEmpty {
                h3 { "Walk-through videos" }
                files(room.videos)
            }
            for item in room.items { itemArticle(item) }
        }
    }

    /// Each file as a link, with its type and size.
    private func files(_ files: [BackupIndexModel.Document]) -> HTMLNode {
        ul(.class("documents")) {
            for file in files {
                li {
                    a(.href(file.url)) { file.title }
                    span(.class("detail")) { " · \(file.detail)" }
                }
            }
        }
    }

    private func itemArticle(_ item: BackupIndexModel.ItemEntry) -> HTMLNode {
        article(.class("item"), .id(item.anchor), .aria("labelledby", "\(item.anchor)-title")) {
            h3(.id("\(item.anchor)-title")) { item.name }
            div(.class(item.photos.isEmpty ? "item-body" : "item-body with-photos")) {
                if !item.photos.isEmpty { photos(item.photos) }
                div(.class("item-text")) {
                    dl(.class("fields")) {
                        for field in item.fields {
                            div {
                                dt { field.label }
                                dd { field.value }
                            }
                        }
                    }
                    if !item.documents.isEmpty {
                        h4 { "Receipts and documents" }
                        files(item.documents)
                    }
                    if !item.evidence.isEmpty {
                        h4 { "Linked photos in the photo library (not in this backup)" }
                        ul(.class("evidence")) { for line in item.evidence { li { line } } }
                    }
                }
            }
        }
    }

    private func photos(_ photos: [BackupIndexModel.Photo]) -> HTMLNode {
        div(.class("photos")) {
            for photo in photos {
                figure {
                    if let shown = photo.shownURL {
                        a(.href(shown)) {
                            img(.src(shown), .alt(photo.alt), .width(photo.width), .height(photo.height), .loading("lazy"), .decoding("async"))
                        }
                    }
                    figcaption {
                        photo.caption
                        " · "
                        if let original = photo.originalURL { a(.href(original)) { "Original" } } else { "not in this backup" }
                    }
                }
            }
        }
    }

    private func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(plural ?? noun + "s")"
    }
}
