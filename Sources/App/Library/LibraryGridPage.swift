import HTML
import PhotoLibrary

/// One photo's cell in a grid.
struct GridCellModel: Sendable {
    let assetID: LibraryAsset.ID
    let url: String
    let thumbnailURL: String
    let thumbnailSourceSet: [(url: String, descriptor: String)]
    let label: String
    /// Why the photo cannot be shown, when it is damaged.
    let problem: String?
}

/// `/library/groups/{id}`: the group's photos as square thumbnails — exactly 4 per row on a phone,
/// more as the window widens — a page at a time (the script loads the following pages as you scroll).
struct LibraryGridPage {
    let title: String
    let summary: String
    let breadcrumb: [(name: String, url: String)]
    let subalbums: [GroupCardModel]
    let cells: [GridCellModel]
    let groupID: String
    let page: Int
    let pageCount: Int
    let pageURL: (Int) -> String
    /// The library's groups, in pick mode still picking.
    let backURL: String
    /// What an empty group says: a date range with nothing in it.
    var emptyMessage: String? = nil
    /// In pick mode, where a tapped photo is posted (as `assetId`) to give it to an item.
    let pickFormURL: String?
    /// What tapping a photo does, in pick mode, in the page's words: "Use this photo", "Link this photo as evidence".
    let pickLabel: String
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: title, context: context, pageClass: "grid",
                   bar: TopBar(back: (label: context.text("item.list.library"), url: backURL), title: title), content: content, translated: true).document()
    }

    private var content: HTMLNode {
        .group {
            if breadcrumb.count > 1 {
                nav(.class("breadcrumb"), .aria("label", context.text("library.grid.folders"))) {
                    ol {
                        for (index, crumb) in breadcrumb.enumerated() {
                            if index == breadcrumb.count - 1 {
                                li { span(.aria("current", "page")) { crumb.name } }
                            } else {
                                li { a(.href(crumb.url)) { crumb.name } }
                            }
                        }
                    }
                }
            }
            if !subalbums.isEmpty {
                ul(.class("subalbums")) {
                    for album in subalbums {
                        li {
                            a(.class("subalbum"), .href(album.url)) {
                                span(.class("group-name")) { album.name }
                                span(.class("group-count")) { album.countText }
                            }
                        }
                    }
                }
            }
            p(.class("grid-summary")) { summary }
            if cells.isEmpty && subalbums.isEmpty, let emptyMessage {
                div(.class("empty-state")) {
                    h2 { context.text("library.grid.empty-title") }
                    p { emptyMessage }
                }
            }
            if page > 1 {
                a(.class("button earlier"), .href(pageURL(page - 1))) { context.text("library.grid.earlier") }
            }
            ol(.class("photo-grid"), .id("photo-grid"), .data("group", groupID), .data("page", String(page)),
               .data("pages", String(pageCount)), .aria("label", context.text("library.grid.photos"))) {
                for cell in cells {
                    if let pickFormURL, cell.problem == nil {
                        li {
                            HTML.form(.method("post"), .action(pickFormURL), .class("pick-form")) {
                                CSRFField(token: context.csrfToken).node
                                input(.type("hidden"), .name("assetId"), .value(cell.assetID.rawValue))
                                button(.class("grid-cell"), .type("submit"), .id("asset-\(cell.assetID)"), .aria("label", context.text("library.pick.cell", ["action": .text(pickLabel), "photo": .text(cell.label)]))) {
                                    img(.src(cell.thumbnailURL), .srcset(cell.thumbnailSourceSet), .sizes("(max-width: 480px) 25vw, 160px"),
                                        .width(256), .height(256), .alt(""), .loading("lazy"), .decoding("async"))
                                }
                            }
                        }
                    } else {
                    li {
                        a(.class(cell.problem == nil ? "grid-cell" : "grid-cell damaged"), .id("asset-\(cell.assetID)"), .href(cell.url),
                          .aria("label", cell.problem == nil ? cell.label : context.text("library.grid.cannot-be-shown", ["photo": .text(cell.label)])), .data("asset", cell.assetID.rawValue)) {
                            if let problem = cell.problem {
                                span(.class("damaged-reason"), .title(problem)) { context.text("library.grid.damaged") }
                            } else {
                                img(.src(cell.thumbnailURL), .srcset(cell.thumbnailSourceSet),
                                    .sizes("(max-width: 480px) 25vw, 160px"), .width(256), .height(256), .alt(""),
                                    .loading("lazy"), .decoding("async"))
                            }
                        }
                    }
                    }
                }
            }
            if page < pageCount {
                a(.class("button more"), .id("more-photos"), .href(pageURL(page + 1))) { context.text("library.grid.more") }
            }
        }
    }
}
