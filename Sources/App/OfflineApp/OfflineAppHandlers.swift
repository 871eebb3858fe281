import HTTPServer

/// The manifest and the service worker, at their stable addresses. Both answer `no-cache` with an
/// ETag: the browser asks every time (a bodiless 304 while nothing changed), so a new version is
/// seen at the next open. Public: the browser fetches both without asking anyone to sign in.
struct OfflineAppHandlers: Sendable {
    private struct File: Sendable {
        let bytes: [UInt8]
        let type: String
        let etag: String

        init(_ bytes: [UInt8], type: String) {
            self.bytes = bytes
            self.type = type
            etag = "\"\(ContentHash.hex(of: bytes))\""
        }

        func response(to request: Request) -> Response {
            if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: etag) {
                return Response(status: .notModified, headers: ["ETag": etag, "Cache-Control": "no-cache"])
            }
            return Response(headers: ["Content-Type": type, "Cache-Control": "no-cache", "ETag": etag], body: .bytes(bytes))
        }
    }

    private let manifest: File
    private let worker: File

    init(assets: StaticAssets) {
        manifest = File(WebAppManifest.bytes(assets: assets), type: "application/manifest+json")
        worker = File(ServiceWorkerScript.bytes(assets: assets), type: "text/javascript; charset=utf-8")
    }

    func register(in router: inout AppRouter) {
        router.get(OfflineAppRoutes.manifest, access: .public) { [manifest] request in manifest.response(to: request) }
        router.get(OfflineAppRoutes.serviceWorker, access: .public) { [worker] request in worker.response(to: request) }
    }
}
