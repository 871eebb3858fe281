import Foundation

/// `/service-worker.js`: `Static/js/service-worker.js` after one line of what this build serves —
/// its static files' version and URLs (kept on install, so pages open offline with their styles and
/// scripts) and the patterns of the pages it may keep, from the features' `*Routes` (paths spelled
/// once). The browser compares the worker's bytes at every open; since they name the version, a new
/// build is a new worker, and the same build always the same bytes.
enum ServiceWorkerScript {
    static let source = "js/service-worker.js"

    static func bytes(assets: StaticAssets) -> [UInt8] {
        let build: [String: Any] = [
            "version": assets.version,
            "static": assets.paths.filter { $0 != source }.map(assets.url),
            "staticPrefix": SiteRoutes.staticFile(version: assets.version, path: ""),
            // Pages kept as they were last served, to be read offline.
            "pages": [ItemRoutes.list, ItemRoutes.item, LocationRoutes.list, LocationRoutes.location].map(\.pattern),
            // Pages that must open offline to take photos (the outbox keeps what is taken).
            "capturePages": [DraftRoutes.walkChoice, DraftRoutes.walk].map(\.pattern),
            // Only the last claim opened: its page, and its report and schedule once downloaded.
            "claimPage": ClaimRoutes.claim.pattern,
            "claimPacket": [ClaimRoutes.apiReport, ClaimRoutes.apiSchedule, ClaimRoutes.apiScheduleWorkbook].map(\.pattern),
            "photos": ItemRoutes.photoFile.pattern,
            "signIn": AccountRoutes.signIn.pattern,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: build, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array("const BUILD = ".utf8) + Array(data) + Array(";\n".utf8) + (assets.bytes(of: source) ?? [])
    }
}
