import Foundation
import Imaging
import Testing

/// Damaged PNGs from libpng's crashers and PngSuite get one answer, whatever the timing of
/// libvips' threads.
@Suite(.serialized) struct DamagedPNGTests {
    /// With several threads per image, libvips 8.14 sometimes finishes a picture without noticing
    /// that a worker failed to decode part of it: before, each of these was accepted in 1 to 25
    /// uploads out of 100, depending on the threads and the machine's load.
    @Test(arguments: ["badcrc.png", "huge_IDAT.png", "xcsn0g01.png"])
    func theSameDamagedPNGIsRefusedEveryTime(name: String) throws {
        let bytes = try Corpus.bytes(name)
        let before = Imaging.threadsPerImage
        Imaging.setThreadsPerImage(4)
        defer { Imaging.setThreadsPerImage(before) }
        let outcomes = (0..<200).map { _ in UploadOutcome(uploading: bytes) }
        #expect(Set(outcomes) == [.refused("damaged")], "\(name): \(outcomes)")
    }

    /// The same from a library folder, read by path.
    @Test func theSameDamagedPNGInTheLibraryIsRefusedEveryTime() throws {
        let path = try Corpus.temporaryCopy("badcrc.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = Imaging.threadsPerImage
        Imaging.setThreadsPerImage(4)
        defer { Imaging.setThreadsPerImage(before) }
        let outcomes = (0..<200).map { _ in UploadOutcome(readingFileAt: path) }
        #expect(Set(outcomes) == [.refused("damaged")], "\(outcomes)")
    }
}
