import App
import Foundation
import HTTPTestClient
import Testing

/// The OWASP path-traversal payloads against every route that takes an id or a path: never a file
/// from outside the library roots or the data folder (a secret is planted beside the data folder
/// and inside it), never a 500, and always 400 or 404.
@Suite(.serialized) struct LibraryTraversalTests {
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
        let payloads = TraversalProbe.payloads(secretBase: app.workspace.base.path)
        let findings = TraversalProbe.Findings()
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
            findings.check(try client.pageForm(formPath, [("assetId", assetID)]), "POST", formPath, route: "/items/{}/image/library", secret: secret)
            let decoded = payload.removingPercentEncoding ?? payload
            findings.check(try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": decoded]), "PUT", "assetId \(decoded)",
                           route: "/api/v1/items/{id}/image {assetId}", secret: secret, allowing: [404])
            findings.check(try client.json("PUT", "/api/v1/items/\(itemID)/image", ["assetId": payload]), "PUT", "assetId \(payload)",
                           route: "/api/v1/items/{id}/image {assetId}", secret: secret, allowing: [404])
            findings.check(try client.pageForm("/items/\(itemID)/image/library", [("assetId", decoded)]), "POST", "assetId \(decoded)",
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
        let findings = TraversalProbe.Findings()
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
        let form = try app.client.pageForm("/items/%2e%2e/image/library", [("assetId", "x")])
        #expect(form.status == 400, "POST form answered \(form.status)")
    }
}
