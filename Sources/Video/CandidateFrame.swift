/// A frame worth making an item from: a still moment of a scene, the sharpest of it, as a JPEG
/// turned upright.
public struct CandidateFrame: Sendable, Equatable {
    /// Seconds from the start of the video.
    public let second: Double
    /// The picture, upright, at most `CandidateOptions.longestEdge` on its longer side.
    public let jpeg: [UInt8]
    public let width: Int
    public let height: Int
    /// The Laplacian variance of its grey 256 × 144 copy (higher is sharper).
    public let sharpness: Double
    /// Its dHash (64 bits), which near-duplicates share all but a few bits of.
    public let hash: UInt64
}

/// What reading a video took, for tests and limits: counted, never timed.
public struct DecodeWork: Sendable, Equatable {
    public var bytesRead: Int64 = 0
    public var samplesRead = 0
    public var framesDecoded = 0
    public var framesLookedAt = 0
}

/// A video's candidate frames and its poster.
public struct FrameSelection: Sendable {
    public let info: VideoInfo
    /// In order of time; near-duplicates dropped.
    public let frames: [CandidateFrame]
    /// The picture shown before the video plays: the first candidate, else the first frame with
    /// anything in it, else the first frame.
    public let poster: CandidateFrame
    public let work: DecodeWork
}

/// How candidates are chosen. The defaults were measured on the synthetic walk and cuts clips of
/// the capture corpus (every object on screen 2 s or more has a candidate, at most 3 each).
public struct CandidateOptions: Sendable, Equatable {
    /// Seconds between the frames looked at (the others are only decoded, or skipped).
    public var interval: Double = 0.1
    /// How far (mean difference of a 32 × 18 grey grid, 0–255) the picture may drift from a
    /// scene's first frame before a new scene starts: a cut, or the camera moved on.
    public var sceneChange: Double = 12
    /// The most a frame may move from the one looked at before it to count as at rest.
    public var atRest: Double = 2.5
    /// A scene shorter than this gives no candidate (the camera passing by, a dissolve).
    public var shortestScene: Double = 0.6
    /// Frames with less contrast than this (standard deviation of the grid) show nothing (black, a fade).
    public var leastContrast: Double = 6
    /// Frames whose dHashes differ in at most this many of 64 bits are near-duplicates.
    public var duplicateBits: Int = 10
    /// The candidates' longer side at most, in pixels.
    public var longestEdge: Int = 1920
    public var jpegQuality: Int32 = 85

    public init() {}
}
