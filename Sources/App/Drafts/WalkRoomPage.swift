import HTML
import Inventory

/// `/locations/{id}/walk`, Walk This Room: the back camera in the page and a labelled shutter
/// (Space or Enter on it takes a photo); each photo is uploaded in the background as a draft of
/// this place, with its progress, while the next is taken. Where the camera cannot open (no
/// camera API, a page not served over HTTPS, permission refused) the page says why and offers the
/// phone's own camera through the file picker, several photos at once; without scripts that
/// picker is a plain form.
struct WalkRoomPage {
    let place: (id: Location.ID, name: String)
    let draftCount: Int
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("walk.title", ["place": .text(place.name)])
        return PageLayout(title: title, context: context, pageClass: "walk",
                          bar: TopBar(back: (label: place.name, url: LocationRoutes.location(place.id)), title: title),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("walk-layout"), .id("walk"), .data("works-offline", "true"), .data("api", DraftRoutes.apiDrafts(place.id)),
            .data("drafts", DraftRoutes.list(in: place.id)), .data("where", place.name)) {
            PageWords(prefix: "walk.script.", words: context.localizer).node
            section(.class("walk-camera card"), .id("walk-camera"), .aria("label", context.text("walk.camera")), .hidden) {
                video(.class("walk-preview"), .id("walk-preview"), .playsinline, .muted, .aria("label", context.text("walk.preview"))) {}
                button(.class("button primary shutter"), .type("button"), .id("walk-shutter"), .aria("describedby", "walk-shutter-hint")) {
                    context.text("walk.take-photo")
                }
                p(.class("muted walk-hint"), .id("walk-shutter-hint")) { context.text("walk.shutter-hint", ["place": .text(place.name)]) }
            }
            p(.class("notice warning walk-reason"), .id("walk-reason"), .role("status"), .hidden) {}
            HTML.form(.class("walk-files card"), .id("walk-files"), .method("post"), .action(DraftRoutes.walk(place.id)), .enctype("multipart/form-data")) {
                CSRFField(token: context.csrfToken).node
                label(.for("walk-file-input")) { context.text("walk.choose-photos") }
                input(.type("file"), .id("walk-file-input"), .name("photos"), .accept("image/*"), .capture("environment"), .multiple)
                button(.class("button"), .type("submit"), .id("walk-files-submit")) { context.text("walk.upload-photos") }
            }
            // Record Video: the phone's own camera records; the video becomes the place's walk-through.
            if context.canEdit {
                div(.class("walk-video card"), .id("walk-video")) {
                    WalkthroughSection.uploadForm(uploadURL: WalkthroughRoutes.upload(place.id), apiUploadURL: WalkthroughRoutes.apiUpload(place.id),
                                                  label: context.text("walk.record-video", ["place": .text(place.name)]), button: context.text("walk.upload-video"), place: place.name,
                                                  csrfToken: context.csrfToken, done: LocationRoutes.location(place.id) + "#walkthroughs-title")
                }
            }
            section(.class("walk-progress card"), .aria("labelledby", "walk-count")) {
                p(.class("walk-count"), .id("walk-count"), .aria("live", "polite")) {
                    span(.id("walk-made")) { String(draftCount) }
                    context.text("walk.drafts-in", ["count": .count(draftCount), "place": .text(place.name)])
                }
                a(.class("button"), .id("walk-name-link"), .href(DraftRoutes.list(in: place.id))) { context.text("walk.name-drafts") }
                ol(.class("walk-uploads"), .id("walk-uploads"), .aria("label", context.text("walk.uploads"))) {}
            }
        }
    }
}

/// `/walk`: which place to walk, from the item list.
struct WalkChoicePage {
    let places: [(id: Location.ID, path: String)]
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("item.list.walk-a-room")
        return PageLayout(title: title, context: context, pageClass: "walk-choice",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.list.url()), title: title), content: content,
                          translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("walk-choice-layout")) {
            if places.isEmpty {
                div(.class("empty-state")) {
                    h2 { context.text("walk.choice.empty-title") }
                    p { context.text("walk.choice.empty-text") }
                    a(.class("button primary"), .href(LocationRoutes.list.url())) { context.text("walk.choice.add-places") }
                }
            } else {
                h2(.id("walk-choice-title")) { context.text("walk.choice.which-room") }
                ul(.class("walk-choice-list"), .aria("labelledby", "walk-choice-title")) {
                    for place in places { li { a(.class("button"), .href(DraftRoutes.walk(place.id))) { place.path } } }
                }
            }
        }
    }
}
