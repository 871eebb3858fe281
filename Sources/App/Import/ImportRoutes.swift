/// Every path of importing (a Homebox CSV/TSV export, a Homebox backup zip, our own export), spelled once.
enum ImportRoutes {
    // Pages (forms that work without scripts)
    /// The file picker (GET); the upload, answered with its preview's address (POST).
    static let start = RoutePath("/import")
    /// A kept upload's preview (GET), and its import (POST).
    static let preview = RoutePath("/import/{token}")
    /// Forgets a kept upload without importing it.
    static let discard = RoutePath("/import/{token}/discard")

    // JSON API
    static let api = RoutePath("/import", in: APIRoutes.v1)

    static func preview(_ token: String) -> String { preview.url(token) }
    static func discard(_ token: String) -> String { discard.url(token) }

    /// The file picker telling what the last import did.
    static func done(_ outcome: ImportOutcome) -> String {
        start.url() + "?added=\(outcome.added)&updated=\(outcome.updated)&locations=\(outcome.locationsCreated)&tags=\(outcome.tagsCreated)"
            + (outcome.photos > 0 ? "&photos=\(outcome.photos)" : "") + (outcome.documents > 0 ? "&documents=\(outcome.documents)" : "")
            + (outcome.videos > 0 ? "&videos=\(outcome.videos)" : "")
    }
}
