import Foundation
import HTML
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

    init(_ walkthrough: Walkthrough) {
        id = walkthrough.id
        videoURL = WalkthroughRoutes.video(walkthrough.id)
        contentType = walkthrough.contentType
        posterURL = walkthrough.poster.map { ItemPhotoURLs($0).screen }
        recordedISO = DisplayFormat.iso8601(walkthrough.recordedAt)
        recordedText = DisplayFormat.date(walkthrough.recordedAt)
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

    var node: HTMLNode {
        section(.class("card walkthroughs"), .aria("labelledby", "walkthroughs-title")) {
            h2(.id("walkthroughs-title")) { "Walk-throughs" }
            p(.class("muted")) { "A video of the place, kept whole as dated evidence of the room, and cut into frames worth making items from." }
            for walkthrough in walkthroughs { entry(walkthrough) }
            if canEdit {
                Self.uploadForm(uploadURL: uploadURL, apiUploadURL: apiUploadURL, label: "Video of this place", button: "Upload Video", place: placeName,
                                csrfToken: csrfToken)
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
        return figure(.class("walkthrough"), .id("walkthrough-entry-\(walkthrough.id)")) {
            if let poster = walkthrough.posterURL {
                video(.id(videoID), .controls, .preload("metadata"), .poster(poster), .aria("label", "Walk-through of \(walkthrough.recordedText)")) {
                    source(.src(walkthrough.videoURL), .type(walkthrough.contentType))
                }
            } else {
                video(.id(videoID), .controls, .preload("metadata"), .aria("label", "Walk-through of \(walkthrough.recordedText)")) {
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
                    "Processing… its frames are being made; reload the page to see them."
                }
            case .failed(let reason):
                p(.class("notice warning")) { "Its frames could not be made: \(reason)" }
            case .ready where walkthrough.frames.isEmpty:
                p(.class("muted")) { "No frame stood out in this video." }
            case .ready:
                ol(.class("walkthrough-frames"), .aria("label", "Frames of the walk-through of \(walkthrough.recordedText)")) {
                    for frame in walkthrough.frames {
                        let time = WalkthroughModel.clock(frame.second)
                        li {
                            a(.class("walkthrough-frame"), .href("\(walkthrough.videoURL)#t=\(String(format: "%.1f", frame.second))"),
                              .data("seek", String(format: "%.2f", frame.second)), .data("video", videoID),
                              .aria("label", "Play from \(time)")) {
                                img(.src(frame.thumbnailURL), .alt("Frame at \(time)"), .loading("lazy"), .width(160), .height(90))
                                span { time }
                            }
                            if canEdit {
                                HTML.form(.class("walkthrough-draft"), .method("post"), .action(walkthrough.draftsURL)) {
                                    CSRFField(token: csrfToken).node
                                    input(.type("hidden"), .name("second"), .value(String(frame.second)))
                                    button(.class("button small"), .type("submit"), .aria("label", "Make a draft from the frame at \(time)")) { "Make Draft" }
                                }
                            }
                        }
                    }
                }
            }
            if canEdit {
                HTML.form(.class("walkthrough-delete"), .method("post"), .action(walkthrough.deleteURL)) {
                    CSRFField(token: csrfToken).node
                    button(.class("button destructive small"), .type("submit")) { "Delete Walk-through" }
                }
            }
        }
    }
}
