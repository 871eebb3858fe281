import Inventory

/// Every path of walk-throughs (a place's videos), spelled once.
enum WalkthroughRoutes {
    /// The original video, byte for byte, answering range requests (Safari plays only so).
    static let video = RoutePath("/walkthroughs/{id}/video")

    // JSON API
    static let apiUpload = RoutePath("/locations/{id}/walkthroughs", in: APIRoutes.v1)
    static let apiWalkthrough = RoutePath("/walkthroughs/{id}", in: APIRoutes.v1)

    static func video(_ id: Walkthrough.ID) -> String { video.url(id) }
    static func apiUpload(_ id: Location.ID) -> String { apiUpload.url(id) }
    static func apiWalkthrough(_ id: Walkthrough.ID) -> String { apiWalkthrough.url(id) }
}
