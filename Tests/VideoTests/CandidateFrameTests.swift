import Foundation
import Imaging
import Testing
import Video

/// The goal, from the clips' truth: every object on screen for 2 s or more has at least one
/// candidate frame taken while all of it is in the picture, and none has more than 3.
@Suite struct CandidateFrameTests {
    @Test func everyObjectOfTheWalkHasACandidateAndAtMostThree() throws {
        let name = "synthetic-walk-12-objects-360p.mp4"
        let truth = try VideoFixtures.truth(name)
        let selection = try Video.candidateFrames(fileAtPath: VideoFixtures.path(name))
        let seconds = selection.frames.map(\.second)
        for object in truth.objects ?? [] where object.visible.seconds >= 2 {
            #expect(seconds.contains(where: object.fully_visible.contains), "no candidate of \(object.id) \(object.label): \(seconds)")
            #expect(seconds.filter(object.visible.contains).count <= 3, "too many of \(object.id) \(object.label): \(seconds)")
        }
        // Looked at a few times a second, not every frame.
        #expect(selection.work.framesLookedAt <= 700)
    }

    @Test func everyShotOfTheCutsHasACandidateAndAtMostThree() throws {
        let name = "synthetic-cuts-8-shots-360p.mp4"
        let truth = try VideoFixtures.truth(name)
        let selection = try Video.candidateFrames(fileAtPath: VideoFixtures.path(name))
        let seconds = selection.frames.map(\.second)
        for shot in truth.shots ?? [] where shot.span.seconds >= 2 {
            #expect(seconds.contains(where: shot.span.contains), "no candidate of shot \(shot.index) \(shot.label): \(seconds)")
            #expect(seconds.filter(shot.span.contains).count <= 3, "too many of shot \(shot.index) \(shot.label): \(seconds)")
        }
    }

    @Test func readingStopsAtTheNextFrameOnceAskedTo() throws {
        var asked = 0
        #expect(throws: VideoError.stopped) {
            try Video.candidateFrames(fileAtPath: VideoFixtures.path("synthetic-walk-12-objects-360p.mp4"), shouldStop: {
                asked += 1
                return asked > 30
            })
        }
        #expect(asked == 31)
    }

    @Test func candidatesAreJPEGsTurnedUprightWithTheirSecond() throws {
        let selection = try Video.candidateFrames(fileAtPath: VideoFixtures.path("derived-hevc-rotated-bottle-detection.mov"))
        #expect(!selection.frames.isEmpty)
        for frame in [selection.poster] + selection.frames {
            let info = try Imaging.inspect(frame.jpeg, maxPixels: 10_000_000)
            #expect(info.format == .jpeg)
            #expect(info.width == 360 && info.height == 640, "\(info.width) × \(info.height)")
            #expect(frame.width == 360 && frame.height == 640)
            #expect(frame.second >= 0 && frame.second < 12)
        }
    }
}
