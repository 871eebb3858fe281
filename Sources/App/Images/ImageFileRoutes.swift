import HTTPServer
import Inventory

/// `/images/{hash}/{file}`: renditions and originals, sent from disk with `sendfile`. The hash in the
/// URL names the content, so responses are immutable; a lost rendition is remade on the way.
struct ImageFileRoutes: Sendable {
    let images: ImageStore

    func register(in router: inout Router) {
        // Slow only when a rendition must be remade; usually a stat and a sendfile.
        let images = self.images
        router.add(.get, "/images/{hash}/{file}", slowness: .when { parameters in
            guard let hash = parameters["hash"], let file = parameters["file"], file.hasSuffix(".jpg") else { return false }
            return images.renditionNeedsWork(hash: hash, name: String(file.dropLast(4)))
        }) { request in try file(request) }
    }

    private func file(_ request: Request) throws -> Response {
        let hash = request.parameters["hash"] ?? ""
        let file = request.parameters["file"] ?? ""
        let etag = "\"\(hash.prefix(16))-\(file)\""
        let path: String
        var headers: HTTPHeaders = ["Cache-Control": request.photoCacheControl, "ETag": etag]
        if file.hasPrefix("original.") {
            guard let image = try images.storedImage(hash: hash), file == "original.\(image.format.fileExtension)" else {
                throw HTTPError.notFound("This photo")
            }
            path = images.originalPath(of: image)
            headers["Content-Type"] = image.format.contentType
            headers["Content-Disposition"] = "attachment; filename=\"photo-\(hash.prefix(12)).\(image.format.fileExtension)\""
        } else {
            guard file.hasSuffix(".jpg"), let found = try images.renditionPath(hash: hash, name: String(file.dropLast(4))) else {
                throw HTTPError.notFound("This photo")
            }
            path = found
            headers["Content-Type"] = "image/jpeg"
        }
        if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: etag) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(headers: headers, body: .file(path: path))
    }
}
