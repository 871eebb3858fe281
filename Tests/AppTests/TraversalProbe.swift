import Foundation
import HTTPTestClient

/// The OWASP path-traversal payloads and what a probe with them must never get back, shared by the
/// library's traversal tests and their repeat as a signed-in viewer.
enum TraversalProbe {
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
        /// Whether a response that sets a cookie counts as a leak (the probes run inside a session).
        let guardsSession: Bool

        init(guardsSession: Bool = false) {
            self.guardsSession = guardsSession
        }

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
            if guardsSession, response.header("Set-Cookie") != nil { leaks.append("\(method) \(path) changed the session cookie") }
        }

        var summary: String {
            statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count), e.g. \($0.value.example)" }.joined(separator: "\n")
        }
    }
}
