import Foundation
import HTTPTestClient
import Testing

/// Health check, unknown routes and wrong methods, as a client or browser meets them.
@Suite struct RoutingTests {
    @Test func healthCheckAnswersOK() throws {
        let app = try TestApp()
        let response = try app.client.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "ok")
    }

    @Test func unknownAPIRouteIsJSON404() throws {
        let app = try TestApp()
        let response = try app.client.get("/api/v1/nothing-here")
        #expect(response.status == 404)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(response.errorCode != nil)
        #expect(response.errorMessage?.isEmpty == false)
    }

    @Test func unknownBrowserRouteIsReadablePage() throws {
        let app = try TestApp()
        let response = try app.client.get("/no/such/page", headers: ["Accept": "text/html,application/xhtml+xml"])
        #expect(response.status == 404)
        #expect(response.isHTML)
        #expect(response.text.contains("<html"))
        #expect(response.text.contains("Not Found"))
        #expect(response.text.contains("href=\"/\""), "an error page leads back to the list")
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let app = try TestApp()
        let api = try app.client.send("PUT", "/api/v1/items", headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        #expect(api.status == 405)
        let allow = api.header("Allow") ?? ""
        #expect(allow.contains("GET") && allow.contains("POST"), "Allow was \(allow)")
        #expect(api.errorCode != nil)

        let health = try app.client.send("DELETE", "/healthz")
        #expect(health.status == 405)
        #expect(health.header("Allow")?.contains("GET") == true)

        let page = try app.client.send("DELETE", "/items/new", headers: ["Accept": "text/html"])
        #expect(page.status == 405)
        #expect(page.header("Allow")?.contains("GET") == true)
        #expect(page.isHTML)
    }

    @Test func headIsAnsweredWithoutBody() throws {
        let app = try TestApp()
        // Leaving out the body is libmicrohttpd's: over the socket.
        let response = try app.client.overSocket.send("HEAD", "/healthz")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
    }
}
