import Foundation
import Inventory
import PhotoLibrary

/// How far one caller is told about the library photos linked as evidence. A photo in a library
/// folder the caller may see (`LibraryAccess`) is described: when it was taken, the camera, where
/// its file is and its thumbnail. Any other is only said to be linked (its id, when, and whether it
/// is still in the library), so nobody learns through an item what is in a folder they were not
/// granted. A photo under none of this server's folders (its folder since taken out of `--library`,
/// or an inventory imported from another server) can be granted to nobody; owners, who grant
/// every folder, are told about it.
struct EvidenceSight: Hashable, Sendable {
    let access: LibraryAccess
    /// Whether photos under no root of the library are described.
    let seesUnrooted: Bool

    /// The server's own view, and open access's: everything.
    static let everything = EvidenceSight(access: .everything, seesUnrooted: true)

    /// Whether a photo in `roots` (the roots that hold it; none when no root does) is described.
    func describes(inRoots roots: [String]) -> Bool {
        if access == .everything { return true }
        return roots.isEmpty ? seesUnrooted : roots.contains { access.allows(root: $0) }
    }
}

/// Which library photos linked as evidence are still in the library, with the fingerprint their
/// files' URLs need, and which the caller is not told about: found once for a whole list (one
/// query), and handed to `ItemJSON`.
struct EvidenceFiles: Sendable {
    /// Present photos' fingerprints by asset id; a linked photo not here has left the library.
    let fingerprints: [LibraryAsset.ID: String]
    /// Photos in folders the caller may not see (`EvidenceSight`), by asset id.
    var withheld: Set<LibraryAsset.ID> = []

    static let none = EvidenceFiles(fingerprints: [:])

    /// Where a present photo's files are served; nil for one that has gone, or is withheld.
    func urls(of assetID: LibraryAsset.ID) -> LibraryURLs? {
        guard !withheld.contains(assetID) else { return nil }
        return fingerprints[assetID].map { LibraryURLs(assetID: assetID, fingerprint: $0) }
    }
}

extension PhotoLibrary {
    /// Marks every evidence link of `items` missing or not, asking the library once (not at all when
    /// no item has evidence), and returns what the JSON needs to link the present ones: the server's
    /// own view, with every photo described (for readiness, and the claim's packet).
    func resolveEvidence(of items: inout [Item]) throws -> EvidenceFiles {
        try resolveEvidence(of: &items, describedTo: .everything)
    }

    func resolveEvidence(of item: inout Item) throws -> EvidenceFiles {
        try resolveEvidence(of: &item, describedTo: .everything)
    }

    /// As `resolveEvidence(of:)` for one caller: a link the caller is not told about loses its
    /// capture time, camera and path here, before anything is written from it.
    func resolveEvidence(of items: inout [Item], describedTo sight: EvidenceSight) throws -> EvidenceFiles {
        let ids = Set(items.lazy.flatMap { $0.evidence.lazy.map(\.assetID) })
        guard !ids.isEmpty else { return .none }
        let present = try whereabouts(ofAssets: ids)
        var files = EvidenceFiles(fingerprints: present.mapValues(\.fingerprint))
        // A photo still here is in its own root; one that has gone, in whichever root its last path is under.
        let gonePaths = sight == .everything ? [:]
            : roots(holding: Set(items.lazy.flatMap { $0.evidence.lazy.filter { present[$0.assetID] == nil }.map(\.lastPath) }))
        for index in items.indices where !items[index].evidence.isEmpty {
            for position in items[index].evidence.indices {
                var link = items[index].evidence[position]
                link.isMissing = present[link.assetID] == nil
                let holders = present[link.assetID].map { [$0.root] } ?? gonePaths[link.lastPath] ?? []
                if !sight.describes(inRoots: holders) {
                    files.withheld.insert(link.assetID)
                    link = EvidenceLink(assetID: link.assetID, takenAt: nil, camera: nil, lastPath: "", added: link.added, isMissing: link.isMissing)
                }
                items[index].evidence[position] = link
            }
        }
        return files
    }

    func resolveEvidence(of item: inout Item, describedTo sight: EvidenceSight) throws -> EvidenceFiles {
        var items = [item]
        defer { item = items[0] }
        return try resolveEvidence(of: &items, describedTo: sight)
    }
}
