import Dispatch
import Foundation
import Imaging
import Synchronization
import Testing

/// The 906 files under 64 KB of the shared corpus of public test images (`Tests/Fixtures/corpus/sweep`,
/// copied from `../shared/testdata/images`; `SOURCES.tsv` there names each file's project and commit).
@Suite struct CorpusSweepTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus/sweep").path
    static let screen = [RenditionSpec(name: "screen", shape: .fit(2048))]

    /// The corpus files, by relative path: those smaller than 64 KB, all but the camera photos and
    /// the HEIC files, which take up to seconds each to decode.
    static func smallFiles() -> [String] {
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return paths.filter { path in
            guard path != "SOURCES.tsv", let attributes = try? FileManager.default.attributesOfItem(atPath: "\(root)/\(path)"),
                  attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int else { return false }
            return size < 64 * 1024
        }.sorted()
    }

    /// What each file gets as an upload and from the library, the files shared out over the cores.
    static func outcomes(of files: [String]) -> [(upload: UploadOutcome, library: UploadOutcome)] {
        let results = Mutex([(upload: UploadOutcome, library: UploadOutcome)?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = "\(root)/\(files[index])"
            let bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
            let outcome = (UploadOutcome(uploading: bytes, specs: screen), UploadOutcome(readingFileAt: path, specs: screen))
            results.withLock { $0[index] = outcome }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The same bytes get the same answer, uploaded or found in the library, and PngSuite's corrupt
    /// files (x*.png) and image-png's bug-fix files that must fail (x_*.png) are refused while every
    /// other file of theirs is accepted.
    @Test
    func everySmallFileGetsOneAnswerAndCorruptPNGsAreRefused() {
        let files = Self.smallFiles()
        #expect(files.count > 800)
        let outcomes = Self.outcomes(of: files)
        var corruptPNGs = 0
        for (file, outcome) in zip(files, outcomes) {
            #expect(outcome.library == outcome.upload, "\(file): uploaded \(outcome.upload), from the library \(outcome.library)")
            guard ["pngsuite/", "libpng/pngsuite", "image-png-bugfixes/"].contains(where: file.hasPrefix) else { continue }
            let corrupt = file.split(separator: "/").last?.hasPrefix("x") == true
            if corrupt { corruptPNGs += 1 }
            #expect(outcome.upload.isRefused == corrupt, "\(file): \(outcome.upload)")
        }
        #expect(corruptPNGs >= 19)
    }
}
