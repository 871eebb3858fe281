import Inventory

/// Where a stored image's files are served. Every URL holds the content hash, so each may be cached forever.
struct ItemPhotoURLs: Sendable, Equatable {
    let hash: String
    let originalExtension: String

    init(_ image: StoredImage) {
        hash = image.hash
        originalExtension = image.format.fileExtension
    }

    /// A square thumbnail: 40, 80 or 120 px.
    func thumbnail(_ size: Int) -> String { ItemRoutes.photoFile(hash: hash, file: "thumb-\(size).jpg") }
    var screen: String { ItemRoutes.photoFile(hash: hash, file: "screen.jpg") }
    var original: String { ItemRoutes.photoFile(hash: hash, file: "original.\(originalExtension)") }

    /// The 40 CSS px thumbnail at 1×, 2× and 3×.
    var thumbnailSourceSet: [(url: String, descriptor: String)] {
        [(thumbnail(40), "1x"), (thumbnail(80), "2x"), (thumbnail(120), "3x")]
    }
}
