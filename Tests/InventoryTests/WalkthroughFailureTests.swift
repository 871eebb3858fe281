import Foundation
import Inventory
import Testing
import Video

/// Why a walk-through's frames could not be made is kept as a reason, so a page words it in its
/// reader's language after any restart; words kept before that are still read back as they are.
@Suite struct WalkthroughFailureTests {
    @Test(arguments: [
        WalkthroughFailure.video(.notAVideo), .video(.unsupportedContainer("Matroska")), .video(.unsupportedCodec("vp9")), .video(.noVideoTrack),
        .video(.tooLong(seconds: 39_600.5, limit: 900)), .video(.tooLarge(width: 4800, height: 4800, maxWidth: 4096, maxHeight: 4096)),
        .video(.truncated(seconds: 12.4)), .video(.tooMuchWork("more than 100 frames")), .video(.damaged("Invalid data found when processing input")),
        .video(.unreadable("No such file or directory")), .video(.stopped), .notStored(detail: "disk I/O error"),
    ])
    func aReasonIsReadBackAsItWasKept(failure: WalkthroughFailure) {
        #expect(failure.stored.hasPrefix("{"))
        #expect(WalkthroughFailure(stored: failure.stored) == failure)
    }

    @Test func wordsKeptBeforeAndReasonsOfALaterVersionAreReadAsTheyAre() {
        let old = "This video's frames are 4800 × 4800 pixels; at most 4096 × 4096 is accepted."
        #expect(WalkthroughFailure(stored: old) == .described(old))
        #expect(WalkthroughFailure(stored: old).stored == old)
        #expect(WalkthroughFailure(stored: "") == .described(""))
        let later = #"{"reason":"video.some-day","detail":"x"}"#
        #expect(WalkthroughFailure(stored: later) == .described(later))
        #expect(WalkthroughFailure(stored: #"{"reason":"video.too-large","width":4800}"#) == .described(#"{"reason":"video.too-large","width":4800}"#))
    }
}
