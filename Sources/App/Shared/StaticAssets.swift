import Foundation
import HTTPServer
import Messages

/// The stylesheets, scripts and icons under `Static/`, held in memory and served under
/// `/static/{version}/…`, where the version is a hash of every file: a changed file gets a new URL,
/// so responses can be cached forever. ES modules import each other by relative path, which keeps
/// them inside the same version.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
        let etag: String
    }

    let version: String
    private let files: [String: Asset]

    init(directory: URL) throws {
        var files: [String: Asset] = [:]
        var signatureLines: [String] = []
        let root = directory.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
                  let type = Self.contentTypes[url.pathExtension] else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count + 1))
            let bytes = Array(try Data(contentsOf: url))
            let hash = ContentHash.hex(of: bytes)
            files[relative] = Asset(bytes: bytes, contentType: type, etag: "\"\(hash)\"")
            signatureLines.append("\(relative) \(hash)")
        }
        self.files = files
        self.version = ContentHash.hex(of: Array(signatureLines.sorted().joined(separator: "\n").utf8), byteCount: 8)
    }

    /// The bundled `Static/` folder.
    static func bundled() throws -> StaticAssets {
        guard let url = Bundle.module.url(forResource: "Static", withExtension: nil) else {
            throw AppError(.assetsMissing, Message("error.server.assets-missing", "The Static folder is missing from the app bundle; rebuild Homepwner."))
        }
        return try StaticAssets(directory: url)
    }

    func url(_ path: String) -> String { SiteRoutes.staticFile(version: version, path: path) }

    /// Every file's path under `Static/`, sorted (the service worker keeps them all for offline use).
    var paths: [String] { files.keys.sorted() }

    /// A file's bytes, for what serves it elsewhere than under `/static/` (the service worker).
    func bytes(of path: String) -> [UInt8]? { files[path]?.bytes }

    var pageContext: PageContext {
        var context = PageContext(stylesheet: url("css/app.css"), script: url("js/app.js"), icon: url("icons/icon.svg"))
        context.appleTouchIcons = AppIcons.appleTouch.map { (size: $0.size, url: url($0.path)) }
        context.faviconPNG = url(AppIcons.favicon.path)
        return context
    }

    /// The file at `path`, cached forever when `requestedVersion` is current; `304` when the client
    /// already holds it.
    func response(path: String, requestedVersion: String, request: Request) throws -> Response {
        guard let asset = files[path] else { throw HTTPError.notFound(.file) }
        if EntityTag.noneMatchHits(request.headers["If-None-Match"], current: asset.etag) {
            return Response(status: .notModified, headers: ["ETag": asset.etag])
        }
        let caching = requestedVersion == version ? "public, max-age=31536000, immutable" : "no-cache"
        return Response(
            headers: ["Content-Type": asset.contentType, "Cache-Control": caching, "ETag": asset.etag],
            body: .bytes(asset.bytes)
        )
    }

    private static let contentTypes = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "webmanifest": "application/manifest+json",
    ]
}
