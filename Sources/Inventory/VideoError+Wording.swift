import Messages
import Video

extension VideoError {
    /// Why the video cannot be read, in the reader's language (a reader's own detail, such as a
    /// container's or a codec's name, as the reader gives it).
    public var wording: Message {
        switch self {
        case .notAVideo:
            Message("error.server.video.not-a-video", "This is not a video file. Send an MP4 or MOV video (H.264 or HEVC), as a phone records it.")
        case .unsupportedContainer(let name):
            Message("error.server.video.container", "This video is \(name), which is not read here. Send an MP4 or MOV video (H.264 or HEVC), as a phone records it.",
                    ["name": .text(name)])
        case .unsupportedCodec(let name):
            Message("error.server.video.codec", "This video's frames are \(name), which is not read here. Send an H.264 or HEVC video, as a phone records it.",
                    ["name": .text(name)])
        case .noVideoTrack:
            Message("error.server.video.no-track", "This file has no video track.")
        case .tooLong(let seconds, let limit):
            Message("error.server.video.too-long",
                    "This video is \(Self.minutes(seconds)) long; at most \(Self.minutes(limit)) is accepted. Trim it or record the room in parts.",
                    ["length": .text(Self.minutes(seconds)), "limit": .text(Self.minutes(limit))])
        case .tooLarge(let width, let height, let maxWidth, let maxHeight):
            Message("error.server.video.too-large", "This video's frames are \(width) × \(height) pixels; at most \(maxWidth) × \(maxHeight) is accepted.",
                    ["width": .count(width), "height": .count(height), "maxWidth": .count(maxWidth), "maxHeight": .count(maxHeight)])
        case .truncated(let seconds):
            Message("error.server.video.truncated",
                    "This video is cut off: its frames end after \(Self.minutes(seconds)) although it lists more. Send the whole file again.",
                    ["length": .text(Self.minutes(seconds))])
        case .tooMuchWork(let what):
            Message("error.server.video.too-much-work", "Reading this video took too much work (\(what)); it was given up.", ["detail": .text(what)])
        case .damaged(let detail):
            Message("error.server.video.damaged", "This video is damaged and cannot be read (\(detail)).", ["detail": .text(detail)])
        case .unreadable(let detail):
            Message("error.server.video.unreadable", "The video could not be read (\(detail)).", ["detail": .text(detail)])
        case .stopped:
            Message("error.server.video.stopped", "Reading this video was stopped before it finished; it is read again from the start.")
        }
    }
}
