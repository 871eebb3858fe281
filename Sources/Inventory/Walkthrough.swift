import Database
import Foundation

/// A video of a place, kept whole as dated evidence of it, with the frames worth making items from.
public struct Walkthrough: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<Walkthrough>

    /// Where the candidate frames are: made in the background after the upload.
    public enum Status: Sendable, Equatable {
        case processing
        case ready
        /// The frames could not be made; the video is still kept.
        case failed(WalkthroughFailure)

        public var name: String {
            switch self {
            case .processing: "processing"
            case .ready: "ready"
            case .failed: "failed"
            }
        }
    }

    /// A candidate frame: its second in the video and its picture, stored as item photos are.
    public struct Frame: Sendable, Equatable {
        public let second: Double
        public let image: StoredImage
    }

    public let id: ID
    public let locationID: Location.ID
    /// The original, byte for byte (`VideoStore`).
    public let sha256: String
    public let contentType: String
    public let byteSize: Int
    /// The container's creation time, else when it was uploaded.
    public let recordedAt: Date
    public let seconds: Double
    public let width: Int
    public let height: Int
    public let codec: String
    public let status: Status
    public let poster: StoredImage?
    public let frames: [Frame]
    public let addedAt: Date

    /// What a file of the video is named with: `mov` for a QuickTime movie, `mp4` for the rest.
    public var fileExtension: String { contentType == "video/quicktime" ? "mov" : "mp4" }
}

/// A video checked (probed) and stored, not yet a walk-through: what `ItemStore.addWalkthrough` records.
public struct WalkthroughVideo: Sendable {
    public let sha256: String
    public let contentType: String
    public let byteSize: Int
    public let recordedAt: Date?
    public let seconds: Double
    public let width: Int
    public let height: Int
    public let codec: String

    public init(sha256: String, contentType: String, byteSize: Int, recordedAt: Date?, seconds: Double, width: Int, height: Int, codec: String) {
        self.sha256 = sha256
        self.contentType = contentType
        self.byteSize = byteSize
        self.recordedAt = recordedAt
        self.seconds = seconds
        self.width = width
        self.height = height
        self.codec = codec
    }
}
