import Foundation
import FuzzTargets
import Testing

/// Every seed and every input a fuzzer found (reliability/fuzz/corpus/TARGET/) goes through its
/// target in every `swift test`: a crash once found stays fixed everywhere, not only under libFuzzer.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("reliability/fuzz/corpus")

    static func files(of target: FuzzTarget) -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func corpusPasses(_ target: FuzzTarget) throws {
        let files = Self.files(of: target)
        #expect(files.count >= 3, "reliability/fuzz/corpus/\(target.rawValue) needs seeds")
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            #expect(throws: Never.self, "\(target.rawValue)/\(file.lastPathComponent)") { try target.run(bytes) }
        }
    }
}
