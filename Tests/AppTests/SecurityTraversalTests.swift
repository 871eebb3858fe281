import App
import Foundation
import HTTPTestClient
import Testing

/// The library issue's OWASP path-traversal payloads again, as a signed-in viewer (granted the library,
/// and not): a session must not open a way out of the roots, nor let a viewer write.
@Suite(.serialized) struct SecurityTraversalTests {
    /// Copied from LibraryTraversalTests: one "go up" step, spelled every way the OWASP list spells it.
    static let upSteps = [
        "../", "..%2f", "..%2F", "%2e%2e%2f", "%2E%2E%2F", "%2e%2e/", ".%2e/", "%2e./",
        "%252e%252e%252f", "..%252f", "%252e%252e/",
        "%c0%ae%c0%ae%c0%af", "%c0%ae%c0%ae/", "..%c0%af", "%e0%80%ae%e0%80%ae%e0%80%af", "%c0%2e%c0%2e%c0%2f",
        "..\\", "..%5c", "..%5C", "%2e%2e%5c", "%252e%252e%255c",
        "....//", "....\\/", "..;/", "..%00/", "%2e%2e%00/", "..%u2215", "%uff0e%uff0e%u2215",
    ]

    /// Copied from LibraryTraversalTests.
    static func payloads(secretBase: String) -> [String] {
        var payloads: [String] = []
        for step in upSteps {
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

    /// Leaks and unexpected statuses, gathered so thousands of probes give one readable summary.
    final class Findings {
        var leaks: [String] = []
        var statuses: [String: (count: Int, example: String)] = [:]
        var probes = 0

        func check(_ response: TestResponse, _ method: String, _ path: String, route: String, secret: String, allowing allowed: Set<Int>) {
            probes += 1
            if !allowed.contains(response.status) {
                let key = "\(method) \(route) → \(response.status)"
                statuses[key] = ((statuses[key]?.count ?? 0) + 1, statuses[key]?.example ?? path)
            }
            if bytesContain(response.body, secret) { leaks.append("\(method) \(path) sent the planted secret") }
            if bytesContain(response.body, "root:x:0:0") { leaks.append("\(method) \(path) sent /etc/passwd") }
            if bytesContain(response.body, "SQLite format 3") { leaks.append("\(method) \(path) sent the database") }
            if response.header("Content-Type")?.hasPrefix("image/") == true { leaks.append("\(method) \(path) sent an image (\(response.status))") }
            if response.header("Set-Cookie") != nil { leaks.append("\(method) \(path) changed the session cookie") }
        }

        var summary: String {
            statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count), e.g. \($0.value.example)" }.joined(separator: "\n")
        }
    }

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
        let payloads = Self.payloads(secretBase: secretBase)
        let findings = Findings()
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
