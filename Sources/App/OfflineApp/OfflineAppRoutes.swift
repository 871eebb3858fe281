/// The installed app's addresses that never move. A browser keeps these by URL — the manifest it
/// installed from, the service worker it checks for a new version at every open — so, unlike
/// everything else of `Static/`, they cannot carry the content hash of `/static/{version}/…`.
enum OfflineAppRoutes {
    static let manifest = RoutePath("/manifest.webmanifest")
    /// At the root, so that its scope is the whole site (a worker controls only pages below its own path).
    static let serviceWorker = RoutePath("/service-worker.js")
}
