import App
import Foundation
import HTTPTestClient

extension HTTPTestClient {
    /// A client whose requests `app` answers in this process, through its server's whole request path
    /// (admission, middleware, router, error pages, security headers) without a connection. The server
    /// still listens: `sendRaw`, `connect` and `from(_:)` reach it over a socket.
    static func inProcess(_ app: HomepwnerApp) -> HTTPTestClient {
        // HOMEPWNER_TEST_TRANSPORT=socket runs every App test over sockets, to compare the two.
        if ProcessInfo.processInfo.environment["HOMEPWNER_TEST_TRANSPORT"] == "socket" { return HTTPTestClient(port: app.port) }
        // Weak, as a socket holds no server: once the app is gone, requests fail as a refused connection would.
        return HTTPTestClient(port: app.port) { [weak app] method, target, headers, body in
            app?.respond(to: method, target: target, headers: headers, body: body)
        }
    }

    /// The client a test of `app` gets: in process, unless it asks for a socket or what it tests
    /// belongs to the connection (TLS, a proxy in front, whose headers and addresses are tested).
    static func forTest(of app: HomepwnerApp, overSocket: Bool = false) -> HTTPTestClient {
        let aboutTheConnection = app.configuration.tlsCertificatePath != nil || app.configuration.trustProxy
        return overSocket || aboutTheConnection ? HTTPTestClient(port: app.port) : .inProcess(app)
    }
}
