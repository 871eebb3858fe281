import PhotoLibrary

/// Where a library photo's files are served. The fingerprint (size and modification time) is part
/// of each URL, so a changed file gets new URLs and every response can be cached forever.
struct LibraryURLs: Sendable {
    let assetID: String
    let fingerprint: String

    init(_ asset: LibraryAsset) {
        assetID = asset.id
        fingerprint = asset.fingerprint
    }

    init(assetID: String, fingerprint: String) {
        self.assetID = assetID
        self.fingerprint = fingerprint
    }

    private var base: String { "/library/files/\(assetID)/\(fingerprint)" }
    var thumbnail: String { "\(base)/thumb-256.jpg" }
    var largeThumbnail: String { "\(base)/thumb-512.jpg" }
    var screen: String { "\(base)/screen.jpg" }
    var original: String { "\(base)/original" }
    /// Full resolution, upright, as a JPEG: for formats browsers cannot show.
    var full: String { "\(base)/full.jpg" }

    /// The grid's square thumbnail at 1× and the larger one for dense screens.
    var thumbnailSourceSet: [(url: String, descriptor: String)] {
        [(thumbnail, "256w"), (largeThumbnail, "512w")]
    }

    static func page(of assetID: String, inGroup groupID: String?) -> String {
        groupID.map { "/library/assets/\(assetID)?group=\($0)" } ?? "/library/assets/\(assetID)"
    }

    static func group(_ id: String) -> String { "/library/groups/\(id)" }
}
