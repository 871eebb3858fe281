import Database
import Foundation
import Imaging

/// A photo found in a library root. Its id is opaque: a keyed hash of where it is, never the path.
public struct LibraryAsset: Sendable, Equatable {
    /// A library photo's id (`LibraryPhotoID`, in `Database` because the inventory's evidence links hold one too).
    public typealias ID = LibraryPhotoID

    public let id: ID
    public let albumID: String
    public let fileName: String
    /// Identifies this version of the file (size and modification time): part of rendition URLs.
    public let fingerprint: String
    public let format: ImageFormat?
    /// Upright size.
    public let width: Int
    public let height: Int
    public let orientation: Int
    /// When it was taken, as the camera's wall-clock time (EXIF `DateTimeOriginal`), or the file's
    /// modification time in the server's time zone when the photo does not say.
    public let takenAt: Date
    public let takenAtIsFromCamera: Bool
    public let camera: String?
    public let latitude: Double?
    public let longitude: Double?
    /// Why the photo cannot be shown (a damaged file, a form this build cannot decode), or nil.
    public let problem: LibraryPhotoProblem?
    public var people: [String]
}
