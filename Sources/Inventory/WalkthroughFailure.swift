import Foundation
import Video

/// Why a walk-through's frames could not be made, kept as a reason a page words in its reader's
/// language, never as words in one language.
///
/// Stored in `walkthroughs.failure` as a small JSON object, `{"reason": "video.damaged", "detail": "…"}`:
/// a stable reason with the values it names (a library's detail in its own words). A row failed before
/// reasons were kept this way holds US English words, which never start with `{`: they are read back
/// as `described` and shown as they are.
public enum WalkthroughFailure: Sendable, Equatable {
    /// The video reader could not read the video, for this reason.
    case video(VideoError)
    /// The frames were read but could not be stored: the system's detail, in its own words.
    case notStored(detail: String)
    /// Words stored before reasons were kept: US English, shown as they are.
    case described(String)

    /// What `walkthroughs.failure` holds for it.
    public var stored: String {
        let fields: [String: Any]
        switch self {
        case .described(let words): return words
        case .notStored(let detail): fields = ["reason": "not-stored", "detail": detail]
        case .video(let error):
            switch error {
            case .notAVideo: fields = ["reason": "video.not-a-video"]
            case .unsupportedContainer(let name): fields = ["reason": "video.container", "name": name]
            case .unsupportedCodec(let name): fields = ["reason": "video.codec", "name": name]
            case .noVideoTrack: fields = ["reason": "video.no-track"]
            case .tooLong(let seconds, let limit): fields = ["reason": "video.too-long", "seconds": seconds, "limit": limit]
            case .tooLarge(let width, let height, let maxWidth, let maxHeight):
                fields = ["reason": "video.too-large", "width": width, "height": height, "maxWidth": maxWidth, "maxHeight": maxHeight]
            case .truncated(let seconds): fields = ["reason": "video.truncated", "seconds": seconds]
            case .tooMuchWork(let detail): fields = ["reason": "video.too-much-work", "detail": detail]
            case .damaged(let detail): fields = ["reason": "video.damaged", "detail": detail]
            case .unreadable(let detail): fields = ["reason": "video.unreadable", "detail": detail]
            case .stopped: fields = ["reason": "video.stopped"]
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// What `walkthroughs.failure` held: a reason this version knows, else the words as they are.
    public init(stored: String) {
        guard stored.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any],
              let reason = object["reason"] as? String else {
            self = .described(stored)
            return
        }
        func text(_ key: String) -> String? { object[key] as? String }
        func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        func whole(_ key: String) -> Int? { (object[key] as? NSNumber)?.intValue }
        let known: WalkthroughFailure? = switch reason {
        case "not-stored": text("detail").map { .notStored(detail: $0) }
        case "video.not-a-video": .video(.notAVideo)
        case "video.container": text("name").map { .video(.unsupportedContainer($0)) }
        case "video.codec": text("name").map { .video(.unsupportedCodec($0)) }
        case "video.no-track": .video(.noVideoTrack)
        case "video.too-long": number("seconds").flatMap { seconds in number("limit").map { .video(.tooLong(seconds: seconds, limit: $0)) } }
        case "video.too-large":
            if let width = whole("width"), let height = whole("height"), let maxWidth = whole("maxWidth"), let maxHeight = whole("maxHeight") {
                .video(.tooLarge(width: width, height: height, maxWidth: maxWidth, maxHeight: maxHeight))
            } else { nil }
        case "video.truncated": number("seconds").map { .video(.truncated(seconds: $0)) }
        case "video.too-much-work": text("detail").map { .video(.tooMuchWork($0)) }
        case "video.damaged": text("detail").map { .video(.damaged($0)) }
        case "video.unreadable": text("detail").map { .video(.unreadable($0)) }
        case "video.stopped": .video(.stopped)
        default: nil
        }
        // A reason a later version added reads as what was stored rather than as nothing.
        self = known ?? .described(stored)
    }
}
