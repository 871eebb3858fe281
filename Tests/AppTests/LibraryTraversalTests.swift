import App
import Foundation
import HTTPTestClient
import Testing

/// The OWASP path-traversal payloads against every route that takes an id or a path: never a file
/// from outside the library roots or the data folder (a secret is planted beside the data folder
/// and inside it), never a 500, and always 400 or 404.
@Suite(.serialized) struct LibraryTraversalTests {
    /// One "go up" step, spelled every way the OWASP list spells it.
    static let upSteps = [
        "../", "..%2f", "..%2F", "%2e%2e%2f", "%2E%2E%2F", "%2e%2e/", ".%2e/", "%2e./",
        "%252e%252e%252f", "..%252f", "%252e%252e/",
        "%c0%ae%c0%ae%c0%af", "%c0%ae%c0%ae/", "..%c0%af", "%e0%80%ae%e0%80%ae%e0%80%af", "%c0%2e%c0%2e%c0%2f",
        "..\\", "..%5c", "..%5C", "%2e%2e%5c", "%252e%252e%255c",
        "....//", "....\\/", "..;/", "..%00/", "%2e%2e%00/", "..%u2215", "%uff0e%uff0e%u2215",
    ]

    /// Whole payloads: up-steps at several depths to the planted secrets and system files, and the
    /// single-shot ones (absolute paths, NUL, bare dots).
    static func payloads(secretBase: String) -> [String] {
        var payloads: [String] = []
        for step in upSteps {
            // From the library root's folders, the image store and the rendition cache, 3 or 4 steps reach
            // the folder that holds the data folder and the secret; 8 reach "/" from anywhere here.
            for depth in [1, 3, 4, 8] {
                let up = String(repeating: step, count: depth)
                payloads += [up + "secret.txt", up + "data/secret.txt", up + "data/homepwner.sqlite"]
            }
            payloads.append(String(repeating: step, count: 8) + "etc/passwd")
        }
        payloads += [
            "/etc/passwd", "%2fetc%2fpasswd", "%2Fetc%2Fpasswd", "%252fetc%252fpasswd", "//etc/passwd", "\\etc\\passwd",
            "%5cetc%5cpasswd", "file:%2f%2f%2fetc%2fpasswd", secretBase + "/secret.txt",
            secretBase.replacingOccurrences(of: "/", with: "%2f") + "%2fsecret.txt",
            secretBase.replacingOccurrences(of: "/", with: "%2f") + "%2fdata%2fhomepwner.sqlite",
            "secret.txt%00.jpg", "%00", "%00../../secret.txt", "..", ".", "%2e%2e", "%2e", "%252e%252e", "...", "....",
            "..%2f", "%2e%2e%2f", "~", "~root", "%7e%2f.ssh", "*", "%2a", "secret.txt", "data", "homepwner.sqlite",
        ]
        return payloads
    }

    /// What responses were not what they must be, gathered so thousands of probes give one readable summary.
    final class Findings {
        /// Leaks: a secret, a system file, the database or an image where none may be.
        var leaks: [String] = []
        /// Statuses outside the allowed set, by "route → status", with a count and the first example.
        var statuses: [String: (count: Int, example: String)] = [:]
        var probes = 0

        func check(_ response: TestResponse, _ method: String, _ path: String, route: String, secret: String, allowing allowed: Set<Int> = [400, 404]) {
            probes += 1
            if !allowed.contains(response.status) || response.status >= 500 {
                let key = "\(method) \(route) → \(response.status)"
                statuses[key] = ((statuses[key]?.count ?? 0) + 1, statuses[key]?.example ?? path)
            }
            if bytesContain(response.body, secret) { leaks.append("\(method) \(path) sent the planted secret") }
            if bytesContain(response.body, "root:x:0:0") { leaks.append("\(method) \(path) sent /etc/passwd") }
            if bytesContain(response.body, "SQLite format 3") { leaks.append("\(method) \(path) sent the database") }
            if response.header("Content-Type")?.hasPrefix("image/") == true { leaks.append("\(method) \(path) sent an image (\(response.status))") }
        }

