import Foundation

/// The web app manifest (`/manifest.webmanifest`): what Android's install and "Add to Home Screen"
/// make of the site — its name, icons, colours, and a window of its own without the browser's bars
/// (`display: standalone`), opening on the item list. iOS reads the name and icons from the page's
/// head as well (`PageLayout`).
enum WebAppManifest {
    static func bytes(assets: StaticAssets) -> [UInt8] {
        let home = SiteRoutes.home
        let object: [String: Any] = [
            // The app's identity across versions: installs of this site are one app.
            "id": home,
            "name": "Homepwner",
            "short_name": "Homepwner",
            "description": "Your home's inventory: items, photos, places and claims.",
            "lang": "en",
            "start_url": home,
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": AppColours.themeLight,
            "background_color": AppColours.background,
            "icons": AppIcons.manifest.map { icon in
                ["src": assets.url(icon.path), "sizes": "\(icon.size)x\(icon.size)", "type": "image/png", "purpose": icon.purpose]
            },
        ]
        // Sorted keys: the same bytes (and ETag) for the same assets.
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array(data)
    }
}
