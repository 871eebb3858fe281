import Foundation
import Imaging

/// Copies of public test files in `Tests/Fixtures/corpus` (its README and SOURCES.tsv say where
/// each comes from).
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Writes a copy to a temporary file, for the library's path-based reading.
    static func temporaryCopy(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)-\(name)").path
        try Data(bytes(name)).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// The renditions an uploaded item photo gets (`ImageStore.renditionSpecs`).
let uploadSpecs = [
    RenditionSpec(name: "screen", shape: .fit(2048)),
    RenditionSpec(name: "thumb-120", shape: .square(120)),
    RenditionSpec(name: "thumb-80", shape: .square(80)),
    RenditionSpec(name: "thumb-40", shape: .square(40)),
]

/// What someone uploading `bytes` is told: the size of the screen rendition, or the kind of error
/// that refused it (not libvips' wording, which may differ from one refusal to the next).
enum UploadOutcome: Hashable, CustomStringConvertible {
    case accepted(width: Int, height: Int)
    case refused(String)

    init(uploading bytes: [UInt8], maxPixels: Int = 100_000_000, specs: [RenditionSpec] = uploadSpecs) {
        do {
            let info = try Imaging.inspect(bytes, maxPixels: maxPixels)
            let screen = try Imaging.renditions(of: bytes, info: info, specs: specs)[0]
            self = .accepted(width: screen.width, height: screen.height)
        } catch {
            self = .refused(Self.kind(of: error))
        }
    }

    /// The same for a library photo, read from its file.
    init(readingFileAt path: String, maxPixels: Int = 100_000_000, specs: [RenditionSpec] = uploadSpecs) {
        do {
            let (info, _) = try Imaging.inspectFile(atPath: path, maxPixels: maxPixels)
            let screen = try Imaging.renditions(ofFileAtPath: path, info: info, specs: specs)[0]
            self = .accepted(width: screen.width, height: screen.height)
        } catch {
            self = .refused(Self.kind(of: error))
        }
    }

    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .accepted(let width, let height): "accepted (\(width) × \(height))"
        case .refused(let kind): "refused (\(kind))"
        }
    }

    /// The error's case name ("damaged", "unsupportedFormat", …).
    private static func kind(of error: ImagingError) -> String {
        String(String(describing: error).prefix { $0 != "(" })
    }
}

/// Linux's count of this process's peak resident memory (VmHWM), which can be reset.
enum PeakMemory {
    /// Makes the peak the current resident size (`echo 5 > /proc/self/clear_refs`).
    static func reset() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        handle.write(Data("5".utf8))
        try? handle.close()
    }

    static var peakBytes: Int { status("VmHWM") }
    static var residentBytes: Int { status("VmRSS") }

    private static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("\(field):") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}
