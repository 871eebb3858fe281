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
        PageLayout(title: "Walk \(place.name)", context: context, pageClass: "walk",
                   bar: TopBar(back: (label: place.name, url: LocationRoutes.location(place.id)), title: "Walk \(place.name)"),
                   content: content).document()
    }

    private var content: HTMLNode {
        div(.class("walk-layout"), .id("walk"), .data("works-offline", "true"), .data("api", DraftRoutes.apiDrafts(place.id)),
            .data("drafts", DraftRoutes.list(in: place.id)), .data("where", place.name)) {
            section(.class("walk-camera card"), .id("walk-camera"), .aria("label", "Camera"), .hidden) {
                video(.class("walk-preview"), .id("walk-preview"), .playsinline, .muted, .aria("label", "What the back camera sees")) {}
                button(.class("button primary shutter"), .type("button"), .id("walk-shutter"), .aria("describedby", "walk-shutter-hint")) {
                    "Take Photo"
                }
                p(.class("muted walk-hint"), .id("walk-shutter-hint")) { "Each photo becomes a draft in \(place.name). Space takes a photo while this button has the focus." }
            }
            p(.class("notice warning walk-reason"), .id("walk-reason"), .role("status"), .hidden) {}
            HTML.form(.class("walk-files card"), .id("walk-files"), .method("post"), .action(DraftRoutes.walk(place.id)), .enctype("multipart/form-data")) {
                CSRFField(token: context.csrfToken).node
                label(.for("walk-file-input")) { "Take or choose photos" }
                input(.type("file"), .id("walk-file-input"), .name("photos"), .accept("image/*"), .capture("environment"), .multiple)
                button(.class("button"), .type("submit"), .id("walk-files-submit")) { "Upload Photos" }
            }
            // Record Video: the phone's own camera records; the video becomes the place's walk-through.
            if context.canEdit {
                div(.class("walk-video card"), .id("walk-video")) {
                    WalkthroughSection.uploadForm(uploadURL: WalkthroughRoutes.upload(place.id), apiUploadURL: WalkthroughRoutes.apiUpload(place.id),
                                                  label: "Record Video of \(place.name)", button: "Upload Video", place: place.name,
                                                  csrfToken: context.csrfToken, done: LocationRoutes.location(place.id) + "#walkthroughs-title")
                }
            }
            section(.class("walk-progress card"), .aria("labelledby", "walk-count")) {
                p(.class("walk-count"), .id("walk-count"), .aria("live", "polite")) {
                    span(.id("walk-made")) { String(draftCount) }
                    draftCount == 1 ? " draft in \(place.name)" : " drafts in \(place.name)"
                }
                a(.class("button"), .id("walk-name-link"), .href(DraftRoutes.list(in: place.id))) { "Name the Drafts" }
                ol(.class("walk-uploads"), .id("walk-uploads"), .aria("label", "Photos being uploaded")) {}
            }
        }
    }
}

/// `/walk`: which place to walk, from the item list.
struct WalkChoicePage {
    let places: [(id: Location.ID, path: String)]
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Walk a Room", context: context, pageClass: "walk-choice",
                   bar: TopBar(back: (label: "Items", url: ItemRoutes.list.url()), title: "Walk a Room"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("walk-choice-layout")) {
            if places.isEmpty {
                div(.class("empty-state")) {
                    h2 { "No places yet" }
                    p { "Add the rooms of your home first; then walk each one, photographing what is in it." }
                    a(.class("button primary"), .href(LocationRoutes.list.url())) { "Add Places" }
                }
            } else {
                h2(.id("walk-choice-title")) { "Which room are you in?" }
                ul(.class("walk-choice-list"), .aria("labelledby", "walk-choice-title")) {
                    for place in places { li { a(.class("button"), .href(DraftRoutes.walk(place.id))) { place.path } } }
                }
            }
        }
    }
}
