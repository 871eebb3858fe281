/// Why a video cannot be read, in words a person who sent it can act on.
public enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a video container at all.
    case notAVideo
    /// A container other than MP4 or QuickTime (MOV): Matroska/WebM, AVI, MPEG-TS, …
    case unsupportedContainer(String)
    /// A video codec other than H.264 or HEVC (H.265).
    case unsupportedCodec(String)
    /// The file holds no video track.
    case noVideoTrack
    /// Longer than the limit, by its samples' timestamps (not its header's claim).
    case tooLong(seconds: Double, limit: Double)
    /// Frames larger than the limit (coded size).
    case tooLarge(width: Int, height: Int, maxWidth: Int, maxHeight: Int)
    /// The file ends before the samples its tables list: it was cut off (at `seconds`).
    case truncated(seconds: Double)
    /// Reading or decoding went over `limit` (frames, bytes or time).
    case tooMuchWork(String)
    /// The container or a frame cannot be read.
    case damaged(String)
    /// The file could not be opened or read.
    case unreadable(String)
    /// Its caller asked it to stop (the server is shutting down); nothing of it is wrong.
    case stopped

    public var description: String {
        switch self {
        case .notAVideo:
            "This is not a video file. Send an MP4 or MOV video (H.264 or HEVC), as a phone records it."
        case .unsupportedContainer(let name):
            "This video is \(name), which is not read here. Send an MP4 or MOV video (H.264 or HEVC), as a phone records it."
        case .unsupportedCodec(let name):
            "This video's frames are \(name), which is not read here. Send an H.264 or HEVC video, as a phone records it."
        case .noVideoTrack:
            "This file has no video track."
        case .tooLong(let seconds, let limit):
            "This video is \(Self.minutes(seconds)) long; at most \(Self.minutes(limit)) is accepted. Trim it or record the room in parts."
        case .tooLarge(let width, let height, let maxWidth, let maxHeight):
            "This video's frames are \(width) × \(height) pixels; at most \(maxWidth) × \(maxHeight) is accepted."
        case .truncated(let seconds):
            "This video is cut off: its frames end after \(Self.minutes(seconds)) although it lists more. Send the whole file again."
        case .tooMuchWork(let what):
            "Reading this video took too much work (\(what)); it was given up."
        case .damaged(let detail):
            "This video is damaged and cannot be read (\(detail))."
        case .unreadable(let detail):
            "The video could not be read (\(detail))."
        case .stopped:
            "Reading this video was stopped before it finished; it is read again from the start."
        }
    }

    /// A length of time as the messages write it: `42.5 s`, `3 min 7 s`, `1 h 5 min`.
    public static func minutes(_ seconds: Double) -> String {
        let whole = Int(min(seconds, 1e12).rounded(.down))
        if whole >= 3600 { return "\(whole / 3600) h \(whole % 3600 / 60) min" }
        return whole >= 60 ? "\(whole / 60) min \(whole % 60) s" : String(format: "%.1f s", seconds)
    }
}
