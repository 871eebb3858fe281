import HTTPServer
import Inventory

/// `/images/{hash}/{file}`: renditions and originals, sent from disk with `sendfile`. The hash in the
/// URL names the content, so responses are immutable; a lost rendition is remade on the way.
struct ItemPhotoFileHandler: Sendable {
    let images: ImageStore

    func register(in router: inout AppRouter) {
        router.get(ItemRoutes.photoFile) { request in try file(request) }
    }

    private func file(_ request: Request) throws -> Response {
        let hash = request.parameters["hash"] ?? ""
        let file = request.parameters["file"] ?? ""
        if file.hasPrefix("original.") {
            guard let image = try images.storedImage(hash: hash), file == "original.\(image.format.fileExtension)",
                  let original = OpenFile(path: images.originalPath(of: image)) else {
                throw HTTPError.notFound(.photo)
            }
            return .immutableFile(original, for: request, contentType: image.format.contentType, cacheControl: request.photoCacheControl,
                                  headers: ["Content-Disposition": "attachment; filename=\"photo-\(hash.prefix(12)).\(image.format.fileExtension)\""])
        }
        guard let rendition = ItemPhotoRendition(fileName: file), let location = images.renditionLocation(hash: hash, name: rendition.rawValue) else {
            throw HTTPError.notFound(.photo)
        }
        if let cached = OpenFile(path: location) {
            return .immutableFile(cached, for: request, contentType: "image/jpeg", cacheControl: request.photoCacheControl)
        }
        // Lost from the cache: remaking it decodes the original, which no network thread waits for.
        if request.isOnNetworkThread { throw WorkerRequired() }
        guard let made = try images.renditionPath(hash: hash, name: rendition.rawValue).flatMap(OpenFile.init(path:)) else {
            throw HTTPError.notFound(.photo)
        }
        return .immutableFile(made, for: request, contentType: "image/jpeg", cacheControl: request.photoCacheControl)
    }
}
