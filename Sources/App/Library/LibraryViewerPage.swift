import HTML
import PhotoLibrary

/// What the viewer shows of one photo, as plain values.
struct ViewerModel: Sendable {
    /// What the album highlights once back (the library asset's ID; any key elsewhere).
    let assetID: String
    /// "3 of 24".
    let positionText: String
    let backURL: String
    /// Read aloud for the back link, in the page's words.
    let backLabel: String
    let previousURL: String?
    let nextURL: String?
    let screenURL: String
    /// Full resolution (the original when browsers can show it), loaded once zooming needs it.
    let fullURL: String
    /// nil where the original is not offered (an adjuster's link).
    let originalURL: String?
    let width: Int
    let height: Int
    let problem: String?
    /// Label–value rows for the info panel.
    let details: [(label: String, value: String)]
    let mapURL: String?
}

/// `/library/assets/{id}`: one photo full screen on black, zoomable to 1:1 pixels of the original
/// (the script does the zooming; without it the photo fits the screen), with previous/next and info.
struct LibraryViewerPage {
    let model: ViewerModel
    let context: PageContext

    func document() -> HTMLDocument {
        let language = context.localizer.language
        return HTMLDocument(html(.lang(language.tag), .dir(language.direction)) {
            head {
                meta(.charset("utf-8"))
                meta(.name("viewport"), .content("width=device-width, initial-scale=1, viewport-fit=cover"))
                meta(.name("color-scheme"), .content("dark"))
                HTML.title("\(model.positionText) — Homepwner")
                link(.rel("stylesheet"), .href(context.stylesheet))
                link(.rel("icon"), .href(context.icon), .type("image/svg+xml"))
                script(src: context.script)
            }
            body(.class("page-viewer")) {
                main(.class("viewer"), .id("viewer"), .data("asset", model.assetID),
                     .data("previous", model.previousURL ?? ""), .data("next", model.nextURL ?? ""), .data("back", model.backURL)) {
                    header(.class("viewer-bar")) {
                        a(.class("viewer-button back-link"), .href(model.backURL), .aria("label", model.backLabel)) {
                            Icons.chevronLeft
                            span { context.text("library.viewer.back") }
                        }
                        h1(.class("viewer-title")) { model.positionText }
                        button(.class("viewer-button info-toggle"), .type("button"), .popovertarget("viewer-info"), .aria("label", context.text("library.viewer.info"))) {
                            context.text("library.viewer.info")
                        }
                    }
                    div(.class("viewer-stage"), .id("viewer-stage"), .tabindex(0), .aria("label", context.text("library.viewer.stage")),
                        .data("width", String(model.width)), .data("height", String(model.height)),
                        .data("screen", model.screenURL), .data("full", model.fullURL)) {
                        if let problem = model.problem {
                            div(.class("viewer-problem"), .role("alert")) {
                                strong { context.text("library.viewer.problem") }
                                p { problem }
                            }
                        } else {
                            img(.class("viewer-image"), .id("viewer-image"), .src(model.screenURL), .width(model.width),
                                .height(model.height), .alt(model.positionText), .draggable(false))
                        }
                    }
                    nav(.class("viewer-nav"), .aria("label", context.text("library.grid.photos"))) {
                        if let previous = model.previousURL {
                            a(.class("viewer-button previous"), .href(previous), .aria("label", context.text("library.viewer.previous"))) { Icons.chevronLeft }
                        }
                        if let next = model.nextURL {
                            a(.class("viewer-button next"), .href(next), .aria("label", context.text("library.viewer.next"))) { Icons.chevronRight }
                        }
                    }
                    // Zooming without gestures or keys, for pointers and screen readers alike; shown by the
                    // script, which does the zooming.
                    div(.class("viewer-zoom"), .role("group"), .aria("label", context.text("library.viewer.zoom")), .hidden) {
                        button(.class("viewer-button zoom-out"), .type("button"), .aria("label", context.text("library.viewer.zoom-out"))) { "−" }
                        button(.class("viewer-button zoom-fit"), .type("button"), .aria("label", context.text("library.viewer.fit-label"))) {
                            context.text("library.viewer.fit")
                        }
                        button(.class("viewer-button zoom-in"), .type("button"), .aria("label", context.text("library.viewer.zoom-in"))) { "+" }
                    }
                    p(.class("visually-hidden"), .id("viewer-zoom-status"), .aria("live", "polite")) {}
                    aside(.class("viewer-info"), .id("viewer-info"), .popover(), .aria("label", context.text("library.viewer.details"))) {
                        h2 { context.text("library.viewer.info") }
                        dl {
                            for (label, value) in model.details {
                                dt { label }
                                dd { value }
                            }
                        }
                        if let map = model.mapURL {
                            a(.class("button"), .href(map), .rel("noopener noreferrer")) { context.text("library.viewer.map") }
                        }
                        if let original = model.originalURL { a(.class("button"), .href(original)) { context.text("library.viewer.original") } }
                    }
                }
                PageWords(prefix: "library.script.", words: context.localizer).node
            }
        })
    }
}
