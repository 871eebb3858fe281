import Testing
import Video

/// What a video is, from its tables and its codec's parameters: the samples are trusted, the
/// header's claims are not, and everything but MP4/MOV with H.264/HEVC is refused by name.
@Suite struct ProbeTests {
    @Test func aPhoneLikeMP4IsDescribedFromItsSamples() throws {
        let info = try Video.probe(fileAtPath: VideoFixtures.path("synthetic-walk-12-objects-360p.mp4"))
        #expect(info.container == .mp4)
        #expect(info.codec == .h264)
        #expect(abs(info.seconds - 60) < 0.05)
        #expect(info.codedWidth == 640 && info.codedHeight == 360)
        #expect(info.rotation == 0)
        #expect(abs(info.framesPerSecond - 30) < 0.01)
        #expect(info.frameCount == 1800)
    }

    @Test func aPortraitHEVCMovieIsTurnedByItsDisplayMatrix() throws {
        let info = try Video.probe(fileAtPath: VideoFixtures.path("derived-hevc-rotated-bottle-detection.mov"))
        #expect(info.container == .mov)
        #expect(info.codec == .hevc)
        #expect(info.rotation == 90)
        #expect(info.displayWidth == 360 && info.displayHeight == 640)
        #expect(abs(info.seconds - 12) < 0.1)
    }

    @Test func aHeaderClaimingTenHoursOf8KIsReadAsTheEightSecondsOf640x360ItHolds() throws {
        let info = try Video.probe(fileAtPath: VideoFixtures.path("lying-header.mp4"))
        #expect(abs(info.seconds - 8.08) < 0.1, "\(info.seconds)")
        #expect(info.codedWidth == 640 && info.codedHeight == 360)
        // …and its frames are all read, never a budget sized from 10 hours.
        let selection = try Video.candidateFrames(fileAtPath: VideoFixtures.path("lying-header.mp4"))
        #expect(selection.work.framesDecoded <= 241)
        #expect(selection.frames.allSatisfy { $0.second < 8.1 })
    }

    @Test func samplesSpanningElevenHoursAreRefusedAsTooLongWithoutDecodingAny() {
        #expect(throws: VideoError.tooLong(seconds: 39_600, limit: 900)) {
            try Video.candidateFrames(fileAtPath: VideoFixtures.path("hostile-11-hours-of-samples.mp4"))
        }
    }

    @Test func matroskaNamedMP4IsRefusedByItsBytes() {
        #expect(throws: VideoError.unsupportedContainer("Matroska or WebM")) {
            try Video.probe(fileAtPath: VideoFixtures.path("wrong-extension-matroska.mp4"))
        }
    }

    @Test func aFileCutOffIsRefusedAsTruncatedWithWhereItEnds() throws {
        let error = #expect(throws: VideoError.self) {
            try Video.probe(fileAtPath: VideoFixtures.path("damaged-truncated.mp4"))
        }
        guard case .truncated(let seconds) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(seconds > 5 && seconds < 25, "\(seconds)")
        #expect(error?.description.contains("cut off") == true)
    }

    @Test func aHeaderOf16384x16384IsRefusedBeforeAnyFrameIsDecoded() {
        #expect(throws: VideoError.tooLarge(width: 16384, height: 16384, maxWidth: 4096, maxHeight: 4096)) {
            try Video.candidateFrames(fileAtPath: VideoFixtures.path("hostile-16384x16384-header.mp4"))
        }
    }

    @Test func framesLargerThanTheHeaderSaysAreRefusedByTheDecoder() throws {
        let path = VideoFixtures.path("hostile-4800x4800-frames-header-says-640x360.mp4")
        #expect(try Video.probe(fileAtPath: path).codedWidth == 640)
        #expect(throws: VideoError.tooLarge(width: 4800, height: 4800, maxWidth: 4096, maxHeight: 4096)) {
            try Video.candidateFrames(fileAtPath: path)
        }
    }

    @Test func otherBytesAreNotAVideo() throws {
        #expect(throws: VideoError.notAVideo) { try Video.probe(Array("name,quantity\nlamp,1\n".utf8)) }
        #expect(throws: VideoError.notAVideo) { try Video.probe([]) }
        let jpeg = try Video.candidateFrames(fileAtPath: VideoFixtures.path("lying-header.mp4")).poster.jpeg
        #expect(throws: VideoError.notAVideo) { try Video.probe(jpeg) }
    }

    @Test func everyLimitIsCheckedAgainstWhatIsRead() throws {
        let walk = VideoFixtures.path("synthetic-walk-12-objects-360p.mp4")
        #expect(throws: VideoError.tooLong(seconds: 60, limit: 30)) {
            try Video.probe(fileAtPath: walk, limits: VideoLimits(maxSeconds: 30))
        }
        #expect(throws: VideoError.tooLarge(width: 640, height: 360, maxWidth: 320, maxHeight: 4096)) {
            try Video.probe(fileAtPath: walk, limits: VideoLimits(maxWidth: 320))
        }
        #expect(throws: VideoError.tooMuchWork("more than 100 frames")) {
            try Video.candidateFrames(fileAtPath: walk, limits: VideoLimits(maxDecodedFrames: 100))
        }
        #expect(throws: VideoError.tooMuchWork("more than 100000 bytes read")) {
            try Video.candidateFrames(fileAtPath: walk, limits: VideoLimits(maxBytesRead: 100_000))
        }
    }
}
