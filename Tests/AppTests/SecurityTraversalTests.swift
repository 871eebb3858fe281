import App
import Foundation
import HTTPTestClient
import Testing

/// The library issue's OWASP path-traversal payloads again, as a signed-in viewer (granted the library,
/// and not): a session must not open a way out of the roots, nor let a viewer write.
@Suite(.serialized) struct SecurityTraversalTests {
    func probe(as name: String, granted: Bool) throws {
        // Without a grant only the library answers differently: probe its routes; with one, every route.
        let fixture = try SecurityFixture.make()
        let secretBase = URL(fileURLWithPath: fixture.libraryRoot).deletingLastPathComponent().path
        let secret = try String(contentsOfFile: secretBase + "/secret.txt", encoding: .utf8)
        let session = try fixture.secured.signIn(name)
        let before = try fixture.secured.snapshot()
        let hash = String(fixture.imageURL.split(separator: "/")[1])
        let templates = [
            "/api/v1/items/{}", "/items/{}", "/items/{}/delete", "/images/{}/original.jpg", "/images/{}/thumb-80.jpg", "/images/\(hash)/{}",
            "/static/\(fixture.staticVersion)/css/{}",
            "/library/groups/{}", "/library/assets/{}",
            "/library/files/{}/\(fixture.fingerprint)/original", "/library/files/{}/\(fixture.fingerprint)/thumb-256.jpg",
            "/library/files/\(fixture.assetID)/{}/original", "/library/files/\(fixture.assetID)/{}/screen.jpg",
            "/library/files/\(fixture.assetID)/\(fixture.fingerprint)/{}",
            "/api/v1/library/groups/{}/assets", "/api/v1/library/assets/{}",
            "/account/tokens/{}/revoke", "/users/{}",
        ]
        let payloads = TraversalProbe.payloads(secretBase: secretBase)
        let findings = TraversalProbe.Findings(guardsSession: true)
        // Reads: 400 or 404; without a grant the library answers 403 first.
        let reads: Set<Int> = granted ? [400, 404] : [400, 403, 404]
        for template in templates where !template.hasPrefix("/account/") && !template.hasPrefix("/users/") && (granted || template.contains("/library/")) {
            for payload in payloads {
                let path = template.replacingOccurrences(of: "{}", with: payload)
                let isLibrary = template.contains("/library/")
                findings.check(try session.get(path, accept: template.hasPrefix("/api/") ? "application/json" : "text/html"), "GET", path,
                               route: template, secret: secret, allowing: isLibrary ? reads : [400, 404])
            }
        }
        // Writes: a viewer is refused before any path is looked at (or the path is malformed: 400).
        for payload in payloads where granted {
            for (method, template) in [("PUT", "/api/v1/items/{}/image"), ("PATCH", "/api/v1/items/{}"), ("DELETE", "/api/v1/items/{}")] {
                let path = template.replacingOccurrences(of: "{}", with: payload)
                findings.check(try session.json(method, path, ["assetId": fixture.assetID, "name": "x"]), method, path, route: template, secret: secret,
                               allowing: [400, 403, 404])
            }
            for template in ["/items/{}/image/library", "/items/{}/delete", "/account/tokens/{}/revoke", "/users/{}", "/users/{}/remove"] {
                let path = template.replacingOccurrences(of: "{}", with: payload)
                // (A token id that is not a number gets the account page with 200, revoking nothing: that
                // status is SecurityRouteAccessTests.revokingATokenThatDoesNotExistIs404's to report.)
                findings.check(try session.form(path, [("assetId", fixture.assetID)]), "POST", path, route: template, secret: secret,
                               allowing: template.hasPrefix("/account/") ? [200, 400, 404] : [400, 403, 404])
            }
            let decoded = payload.removingPercentEncoding ?? payload
            findings.check(try session.json("PUT", "/api/v1/items/\(fixture.itemID)/image", ["assetId": decoded]), "PUT", "assetId \(decoded)",
                           route: "/api/v1/items/{id}/image {assetId}", secret: secret, allowing: [403])
        }
        #expect(findings.leaks.isEmpty, "\(findings.leaks.prefix(20))")
        #expect(findings.statuses.isEmpty, "unexpected answers:\n\(findings.summary)")
        #expect(findings.probes > (granted ? 8_000 : 3_000))
        #expect(try fixture.secured.snapshot() == before, "the probes changed something")
        #expect(try session.get("/").status == 200, "still signed in")
    }

    @Test(.timeLimit(.minutes(10))) func pathPayloadsAsAGrantedViewerNeverEscape() throws {
        try probe(as: "vera", granted: true)
    }

    @Test(.timeLimit(.minutes(10))) func pathPayloadsAsAViewerWithoutAGrantNeverEscape() throws {
        try probe(as: "nora", granted: false)
    }
}
