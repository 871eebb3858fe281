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

    private func file(_ name: String) -> String { LibraryRoutes.file(assetID: assetID, fingerprint: fingerprint, name: name) }
    var thumbnail: String { file("thumb-256.jpg") }
    var largeThumbnail: String { file("thumb-512.jpg") }
    var screen: String { file("screen.jpg") }
    var original: String { file("original") }
    /// Full resolution, upright, as a JPEG: for formats browsers cannot show.
    var full: String { file("full.jpg") }

    /// The grid's square thumbnail at 1× and the larger one for dense screens.
    var thumbnailSourceSet: [(url: String, descriptor: String)] {
        [(thumbnail, "256w"), (largeThumbnail, "512w")]
    }
}
