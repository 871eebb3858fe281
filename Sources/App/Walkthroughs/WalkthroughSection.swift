import Foundation
import HTML
import Localization
import Inventory

/// A walk-through as the place's page shows it.
struct WalkthroughModel: Sendable {
    struct Frame: Sendable {
        let second: Double
        let thumbnailURL: String
    }

    let id: Walkthrough.ID
    let videoURL: String
    let contentType: String
    let posterURL: String?
    let recordedISO: String
    let recordedText: String
    let duration: String
    let status: Walkthrough.Status
    let frames: [Frame]
    let deleteURL: String
    let draftsURL: String

    /// `format`: the page's language, which writes the day it was recorded.
    init(_ walkthrough: Walkthrough, format: DisplayFormat = DisplayFormat(words: Localization.bundled.localizer(for: .template))) {
        id = walkthrough.id
        videoURL = WalkthroughRoutes.video(walkthrough.id)
        contentType = walkthrough.contentType
        posterURL = walkthrough.poster.map { ItemPhotoURLs($0).screen }
        recordedISO = DisplayFormat.iso8601(walkthrough.recordedAt)
        recordedText = format.date(walkthrough.recordedAt)
        duration = Self.clock(walkthrough.seconds)
        status = walkthrough.status
        frames = walkthrough.frames.map { Frame(second: $0.second, thumbnailURL: ItemPhotoURLs($0.image).rendition(.report)) }
        deleteURL = WalkthroughRoutes.delete(walkthrough.id)
        draftsURL = WalkthroughRoutes.drafts(walkthrough.id)
    }

    /// `1:05`, `12:00`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        return "\(whole / 60):\(String(format: "%02d", whole % 60))"
    }
}

/// "Walk-throughs" on a place's page: each video playable in the page with its date and length, the
/// strip of its candidate frames (each a link to the video at that second, which the page's script
/// turns into a seek of the video above it), and a form to upload another that works without scripts.
struct WalkthroughSection {
    let walkthroughs: [WalkthroughModel]
    let placeName: String
    let uploadURL: String
    let apiUploadURL: String
    let canEdit: Bool
    let csrfToken: String?
    /// The page's language.
    var words = Localization.bundled.localizer(for: .template)

    var node: HTMLNode {
        section(.class("card walkthroughs"), .aria("labelledby", "walkthroughs-title")) {
            h2(.id("walkthroughs-title")) { words.text("walkthrough.title") }
            p(.class("muted")) { words.text("walkthrough.intro") }
            for walkthrough in walkthroughs { entry(walkthrough) }
            if canEdit {
                Self.uploadForm(uploadURL: uploadURL, apiUploadURL: apiUploadURL, label: words.text("walkthrough.video-label"),
                                button: words.text("walkthrough.upload"), place: placeName, csrfToken: csrfToken)
            }
        }
    }

    /// The form that uploads a video of a place: a plain multipart post without scripts; with them,
    /// the video goes through the device's outbox to the API, with its progress (then `done`, or
    /// this page again).
    static func uploadForm(uploadURL: String, apiUploadURL: String, label text: String, button title: String, place: String, csrfToken: String?,
                           done: String? = nil) -> HTMLNode {
        HTML.form(.class("walkthrough-upload"), .method("post"), .action(uploadURL), .enctype("multipart/form-data"), .data("api", apiUploadURL),
                  .data("done", done ?? ""), .data("where", place)) {
            CSRFField(token: csrfToken).node
            label(.for("walkthrough-video")) { text }
            input(.type("file"), .id("walkthrough-video"), .name("video"), .accept("video/*"), .capture("environment"), .required)
            button(.class("button primary"), .type("submit")) { title }
            p(.class("walkthrough-progress muted"), .role("status"), .aria("live", "polite")) { "" }
        }
    }

    private func entry(_ walkthrough: WalkthroughModel) -> HTMLNode {
        let videoID = "walkthrough-\(walkthrough.id)"
        let videoLabel = words.text("walkthrough.video-of", ["date": .text(walkthrough.recordedText)])
        return figure(.class("walkthrough"), .id("walkthrough-entry-\(walkthrough.id)")) {
            if let poster = walkthrough.posterURL {
                video(.id(videoID), .controls, .preload("metadata"), .poster(poster), .aria("label", videoLabel)) {
                    source(.src(walkthrough.videoURL), .type(walkthrough.contentType))
                }
            } else {
                video(.id(videoID), .controls, .preload("metadata"), .aria("label", videoLabel)) {
                    source(.src(walkthrough.videoURL), .type(walkthrough.contentType))
                }
            }
            figcaption {
                time(.datetime(walkthrough.recordedISO)) { walkthrough.recordedText }
                span(.class("walkthrough-duration")) { " · \(walkthrough.duration)" }
            }
            switch walkthrough.status {
            case .processing:
                p(.class("walkthrough-status muted"), .role("status"), .data("walkthrough", String(walkthrough.id.rawValue))) {
                    words.text("walkthrough.processing")
                }
            case .failed(let failure):
                p(.class("notice warning")) { words.text("walkthrough.failed", ["reason": .text(DisplayFormat(words: words).text(failure.wording))]) }
            case .ready where walkthrough.frames.isEmpty:
                p(.class("muted")) { words.text("walkthrough.no-frames") }
            case .ready:
                ol(.class("walkthrough-frames"), .aria("label", words.text("walkthrough.frames-of", ["date": .text(walkthrough.recordedText)]))) {
                    for frame in walkthrough.frames {
                        let time = WalkthroughModel.clock(frame.second)
                        li {
                            a(.class("walkthrough-frame"), .href("\(walkthrough.videoURL)#t=\(String(format: "%.1f", frame.second))"),
                              .data("seek", String(format: "%.2f", frame.second)), .data("video", videoID),
                              .aria("label", words.text("walkthrough.play-from", ["time": .text(time)]))) {
                                img(.src(frame.thumbnailURL), .alt(words.text("walkthrough.frame-at", ["time": .text(time)])), .loading("lazy"), .width(160), .height(90))
                                span { time }
                            }
                            if canEdit {
                                HTML.form(.class("walkthrough-draft"), .method("post"), .action(walkthrough.draftsURL)) {
                                    CSRFField(token: csrfToken).node
                                    input(.type("hidden"), .name("second"), .value(String(frame.second)))
                                    button(.class("button small"), .type("submit"), .aria("label", words.text("walkthrough.make-draft-from", ["time": .text(time)]))) {
                                        words.text("walkthrough.make-draft")
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if canEdit {
                HTML.form(.class("walkthrough-delete"), .method("post"), .action(walkthrough.deleteURL)) {
                    CSRFField(token: csrfToken).node
                    button(.class("button destructive small"), .type("submit")) { words.text("walkthrough.delete") }
                }
            }
        }
    }
}
