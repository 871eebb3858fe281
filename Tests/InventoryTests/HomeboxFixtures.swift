import Foundation

/// Homebox's own CSV test files, every version (`/work/shared/testdata/homebox`, beside the repository):
/// read in place, not copied into it.
enum HomeboxFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/testdata/homebox")

    /// The bytes of `name`, such as `sysadminsmedia-v0.26.2/fields.csv`.
    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
