import Foundation
import Inventory
import PhotoLibrary

/// Which library photos linked as evidence are still in the library, with the fingerprint their
/// files' URLs need: found once for a whole list (one query), and handed to `ItemJSON`.
struct EvidenceFiles: Sendable {
    /// Present photos' fingerprints by asset id; a linked photo not here has left the library.
    let fingerprints: [String: String]

    static let none = EvidenceFiles(fingerprints: [:])

    /// Where a present photo's files are served; nil for one that has gone.
    func urls(of assetID: String) -> LibraryURLs? {
        fingerprints[assetID].map { LibraryURLs(assetID: assetID, fingerprint: $0) }
    }
}

extension PhotoLibrary {
    /// Marks every evidence link of `items` missing or not, asking the library once (not at all when
    /// no item has evidence), and returns what the JSON needs to link the present ones.
    func resolveEvidence(of items: inout [Item]) throws -> EvidenceFiles {
        let ids = Set(items.lazy.flatMap { $0.evidence.lazy.map(\.assetID) })
        guard !ids.isEmpty else { return .none }
        let files = EvidenceFiles(fingerprints: try fingerprints(ofAssets: ids))
        for index in items.indices where !items[index].evidence.isEmpty {
            for link in items[index].evidence.indices {
                items[index].evidence[link].isMissing = files.fingerprints[items[index].evidence[link].assetID] == nil
            }
        }
        return files
    }

    func resolveEvidence(of item: inout Item) throws -> EvidenceFiles {
        var items = [item]
        defer { item = items[0] }
        return try resolveEvidence(of: &items)
    }
}
