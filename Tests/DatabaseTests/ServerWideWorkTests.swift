import Database
import Foundation
import Testing

/// Every use of a `ServerWideWork` reason in `Sources/` is one listed here: a plain connection that may
/// touch every household's rows is seen in review, never added in passing.
@Suite struct ServerWideWorkTests {
    /// "file under Sources/: reason", one per use.
    static let listedUses = [
        "Backup/BackupContents.swift: backupContents",
        "Claims/ClaimStore+Leftovers.swift: leftovers",
        "Claims/ClaimStore+Links.swift: claimLinkTokens",
        "Inventory/ItemStore+Leftovers.swift: leftovers",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
        "Uploads/UploadStore.swift: accountUploads",
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardizedFileURL

    /// A reason named as `ServerWideWork.x` or as an implicit member `.x` (not a property `a.x`).
    static let use = try! NSRegularExpression(pattern:
        "(?:ServerWideWork|(?<![\\w)\\]?!]))\\.(" + ServerWideWork.allCases.map(\.rawValue).joined(separator: "|") + ")\\b")

    static func uses(in text: String) -> [String] {
        use.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyUseOfAReasonIsListed() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != "ServerWideWork.swift" {
            let path = String(file.standardizedFileURL.path.dropFirst(Self.sources.path.count + 1))
            found += Self.uses(in: try String(contentsOf: file, encoding: .utf8)).map { "\(path): \($0)" }
        }
        #expect(found.sorted() == Self.listedUses.sorted())
    }

    @Test func theSearchFindsEachWayOfNamingAReason() {
        #expect(Self.uses(in: "try database.write(serverWide: .leftovers) { … }") == ["leftovers"])
        #expect(Self.uses(in: "let reason = ServerWideWork.searchIndexRefill") == ["searchIndexRefill"])
        #expect(Self.uses(in: "for reason in [.backupContents, .leftovers]") == ["backupContents", "leftovers"])
        #expect(Self.uses(in: "if !app.leftovers.isEmpty { print(self.leftovers) }").isEmpty)
    }
}
