import HTTPServer
import Imaging
import PhotoLibrary

/// `/library/files/{id}/{fingerprint}/{file}`: a library photo's renditions (made on first request,
/// on a worker) and its original, straight from the root with `sendfile`. Cached forever: the
/// fingerprint changes when the file does.
struct LibraryFileHandler: Sendable {
    let library: PhotoLibrary

    func register(in router: inout AppRouter) {
        router.get(LibraryRoutes.file) { request in try file(request) }
    }

    private func file(_ request: Request) throws -> Response {
        // An id that is not one names no photo: not found where an unknown photo is (after the access check).
        let id = LibraryAsset.ID(request.parameters["id"] ?? ""), fingerprint = request.parameters["fingerprint"] ?? ""
        let file = request.parameters["file"] ?? ""
        let isOriginal = file == LibraryURLs.originalName, rendition = LibraryPhotoRendition(fileName: file)
        // Renditions are usually an access and a sendfile from the data folder; one not made yet
        // means decoding the photo. An original is opened in its root, which may be a network or a
        // sleeping USB disk that keeps an open waiting for seconds.
        if request.isOnNetworkThread, isOriginal || rendition.map({ name in
            id.map { library.renditionNeedsWork(assetID: $0, fingerprint: fingerprint, name: name.rawValue) } ?? false
        }) == true {
            throw WorkerRequired()
        }
        let visible = try request.visibleLibraryRoots(of: library)
        guard let id else { throw LibraryAPIHandlers.assetNotFound }
        let opened: OpenFile?, contentType: String
        if isOriginal {
            // Through the library's door (a regular file inside its root, opened without waiting), then
            // sent from that very file.
            guard let original = try library.openOriginal(assetID: id, fingerprint: fingerprint, visibleTo: visible) else { throw LibraryAPIHandlers.assetNotFound }
            opened = original.withPath { OpenFile(path: $0) }
            contentType = original.format.contentType
        } else if let rendition {
            guard let made = try library.renditionFile(assetID: id, fingerprint: fingerprint, name: rendition.rawValue, visibleTo: visible) else {
                throw LibraryAPIHandlers.assetNotFound
            }
            // Gone from the cache since it was made.
            opened = OpenFile(path: made)
            contentType = "image/jpeg"
        } else {
            throw LibraryAPIHandlers.assetNotFound
        }
        guard let opened else { throw LibraryAPIHandlers.assetNotFound }
        return .immutableFile(opened, for: request, contentType: contentType, cacheControl: request.photoCacheControl)
    }
}
