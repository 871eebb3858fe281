import HTML

/// `index.html`: the whole inventory on one page that any browser opens from the disk, with no
/// server and no script: contents by room, each item with its fields, photos and files, totals.
struct BackupIndexPage {
    let model: BackupIndexModel
    var words = BackupIndexWords()
    static let stylesheet = "index.css"

    func document() -> HTMLDocument {
        HTMLDocument(html(.lang(words.language), .dir(words.isRightToLeft ? "rtl" : "ltr")) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1"))
                meta(.name("color-scheme"), .content("light dark"))
                HTML.title(words["title", ["date": model.madeAt]])
                link(.rel("stylesheet"), .href(Self.stylesheet))
            }
            body {
                header(.class("page-header")) {
                    h1 { words["heading"] }
                    p(.class("made")) { words["made", ["date": model.madeAt]] }
                }
                main {
                    summary
                    if !model.problems.isEmpty { problems }
                    contents
                    for room in model.rooms { roomSection(room) }
                    if !model.disposed.isEmpty {
                        section(.class("room"), .id("no-longer-owned"), .aria("labelledby", "no-longer-owned-title")) {
                            h2(.id("no-longer-owned-title")) { words["no-longer-owned"] }
                            p(.class("room-total")) { words["kept-for-history"] }
                            for item in model.disposed { itemArticle(item) }
                        }
                    }
                }
                footer(.class("page-footer")) {
                    p {
                        filled(words["footer"], [
                            "database": a(.href(model.databaseURL)) { words["database-copy"] },
                            "restore": code { "homepwner restore <this folder> --data <new data folder>" },
                            "verify": code { "homepwner verify <this folder>" },
                        ])
                    }
                }
            }
        })
    }

    private var summary: HTMLNode {
        section(.class("summary"), .aria("label", words["totals"])) {
            p(.class("total")) { model.total }
            p {
                ([words["summary", ["items": words.count("items", model.itemCount), "places": words.count("places", model.rooms.count)]],
                  words.count("photos", model.photoCount), words.count("documents", model.documentCount)]
                 + (model.disposed.isEmpty ? [] : [words.count("no-longer-owned", model.disposed.count)])).joined(separator: " · ")
            }
        }
    }

    private var problems: HTMLNode {
        section(.class("problems"), .aria("labelledby", "problems-title")) {
            h2(.id("problems-title")) { words["missing-title"] }
            p { words["missing-intro"] }
            ul { for problem in model.problems { li { problem } } }
        }
    }

    private var contents: HTMLNode {
        nav(.class("contents"), .aria("labelledby", "contents-title")) {
            h2(.id("contents-title")) { words["rooms"] }
            if model.rooms.isEmpty && model.disposed.isEmpty {
                p { words["empty"] }
            }
            ol {
                for room in model.rooms {
                    li {
                        a(.href("#\(room.anchor)")) { room.name }
                        span(.class("room-count")) { " · \(words.count("items", room.items.count)) · \(room.total)" }
                    }
                }
                if !model.disposed.isEmpty {
                    li { a(.href("#no-longer-owned")) { words["no-longer-owned"] } }
                }
            }
        }
    }

    private func roomSection(_ room: BackupIndexModel.Room) -> HTMLNode {
        section(.class("room"), .id(room.anchor), .aria("labelledby", "\(room.anchor)-title")) {
            h2(.id("\(room.anchor)-title")) { room.name }
            p(.class("room-total")) { "\(words.count("items", room.items.count)) · \(room.total)" }
            if !room.videos.isEmpty {
                h3 { words["walkthroughs"] }
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
                        h4 { words["documents"] }
                        files(item.documents)
                    }
                    if !item.evidence.isEmpty {
                        h4 { words["evidence"] }
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
                        if let original = photo.originalURL { a(.href(original)) { words["original"] } } else { words["not-in-backup"] }
                    }
                }
            }
        }
    }

    /// `pattern` with each `{name}` in it replaced by the node `parts[name]`: a sentence with a link
    /// or code in it, in the order the language puts them.
    private func filled(_ pattern: String, _ parts: [String: HTMLNode]) -> HTMLNode {
        var nodes: [HTMLNode] = [], rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"), let part = parts[String(rest[rest.index(after: open)..<close])] {
            nodes.append(.text(String(rest[..<open])))
            nodes.append(part)
            rest = rest[rest.index(after: close)...]
        }
        nodes.append(.text(String(rest)))
        return .fragment(nodes)
    }
}
