import Foundation

/// Clips copied from the shared capture corpus into `Tests/Fixtures/public/capture/video` (its
/// README says where each comes from and how it was cut or re-encoded), with their truth.
enum VideoFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/public/capture/video")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))) }

    /// When a thing is on screen, in seconds (end exclusive).
    struct Span: Decodable {
        let start_s: Double
        let end_s: Double
        var seconds: Double { end_s - start_s }
        func contains(_ second: Double) -> Bool { second >= start_s && second < end_s }
    }

    struct WalkObject: Decodable {
        let id: Int
        let label: String
        let visible: Span
        let fully_visible: Span
        let centred: Span
    }

    struct Shot: Decodable {
        let index: Int
        let label: String
        let start_s: Double
        let end_s: Double
        var span: Span { Span(start_s: start_s, end_s: end_s) }
    }

    struct Clip: Decodable {
        let duration_s: Double
        let objects: [WalkObject]?
        let shots: [Shot]?
    }

    private struct Truth: Decodable { let files: [String: Clip] }

    static func truth(_ name: String) throws -> Clip {
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: folder.appendingPathComponent("truth.json")))
        guard let clip = truth.files[name] else { throw CocoaError(.fileNoSuchFile) }
        return clip
    }
}
