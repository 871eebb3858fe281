import Foundation

/// A group of photos, as `enumerateGroupsWithTypes:` gives them: an album (a folder), an event
/// (photos close in time) or a person's faces; or the photos of a date range a person chose
/// (`LibraryDateRange`), never among the groups listed.
public struct LibraryGroup: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case album, event, faces, dates
    }

    public let id: String
    public let kind: Kind
    public let name: String
    /// More about the group: an album's parent folders ("Holidays"), or nil.
    public let detail: String?
    public let count: Int
    /// The photo shown for the group.
    public let posterAssetID: LibraryAsset.ID?
    public let posterFingerprint: String?
}

/// A folder on the way to an album, for the breadcrumb.
public struct AlbumCrumb: Sendable, Equatable {
    public let id: String
    public let name: String
}
