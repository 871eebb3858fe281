import Inventory
import Messages

extension WalkthroughFailure {
    /// Why the frames could not be made, in the reader's language; words stored before reasons were
    /// kept (US English) as they are.
    var wording: Message {
        switch self {
        case .video(let error): error.wording
        case .notStored(let detail):
            Message("walkthrough.failure.not-stored", "They were read from the video but could not be stored (\(detail)). Delete this walk-through and upload its video again.",
                    ["detail": .text(detail)])
        case .described(let words): Message(english: words)
        }
    }
}
