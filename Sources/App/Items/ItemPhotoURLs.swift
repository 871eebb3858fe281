import Inventory

/// Where a stored image's files are served. Every URL holds the content hash, so each may be cached forever.
struct ItemPhotoURLs: Sendable, Equatable {
    let hash: String
    let originalExtension: String

    init(_ image: StoredImage) {
        hash = image.hash
        originalExtension = image.format.fileExtension
    }

    func rendition(_ rendition: ItemPhotoRendition) -> String { ItemRoutes.photoFile(hash: hash, file: rendition.fileName) }
    var screen: String { rendition(.screen) }
    var original: String { ItemRoutes.photoFile(hash: hash, file: "original.\(originalExtension)") }

    /// The 40 CSS px thumbnail at 1×, 2× and 3×.
    var thumbnailSourceSet: [(url: String, descriptor: String)] {
        [(rendition(.thumbnail40), "1x"), (rendition(.thumbnail80), "2x"), (rendition(.thumbnail120), "3x")]
    }
}
