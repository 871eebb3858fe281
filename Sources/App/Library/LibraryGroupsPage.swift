import HTML

/// A group card's plain values.
struct GroupCardModel: Sendable {
    let name: String
    let detail: String?
    let countText: String
    let url: String
    let posterURL: String?
}

/// The events of the room an item is kept in, for linking evidence: the events in which photos
/// already linked to something in that room were taken.
struct PlaceEventsModel: Sendable {
    let placeName: String
    let cards: [GroupCardModel]
}

/// `/library`: albums, events and people, each with its poster, name and count, and a form for the
/// photos taken between two days; while a scan runs, its progress (the groups fill in as they are
/// found). Picking evidence for an item kept somewhere, the events of that place come first.
struct LibraryGroupsPage {
    struct Progress {
        let scanned: Int
        let total: Int
    }

    let albums: [GroupCardModel]
    let events: [GroupCardModel]
    let people: [GroupCardModel]
    var placeEvents: PlaceEventsModel? = nil
    let dates: LibraryDatesView
    let progress: Progress?
    /// Roots, folders or photos that could not be read, in words.
    let problems: [String]
    let isConfigured: Bool
    /// The item a photo is being chosen for, in pick mode.
    let pickingFor: (url: String, title: String)?
    let context: PageContext

    func document() -> HTMLDocument {
        let bar = pickingFor.map { TopBar(back: (label: "Cancel", url: $0.url), title: $0.title) }
            ?? TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Library")
        return PageLayout(title: "Library", context: context, pageClass: "library", bar: bar, content: content).document()
    }

    private var content: HTMLNode {
        div(.id("library-groups"), .data("scanning", progress == nil ? "false" : "true"), .data("status", LibraryRoutes.apiStatus.url())) {
            if let progress {
                div(.class("scan-status card"), .role("status")) {
                    p {
                        strong { "Scanning your photos…" }
                        " \(progress.scanned) of \(progress.total) files. Albums appear as they are found."
                    }
                    progress.total > 0
                        ? HTML.progress(.max(Double(progress.total)), .value(String(progress.scanned))) {}
                        : HTML.progress() {}
                }
            }
            if !problems.isEmpty {
                div(.class("notice warning"), .role("note")) {
                    p { strong { "Some photos could not be read." } }
                    ul { for problem in problems { li { problem } } }
                }
            }
            if !isConfigured {
                div(.class("empty-state")) {
                    h2 { "No photo library yet" }
                    p { "Start Homepwner with --library /path/to/your/photos (repeat for several folders) to browse them here. The folders are only read, never changed." }
                }
            } else if albums.isEmpty && events.isEmpty && people.isEmpty && progress == nil {
                div(.class("empty-state")) {
                    h2 { "No photos found" }
                    p { "The library folders hold no JPEG, PNG, WebP, GIF, TIFF or HEIC photos yet." }
                }
            }
            if let placeEvents {
                section(.class("group-section"), .id("place-events"), .aria("labelledby", "place-events-title")) {
                    h2(.id("place-events-title"), .class("section-title")) { "Photos from \(placeEvents.placeName)’s Events" }
                    if placeEvents.cards.isEmpty {
                        p(.class("section-note")) {
                            "No photo is linked to anything in \(placeEvents.placeName) yet. Once one is, the events it was taken at are listed here: the days the room was photographed."
                        }
                    } else {
                        groupGrid(placeEvents.cards)
                    }
                }
            }
            if isConfigured { dates.node }
            groupSection(title: "Albums", id: "albums", cards: albums)
            groupSection(title: "Events", id: "events", cards: events)
            groupSection(title: "People", id: "faces", cards: people)
        }
    }

    private func groupSection(title text: String, id: String, cards: [GroupCardModel]) -> HTMLNode {
        guard !cards.isEmpty else { return .empty }
        return section(.class("group-section"), .id(id), .aria("labelledby", "\(id)-title")) {
            h2(.id("\(id)-title"), .class("section-title")) { text }
            groupGrid(cards)
        }
    }

    private func groupGrid(_ cards: [GroupCardModel]) -> HTMLNode {
        ul(.class("group-grid")) {
            for card in cards {
                li {
                    a(.class("group-card"), .href(card.url)) {
                        if let poster = card.posterURL {
                            img(.class("group-poster"), .src(poster), .width(256), .height(256), .alt(""), .loading("lazy"), .decoding("async"))
                        } else {
                            span(.class("group-poster placeholder")) {}
                        }
                        span(.class("group-name")) { card.name }
                        if let detail = card.detail { span(.class("group-detail")) { detail } }
                        span(.class("group-count")) { card.countText }
                    }
                }
            }
        }
    }
}

/// The library cannot be read, as `AssetsDataIsInaccessibleViewController` says it: denied (which
/// path; the server's user needs read permission) or reason unknown (with the error).
struct LibraryUnavailablePage {
    let denied: Bool
    let headline: String
    let explanation: String
    let path: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Library Unavailable", context: context, pageClass: "library",
                   bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Library"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow unavailable"), .role("alert")) {
            h2 { denied ? "Access to the photo library was denied" : "The photo library can’t be read" }
            p(.class("unavailable-reason")) { headline }
            p { explanation }
            if let path {
                p(.class("unavailable-path")) {
                    "Library folder: "
                    code { path }
                }
            }
            a(.class("button primary"), .href(LibraryRoutes.groups.url())) { "Try Again" }
        }
    }
}
