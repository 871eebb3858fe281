import PhotoLibrary

/// Where a library photo's files are served. The fingerprint (size and modification time) is part
/// of each URL, so a changed file gets new URLs and every response can be cached forever.
struct LibraryURLs: Sendable {
    let assetID: LibraryAsset.ID
    let fingerprint: String

    init(_ asset: LibraryAsset) {
        assetID = asset.id
        fingerprint = asset.fingerprint
    }

    init(assetID: LibraryAsset.ID, fingerprint: String) {
        self.assetID = assetID
        self.fingerprint = fingerprint
    }

    private func file(_ name: String) -> String { LibraryRoutes.file(assetID: assetID, fingerprint: fingerprint, name: name) }
    func rendition(_ rendition: LibraryPhotoRendition) -> String { file(rendition.fileName) }
    var thumbnail: String { rendition(.thumbnail256) }
    var largeThumbnail: String { rendition(.thumbnail512) }
    var screen: String { rendition(.screen) }
    /// The file as it is in the library.
    var original: String { file(Self.originalName) }
    /// Full resolution, upright, as a JPEG: for formats browsers cannot show.
    var full: String { rendition(.full) }

    /// The URL file name of the original.
    static let originalName = "original"

    /// The grid's square thumbnail at 1× and the larger one for dense screens.
    var thumbnailSourceSet: [(url: String, descriptor: String)] {
        [(thumbnail, "256w"), (largeThumbnail, "512w")]
    }
}
