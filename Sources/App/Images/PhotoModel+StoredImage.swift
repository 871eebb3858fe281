import Inventory

extension PhotoModel {
    init(_ image: StoredImage) {
        let urls = ImageURLs(image)
        self.init(
            thumbnailSourceSet: urls.thumbnailSourceSet, thumbnailURL: urls.thumbnail(40), screenURL: urls.screen,
            originalURL: urls.original, width: image.width, height: image.height
        )
    }
}
