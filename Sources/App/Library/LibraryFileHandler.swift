import HTTPServer
import Imaging
import PhotoLibrary

/// `/library/files/{id}/{fingerprint}/{file}`: a library photo's renditions (made on first request,
/// on a worker) and its original, straight from the root with `sendfile`. Cached forever: the
/// fingerprint changes when the file does.
struct LibraryFileHandler: Sendable {
    let library: PhotoLibrary
    static let renditions: Set<String> = ["thumb-256.jpg", "thumb-512.jpg", "screen.jpg", "full.jpg"]

    func register(in router: inout AppRouter) {
        router.get(LibraryRoutes.file) { request in try file(request) }
    }

    private func file(_ request: Request) throws -> Response {
        let id = request.parameters["id"] ?? "", fingerprint = request.parameters["fingerprint"] ?? ""
        let file = request.parameters["file"] ?? ""
        // Renditions are usually an access and a sendfile from the data folder; one not made yet
        // means decoding the photo. An original is opened in its root, which may be a network or a
        // sleeping USB disk that keeps an open waiting for seconds.
        if request.isOnNetworkThread, file == "original" || (Self.renditions.contains(file)
            && library.renditionNeedsWork(assetID: id, fingerprint: fingerprint, name: String(file.dropLast(4)))) {
            throw WorkerRequired()
        }
        let visible = try request.visibleLibraryRoots(of: library)
        let path: String, contentType: String
        if file == "original" {
            guard let original = try library.originalFile(assetID: id, fingerprint: fingerprint, visibleTo: visible) else { throw LibraryAPIHandlers.assetNotFound }
            path = original.path
            contentType = original.format.contentType
        } else if Self.renditions.contains(file) {
            guard let rendition = try library.renditionFile(assetID: id, fingerprint: fingerprint, name: String(file.dropLast(4)), visibleTo: visible) else {
                throw LibraryAPIHandlers.assetNotFound
            }
            path = rendition
            contentType = "image/jpeg"
        } else {
            throw LibraryAPIHandlers.assetNotFound
        }
        // Gone from the disk since the last scan (or while the rendition was made).
        guard let opened = OpenFile(path: path) else { throw LibraryAPIHandlers.assetNotFound }
        return .immutableFile(opened, for: request, contentType: contentType, cacheControl: request.photoCacheControl)
    }
}
