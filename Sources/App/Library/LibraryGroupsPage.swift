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
        let title = context.text("item.list.library")
        let bar = pickingFor.map { TopBar(back: (label: context.text("common.cancel"), url: $0.url), title: $0.title) }
            ?? TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: title)
        return PageLayout(title: title, context: context, pageClass: "library", bar: bar, content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.id("library-groups"), .data("scanning", progress == nil ? "false" : "true"), .data("status", LibraryRoutes.apiStatus.url())) {
            if let progress {
                div(.class("scan-status card"), .role("status")) {
                    p {
                        strong { context.text("library.scan.title") }
                        " " + context.text("library.scan.progress", ["count": .count(progress.total), "scanned": .text(context.format.integer(progress.scanned))])
                    }
                    progress.total > 0
                        ? HTML.progress(.max(Double(progress.total)), .value(String(progress.scanned))) {}
                        : HTML.progress() {}
                }
            }
            if !problems.isEmpty {
                div(.class("notice warning"), .role("note")) {
                    p { strong { context.text("library.problems.title") } }
                    ul { for problem in problems { li { problem } } }
                }
            }
            if !isConfigured {
                div(.class("empty-state")) {
                    h2 { context.text("library.empty.unconfigured.title") }
                    p { context.text("library.empty.unconfigured.text", ["option": "--library"]) }
                }
            } else if albums.isEmpty && events.isEmpty && people.isEmpty && progress == nil {
                div(.class("empty-state")) {
                    h2 { context.text("library.empty.none.title") }
                    p { context.text("library.empty.none.text") }
                }
            }
            if let placeEvents {
                section(.class("group-section"), .id("place-events"), .aria("labelledby", "place-events-title")) {
                    h2(.id("place-events-title"), .class("section-title")) { context.text("library.place-events.title", ["place": .text(placeEvents.placeName)]) }
                    if placeEvents.cards.isEmpty {
                        p(.class("section-note")) {
                            context.text("library.place-events.none", ["place": .text(placeEvents.placeName)])
                        }
                    } else {
                        groupGrid(placeEvents.cards)
                    }
                }
            }
            if isConfigured { dates.node }
            groupSection(title: context.text("library.albums"), id: "albums", cards: albums)
            groupSection(title: context.text("library.events"), id: "events", cards: events)
            groupSection(title: context.text("library.people"), id: "faces", cards: people)
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
        PageLayout(title: context.text("library.unavailable.title"), context: context, pageClass: "library",
                   bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: context.text("item.list.library")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("card narrow unavailable"), .role("alert")) {
            h2 { context.text(denied ? "library.unavailable.denied" : "library.unavailable.unreadable") }
            p(.class("unavailable-reason")) { headline }
            p { explanation }
            if let path {
                p(.class("unavailable-path")) {
                    context.text("library.unavailable.folder") + " "
                    code { path }
                }
            }
            a(.class("button primary"), .href(LibraryRoutes.groups.url())) { context.text("library.unavailable.try-again") }
        }
    }
}
