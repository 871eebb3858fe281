import Foundation

/// Homebox's own CSV test files, every version, copied byte for byte into `Tests/Fixtures/homebox`
/// (its SOURCES.md says from where).
enum HomeboxFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/homebox")

    /// The bytes of `name`, such as `sysadminsmedia-v0.26.2/fields.csv`.
    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
