/// A group of library photos as `/api/v1/library/groups` lists it (`LibraryJSON.groups`).
struct LibraryGroupModel: Decodable, Equatable, Sendable {
    let id: String
    /// `album`, `event`, `person`, …
    let kind: String
    let name: String
    let count: Int
    /// nil for JSON `null`: no poster.
    let posterURL: String?
}

/// A page of a group's photos (`/api/v1/library/groups/{id}/assets`).
struct LibraryPageModel: Decodable, Equatable, Sendable {
    let total: Int
    let assets: [LibraryAssetModel]
}

/// A library photo: the summary a page lists, and what only the detail (`/api/v1/library/assets/{id}`)
/// adds, nil in a summary.
struct LibraryAssetModel: Decodable, Equatable, Sendable {
    let id: String
    let width: Int
    let height: Int
    let takenAt: String?
    let thumbnailURL: String
    let screenURL: String
    let originalURL: String
    // The detail's.
    let fileName: String?
    let camera: String?
    let gps: GPS?
    let orientation: Int?
    let people: [String]?
    let fullURL: String?
    let problem: String?

    struct GPS: Decodable, Equatable, Sendable {
        let latitude: Double
        let longitude: Double
    }
}

/// The library's scan status (`/api/v1/library/status`).
struct LibraryStatusModel: Decodable, Equatable, Sendable {
    /// `scanning`, `ready`, `inaccessible`, …
    let state: String
    let reason: String?
    let scanned: Int
    let total: Int
    let skipped: Int
    let configured: Bool
    let problems: [String]
}
