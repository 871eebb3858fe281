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
                    ["length": .message(Self.length(seconds)), "limit": .message(Self.length(limit))])
        case .tooLarge(let width, let height, let maxWidth, let maxHeight):
            Message("error.server.video.too-large", "This video's frames are \(width) × \(height) pixels; at most \(maxWidth) × \(maxHeight) is accepted.",
                    ["width": .count(width), "height": .count(height), "maxWidth": .count(maxWidth), "maxHeight": .count(maxHeight)])
        case .truncated(let seconds):
            Message("error.server.video.truncated",
                    "This video is cut off: its frames end after \(Self.minutes(seconds)) although it lists more. Send the whole file again.",
                    ["length": .message(Self.length(seconds))])
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

    /// A length of time in the reader's language; in US English as `minutes` has always written it
    /// (`42.5 s`, `3 min 7 s`, `1 h 5 min`).
    static func length(_ seconds: Double) -> Message {
        let whole = Int(min(seconds, 1e12).rounded(.down))
        if whole >= 3600 {
            return Message("walkthrough.failure.length.hours", minutes(seconds), ["hours": .count(whole / 3600), "minutes": .count(whole % 3600 / 60)])
        }
        if whole >= 60 {
            return Message("walkthrough.failure.length.minutes", minutes(seconds), ["minutes": .count(whole / 60), "seconds": .count(whole % 60)])
        }
        // Tenths of a second as a whole number, which the message scales back, so that each language
        // writes its own decimal separator.
        return Message("walkthrough.failure.length.seconds", minutes(seconds), ["tenths": .count(Int((max(seconds, 0) * 10).rounded()))])
    }
}
