import Foundation
import Accounts
import HTTPTestClient
import Testing

/// The installed app: its manifest and icons, the service worker at a stable address, the head every
/// page carries for it, and the owner's switch of the offline copy.
@Suite struct OfflineAppTests {
    /// The width and height a PNG's header gives.
    static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }

    @Test func theManifestDescribesAnInstallableAppWhoseIconsAreServedAtTheirSizes() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        // Fetched without a session, as the browser fetches it.
        let response = try app.client.get("/manifest.webmanifest")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/manifest+json")
        #expect(response.header("Cache-Control") == "no-cache")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(manifest["name"] as? String == "Homepwner" && manifest["short_name"] as? String == "Homepwner")
        #expect(manifest["start_url"] as? String == "/" && manifest["scope"] as? String == "/" && manifest["id"] as? String == "/")
        #expect(manifest["display"] as? String == "standalone")
        #expect((manifest["theme_color"] as? String)?.hasPrefix("#") == true && (manifest["background_color"] as? String)?.hasPrefix("#") == true)
        let icons = try #require(manifest["icons"] as? [[String: String]])
        var found: Set<String> = []
        for icon in icons {
            let src = try #require(icon["src"]), sizes = try #require(icon["sizes"]), purpose = icon["purpose"] ?? "any"
            let file = try app.client.get(src)
            #expect(file.status == 200 && file.header("Content-Type") == "image/png", "\(src)")
            let size = try #require(Self.pngSize(file.body), "\(src) is no PNG")
            #expect("\(size.0)x\(size.1)" == sizes, "\(src) is \(size.0)x\(size.1), the manifest says \(sizes)")
            found.insert("\(sizes) \(purpose)")
        }
        #expect(found.isSuperset(of: ["192x192 any", "512x512 any", "512x512 maskable"]), "\(found)")
        let again = try app.client.get("/manifest.webmanifest", headers: ["If-None-Match": try #require(response.header("ETag"))])
        #expect(again.status == 304 && again.body.isEmpty)
    }

    @Test func theServiceWorkerIsServedAtTheRootUncachedNamingThisBuildsFiles() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let worker = try app.client.get("/service-worker.js")
        #expect(worker.status == 200)
        #expect(worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.header("Cache-Control") == "no-cache")
        #expect(worker.text.hasPrefix("const BUILD = {"))
        let olivia = try app.signIn("olivia")
        let page = try olivia.get("/")
        let stylesheet = try #require(HTMLInspection.tags("link", in: page.text).first { HTMLInspection.attribute("rel", of: $0) == "stylesheet" }
            .flatMap { HTMLInspection.attribute("href", of: $0) })
        // It keeps this build's files (the page's stylesheet among them) and none of what it must leave alone.
        #expect(worker.text.contains("\"\(stylesheet)\""))
        for never in ["/api/v1/uploads", "/shared", "/export", "evidence.zip"] {
            #expect(!worker.text.components(separatedBy: "\n")[0].contains(never), "the worker's list names \(never)")
        }
        let again = try app.client.get("/service-worker.js", headers: ["If-None-Match": try #require(worker.header("ETag"))])
        #expect(again.status == 304)
    }

    @Test func everyPageNamesTheInstalledAppItsAccountAndTheWorkerUnderTheCSP() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner)])
        let olivia = try app.signIn("olivia")
        let page = try olivia.get("/")
        let html = page.text
        let metas = Dictionary(HTMLInspection.tags("meta", in: html).compactMap { tag -> (String, String)? in
            guard let name = HTMLInspection.attribute("name", of: tag), name != "theme-color" else { return nil }
            return (name, HTMLInspection.attribute("content", of: tag) ?? "")
        }, uniquingKeysWith: { first, _ in first })
        #expect(metas["viewport"]?.contains("viewport-fit=cover") == true)
        #expect(metas["apple-mobile-web-app-capable"] == "yes" && metas["mobile-web-app-capable"] == "yes")
        #expect(metas["apple-mobile-web-app-status-bar-style"] == "default")
        #expect(metas["account"] == String(try app.account("olivia").id.rawValue))
        #expect(metas["offline-copy"] == "on")
        #expect(metas["service-worker"] == "/service-worker.js")
        let themes = HTMLInspection.tags("meta", in: html).filter { HTMLInspection.attribute("name", of: $0) == "theme-color" }
        #expect(Set(themes.compactMap { HTMLInspection.attribute("media", of: $0) }) == ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"])
        let links = HTMLInspection.tags("link", in: html)
        #expect(links.contains { HTMLInspection.attribute("rel", of: $0) == "manifest" && HTMLInspection.attribute("href", of: $0) == "/manifest.webmanifest" })
        var touchSizes: [String] = []
        for link in links where HTMLInspection.attribute("rel", of: link) == "apple-touch-icon" {
            let sizes = try #require(HTMLInspection.attribute("sizes", of: link))
            let icon = try app.client.get(try #require(HTMLInspection.attribute("href", of: link)))
            let size = try #require(Self.pngSize(icon.body))
            #expect("\(size.0)x\(size.1)" == sizes)
            touchSizes.append(sizes)
        }
        #expect(touchSizes.sorted() == ["152x152", "167x167", "180x180"])
        let csp = page.header("Content-Security-Policy") ?? ""
        #expect(csp.contains("worker-src 'self'") && csp.contains("script-src 'self'") && !csp.contains("unsafe"))
        // The sign-in page says nobody is signed in: the worker forgets the copy.
        let signIn = try app.client.get("/signin", headers: ["Accept": "text/html"])
        #expect(signIn.text.contains("<meta name=\"account\" content=\"\">"))
    }

    @Test func ownersTurnTheOfflineCopyOffForEveryDeviceAndOthersCannot() throws {
        let app = try SecuredApp(accounts: [("olivia", .owner), ("eddie", .editor)])
        let olivia = try app.signIn("olivia"), eddie = try app.signIn("eddie")
        let users = try olivia.get("/users")
        #expect(users.text.contains("Keep an offline copy on devices"))
        #expect(try eddie.form("/settings/offline-copy", []).status == 403)
        // Unticked: off, for every account's pages.
        let saved = try olivia.form("/settings/offline-copy", [])
        #expect(saved.status == 303 && saved.header("Location") == "/users?offline-copy=off")
        #expect(try olivia.get("/users?offline-copy=off").text.contains("no longer keep an offline copy"))
        #expect(try eddie.get("/").text.contains("<meta name=\"offline-copy\" content=\"off\">"))
        #expect(try eddie.get("/api/v1/settings", accept: "application/json").text.contains("\"offlineCopy\":false"))
        // The API says and changes the same; only owners change it.
        #expect(try eddie.json("PATCH", "/api/v1/settings", ["offlineCopy": true]).status == 403)
        let wrong = try olivia.json("PATCH", "/api/v1/settings", ["offlineCopy": "yes"])
        #expect(wrong.status == 422 && wrong.text.contains("offlineCopy") && wrong.text.contains("true or false"))
        #expect(try olivia.json("PATCH", "/api/v1/settings", ["offlineCopy": true]).text.contains("\"offlineCopy\":true"))
        #expect(try eddie.get("/").text.contains("<meta name=\"offline-copy\" content=\"on\">"))
        #expect(try olivia.form("/settings/offline-copy", [("offlineCopy", "on")]).header("Location") == "/users?offline-copy=on")
    }
}
