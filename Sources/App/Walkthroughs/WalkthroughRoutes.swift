import Foundation
import Inventory

/// Every path of walk-throughs (a place's videos), spelled once.
enum WalkthroughRoutes {
    /// The original video, byte for byte, answering range requests (Safari plays only so).
    static let video = RoutePath("/walkthroughs/{id}/video")
    /// The place page's forms (they work without scripts).
    static let upload = RoutePath("/locations/{id}/walkthroughs")
    static let delete = RoutePath("/walkthroughs/{id}/delete")
    /// A frame becomes a draft (the form's `second` names the frame).
    static let drafts = RoutePath("/walkthroughs/{id}/drafts")

    // JSON API
    static let apiUpload = RoutePath("/locations/{id}/walkthroughs", in: APIRoutes.v1)
    static let apiWalkthrough = RoutePath("/walkthroughs/{id}", in: APIRoutes.v1)
    static let apiDrafts = RoutePath("/walkthroughs/{id}/drafts", in: APIRoutes.v1)

    static func video(_ id: Walkthrough.ID) -> String { video.url(id) }
    static func upload(_ id: Location.ID) -> String { upload.url(id) }
    static func delete(_ id: Walkthrough.ID) -> String { delete.url(id) }
    static func drafts(_ id: Walkthrough.ID) -> String { drafts.url(id) }
    static func apiDrafts(_ id: Walkthrough.ID) -> String { apiDrafts.url(id) }
    static func apiUpload(_ id: Location.ID) -> String { apiUpload.url(id) }
    static func apiWalkthrough(_ id: Walkthrough.ID) -> String { apiWalkthrough.url(id) }
}

extension WalkthroughOrigin {
    /// The video at the frame's second (a media fragment: the browser starts playing there).
    var videoFragmentURL: String {
        "\(WalkthroughRoutes.video(walkthroughID))#t=\(String(format: "%.1f", second))"
    }
}
