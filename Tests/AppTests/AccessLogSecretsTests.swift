import Accounts
@testable import App
import Foundation
import HTTPServer
import HTTPTestClient
import Mail
import MailTestServer
import Testing

/// The tokens in paths (adjusters' links, kept imports, the setup link) never reach the access log,
/// whatever form the request's target takes.
@Suite struct AccessLogSecretsTests {
    static let token = "Zq8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQx"

    @Test(.timeLimit(.minutes(2))) func everyTokenBearingPathIsCutWhateverTheTargetsForm() throws {
        let log = AccessLogLines()
        let app = try SecuredApp(overSocket: true) { configuration in
            configuration.accessLog = true
            configuration.accessLogWriter = { log.append($0) }
        }
        // Every route that takes a token, found from the routes themselves: a new one is checked too.
        let patterns: [String] = app.app.routes.map { $0.pattern }.filter { $0.contains("{token}") }
        let firstSegments: [String] = patterns.compactMap { $0.split(separator: "/").first.map(String.init) }
        #expect(Set(firstSegments) == ["shared", "import", "setup", "calendar", "unsubscribe"], "\(patterns)")
        var paths: Set<String> = []
        for pattern in patterns {
            let segments: [String] = pattern.split(separator: "/").map { segment in
                segment == "{token}" ? Self.token : segment.hasPrefix("{") ? "1" : String(segment)
            }
            paths.insert("/" + segments.joined(separator: "/"))
        }
        var targets: [String] = []
        for path in paths.sorted() {
            targets += [path, "http://localhost\(path)", "HTTPS://LOCALHOST:8443\(path)", "http://localhost/x/..\(path)"]
        }
        for target in targets {
            let response = try app.client.sendRaw(Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
            #expect(!response.text.contains(Self.token), "GET \(target) answered with the token")
        }
        // Names that are no secret's stay as they are.
        for path in ["/import", "/api/v1/import", "/setup"] { _ = try app.client.get(path) }
        let deadline = Date().addingTimeInterval(10)
        while log.all.count < targets.count + 3, Date() < deadline { usleep(10_000) }
        let lines = log.all
        #expect(lines.count >= targets.count + 3, "\(lines.count) lines for \(targets.count + 3) requests: \(lines)")
        let leaks = lines.filter { $0.contains(Self.token) || $0.contains(Self.token.prefix(12)) }
        #expect(leaks.isEmpty, "the access log wrote:\n\(leaks.joined(separator: "\n"))")
        for kept in ["\"GET /import\"", "\"GET /api/v1/import\"", "\"GET /setup\""] {
            #expect(lines.contains { $0.contains(kept) }, "\(kept) not in \(lines)")
        }
    }

    /// The mail server's password (`HOMEPWNER_SMTP_PASSWORD`) is in no error, no ledger row, no
    /// database page and no access log line, also when the server turns it down.
    @Test func theMailServersPasswordIsNeverWrittenAnywhere() throws {
        let password = "hunter2-smtp-Zq8Yc1bW"
        let server = try TestSMTPServer(.startTLS, credentials: ("olivia", "another password"))
        let log = AccessLogLines()
        let app = try SecuredApp(accounts: [("olivia", .owner)]) { configuration in
            configuration.accessLog = true
            configuration.accessLogWriter = { log.append($0) }
            configuration.reminderMail = ReminderMailSettings(
                server: try! MailServer(url: server.url, username: "olivia", password: password, caFile: server.certificateFile), from: "homepwner@home.example")
        }
        let settings = try #require(app.app.configuration.reminderMail)
        #expect(!settings.server.description.contains(password))
        let olivia = try #require(try app.app.accounts.account(named: "olivia"))
        try app.app.accounts.setEmail("olivia@example.com", of: olivia.id)
        _ = try app.app.items.create(.init(name: "Sofa"), dateCreated: Date().addingTimeInterval(-40 * 86_400))
        let pass = try #require(app.app.reminderMailer).pass()
        #expect(pass.deferred == 1, "\(pass)")
        let client = try app.token(for: "olivia")
        _ = try client.send("GET", "/api/v1/account", headers: ["Accept": "application/json"])
        #expect(!app.databaseContains(password))
        #expect(!log.all.contains { $0.contains(password) })
        #expect(try server.messages().isEmpty)
    }
}
