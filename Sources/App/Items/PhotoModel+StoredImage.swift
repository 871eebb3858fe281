import Inventory

extension PhotoModel {
    init(_ image: StoredImage) {
        let urls = ItemPhotoURLs(image)
        self.init(
            thumbnailSourceSet: urls.thumbnailSourceSet, thumbnailURL: urls.rendition(.thumbnail40), screenURL: urls.screen,
            originalURL: urls.original, width: image.width, height: image.height
        )
    }
}