        var summary: String {
            statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count), e.g. \($0.value.example)" }.joined(separator: "\n")
        }
    }

    @Test(.timeLimit(.minutes(10))) func pathPayloadsNeverEscapeOnAnyRoute() throws {
        let app = try LibraryTestApp.standard()
        let secret = app.workspace.secret
        let client = app.client

        // Real ids for the positions a payload does not take.
        let item = try client.json("POST", "/api/v1/items", ["name": "Probe target"])
        let itemID = try #require((item.json as? [String: Any])?.id)
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first)
        let assetID = try #require(asset.string("id"))
        let fingerprint = String(try #require(asset.string("thumbnailURL")).split(separator: "/")[3])
        let picked = try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": assetID])
        let imageURL = try #require(((picked.json as? [String: Any])?["image"] as? [String: Any])?.string("originalURL"))
        let hash = String(imageURL.split(separator: "/")[1])
        let library = try client.get("/library").text
        let stylesheet = try #require(HTMLInspection.tags("link", in: library).compactMap { HTMLInspection.attribute("href", of: $0) }
            .first { $0.hasPrefix("/static/") && $0.hasSuffix(".css") })
        let staticVersion = String(stylesheet.split(separator: "/")[1])
        let staticPath = stylesheet.split(separator: "/").dropFirst(2).joined(separator: "/")
        let stylesheetBytes = try client.get(stylesheet).body

        // Every GET route that takes an id or a path, with "{}" where the payload goes.
        let getTemplates = [
            "/api/v1/items/{}",
            "/items/{}",
            "/items/{}/delete",
            "/images/{}/original.jpg",
            "/images/{}/thumb-80.jpg",
            "/images/\(hash)/{}",
            "/static/\(staticVersion)/{}",
            "/static/\(staticVersion)/css/{}",
            "/library/groups/{}",
            "/library/assets/{}",
            "/library/files/{}/\(fingerprint)/original",
            "/library/files/{}/\(fingerprint)/thumb-256.jpg",
            "/library/files/\(assetID)/{}/original",
            "/library/files/\(assetID)/{}/screen.jpg",
            "/library/files/\(assetID)/\(fingerprint)/{}",
            "/api/v1/library/groups/{}/assets",
            "/api/v1/library/assets/{}",
        ]
        let payloads = Self.payloads(secretBase: app.workspace.base.path)
        let findings = Findings()
        for template in getTemplates {
            for payload in payloads {
                let path = template.replacingOccurrences(of: "{}", with: payload)
                findings.check(try client.get(path), "GET", path, route: template, secret: secret)
            }
        }

        // The static version is a cache key, not a path: any version serves the real files (uncached).
        for payload in payloads {
            let path = "/static/\(payload)/\(staticPath)"
            let response = try client.get(path)
            if response.status == 200 {
                #expect(response.body == stylesheetBytes, "GET \(path) sent something other than the stylesheet")
                #expect(response.header("Cache-Control") == "no-cache")
            } else {
                findings.check(response, "GET", path, route: "/static/{}/\(staticPath)", secret: secret)
            }
        }

        // Ids and paths in the PUT and form routes that pick a library photo.
        for payload in payloads {
            let path = "/api/v1/items/\(payload)/image"
            findings.check(try client.json("PUT", path, ["assetId": assetID]), "PUT", path, route: "/api/v1/items/{}/image", secret: secret)
            let formPath = "/items/\(payload)/image/library"
            findings.check(try client.form(formPath, [("assetId", assetID)]), "POST", formPath, route: "/items/{}/image/library", secret: secret)
            let decoded = payload.removingPercentEncoding ?? payload
            findings.check(try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": decoded]), "PUT", "assetId \(decoded)",
                           route: "/api/v1/items/{id}/image {assetId}", secret: secret, allowing: [404])
            findings.check(try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": payload]), "PUT", "assetId \(payload)",
                           route: "/api/v1/items/{id}/image {assetId}", secret: secret, allowing: [404])
            findings.check(try client.form("/items/\(itemID)/image/library", [("assetId", decoded)]), "POST", "assetId \(decoded)",
                           route: "/items/{id}/image/library assetId=", secret: secret, allowing: [404])
        }

        // Query parameters that name groups or pages fall back, but never reach a file either.
        for payload in payloads {
            for (route, path) in [("/library/assets/{id}?group=", "/library/assets/\(assetID)?group=\(payload)"),
                                  ("/library/groups/{id}?page=", "/library/groups/\(lisbon)?page=\(payload)"),
                                  ("/api/v1/library/groups/{id}/assets?offset=", "/api/v1/library/groups/\(lisbon)/assets?offset=\(payload)")] {
                findings.check(try client.get(path), "GET", path, route: route, secret: secret, allowing: [200, 400, 404])
            }
        }

        #expect(findings.leaks.isEmpty, "\(findings.leaks.prefix(20))")
        #expect(findings.statuses.isEmpty, "answers other than 400/404:\n\(findings.summary)")

        // The item still has the photo it picked, and the probes changed nothing.
        let after = try #require(try client.get("/api/v1/items/\(itemID)").json as? [String: Any])
        #expect((after["image"] as? [String: Any])?.string("originalURL") == imageURL)
        #expect(try client.get(imageURL).status == 200)
        #expect(findings.probes > 8000)
    }

    @Test func rawRequestLinesWithTraversalAreRefused() throws {
        // Sent byte for byte: no client-side normalisation of dots, backslashes or NULs.
        let app = try LibraryTestApp.standard()
        let lisbon = try #require(try app.group("Lisbon", kind: "album").string("id"))
        let asset = try #require(try app.assets(lisbon).first)
        let assetID = try #require(asset.string("id"))
        let fingerprint = String(try #require(asset.string("thumbnailURL")).split(separator: "/")[3])
        let targets = [
            "/library/files/\(assetID)/\(fingerprint)/../../../../secret.txt",
            "/library/files/\(assetID)/\(fingerprint)/..\\..\\..\\secret.txt",
            "/library/files/\(assetID)/\(fingerprint)/original/../../../../../secret.txt",
            "/library/groups/\(lisbon)/../../../secret.txt",
            "/library/assets/../../secret.txt",
            "/api/v1/library/assets/\(assetID)/../../../../../secret.txt",
            "/../../../secret.txt",
            "/library/../../secret.txt",
            "http://127.0.0.1/../../secret.txt",
            "*",
        ]
        let findings = Findings()
        for target in targets {
            let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            findings.check(try app.client.sendRaw(Array(request.utf8)), "GET", target, route: target, secret: app.workspace.secret)
        }
        #expect(findings.leaks.isEmpty, "\(findings.leaks)")
        #expect(findings.statuses.isEmpty, "\(findings.summary)")

        // A NUL in the request line ends the path for libmicrohttpd: what is left is the photo's own
        // original URL, so the photo itself (and only it) may come back.
        let original = try [UInt8](Data(contentsOf: app.workspace.url("Holidays/Lisbon/IMG_0412.jpg")))
        for suffix in ["\u{0}", "\u{0}/../../../../secret.txt"] {
            let request = "GET /library/files/\(assetID)/\(fingerprint)/original\(suffix) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            let response = try app.client.sendRaw(Array(request.utf8))
            #expect([200, 400, 404].contains(response.status))
            if response.status == 200 { #expect(response.body == original) }
            #expect(!bytesContain(response.body, app.workspace.secret))
        }
    }

    @Test func aBodySentToAMalformedPathIsABadRequestNotTooLarge() throws {
        // A path with "..", "%2f", "%5c" or NUL cannot be routed, so its body limit is taken as 0 and
        // a 30-byte JSON body is refused as 413 Payload Too Large; the problem is the path (400).
        let app = try LibraryTestApp.standard()
        for path in ["/api/v1/items/..%2f1/image", "/api/v1/items/%2e%2e/image", "/api/v1/items/1%5c/image", "/api/v1/items/1%00/image"] {
            let response = try app.client.json("PUT", path, ["assetId": String(repeating: "0", count: 32)])
            #expect(response.status == 400, "PUT \(path) answered \(response.status): \(response.errorCode ?? response.text.prefix(120).description)")
        }
        let form = try app.client.form("/items/%2e%2e/image/library", [("assetId", "x")])
        #expect(form.status == 400, "POST form answered \(form.status)")
    }
}
