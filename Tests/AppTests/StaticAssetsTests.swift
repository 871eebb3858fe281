import Foundation
import HTTPTestClient
import Testing

/// Stylesheet and script under content-hashed URLs, cached forever; security headers on pages.
@Suite struct StaticAssetsTests {
    static let html = ["Accept": "text/html"]

    /// The `/static/<hash>/<path>` the list page links for `path`.
    private func linkedURL(_ path: String, in page: String) throws -> String {
        let pattern = try NSRegularExpression(pattern: "/static/[0-9A-Za-z_-]+/\(NSRegularExpression.escapedPattern(for: path))")
        let match = try #require(pattern.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)), "no link to \(path)")
        return String(page[Range(match.range, in: page)!])
    }

    @Test(arguments: [("css/app.css", "text/css"), ("js/app.js", "javascript")])
    func listPageLinksHashedAssetsCachedForever(path: String, type: String) throws {
        let app = try TestApp()
        let page = try app.client.get("/", headers: Self.html).text
        let url = try linkedURL(path, in: page)
        let response = try app.client.get(url)
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.contains(type) == true)
        #expect(!response.body.isEmpty)
        let caching = response.header("Cache-Control") ?? ""
        #expect(caching.contains("immutable") && caching.contains("max-age"), "Cache-Control: \(caching)")
        let etag = try #require(response.header("ETag"))
        #expect(response.header("X-Content-Type-Options") == "nosniff")

        let cached = try app.client.get(url, headers: ["If-None-Match": etag])
        #expect(cached.status == 304)
        #expect(cached.body.isEmpty)
        #expect(cached.header("ETag") == etag)
    }

    @Test func unknownAssetIs404AndOldVersionIsNotImmutable() throws {
        let app = try TestApp()
        let page = try app.client.get("/", headers: Self.html).text
        let url = try linkedURL("css/app.css", in: page)
        #expect(try app.client.get(url.replacingOccurrences(of: "app.css", with: "nope.css")).status == 404)
        #expect(try app.client.get(url.replacingOccurrences(of: "css/app.css", with: "../Package.swift")).status != 200)
        let old = try app.client.get("/static/0000000000000000/css/app.css")
        #expect(old.header("Cache-Control")?.contains("immutable") != true, "a stale version must not be cached forever")
    }

    @Test func htmlResponsesCarrySecurityHeaders() throws {
        let app = try TestApp()
        let item = try app.createItem("Camera")
        let pages = [
            try app.client.get("/", headers: Self.html),
            try app.client.get("/items/\(item.id)", headers: Self.html),
            try app.client.get("/items/new", headers: Self.html),
            try app.client.get("/items/\(item.id)/delete", headers: Self.html),
            try app.client.get("/nowhere", headers: Self.html),
            try app.client.pageForm("/items", [("name", ""), ("valueInDollars", "x")]),
        ]
        for page in pages {
            #expect(page.isHTML)
            let policy = page.header("Content-Security-Policy") ?? ""
            #expect(policy.contains("script-src 'self'"), "CSP on a \(page.status) page: \(policy)")
            #expect(page.header("X-Content-Type-Options") == "nosniff")
        }
        #expect(try app.client.get("/api/v1/items").header("X-Content-Type-Options") == "nosniff")
    }

    /// Pages the server writes before routing (a damaged address, a body over the limit) are HTML too.
    @Test func serverLevelErrorPagesCarrySecurityHeaders() throws {
        let app = try TestApp()
        let badPath = try app.client.get("/items/%ZZ", headers: Self.html)
        let tooLarge = try app.client.sendRaw(Array(
            "POST /items HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000000\r\n\r\n".utf8))
        for (label, page) in [("400 bad address", badPath), ("413 form", tooLarge)] {
            #expect(page.status >= 400, "\(label)")
            #expect(page.isHTML, "\(label)")
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true, "\(label) has no CSP")
            #expect(page.header("X-Content-Type-Options") == "nosniff", "\(label) has no nosniff")
        }
    }
}
