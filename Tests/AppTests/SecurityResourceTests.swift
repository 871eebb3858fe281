import App
import Foundation
@preconcurrency import Glibc
import HTTPTestClient
import Testing

/// What strangers can make the server hold: bodies before anyone is known, connections, deep JSON.
@Suite(.serialized) struct SecurityResourceTests {
    /// This process's resident memory, in bytes.
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// The attack of the report: anonymous connections each sending all but the last byte of a 1 MiB
    /// body and holding on. Refused at the head, their bodies are never read, so memory stays put.
    @Test(.timeLimit(.minutes(2))) func anonymousBodiesAreRefusedBeforeTheyAreRead() throws {
        let app = try SecuredApp()
        let length = 1 << 20
        // All but the last byte, sent after the head.
        let body = [UInt8](repeating: 0x7B, count: length - 1)
        let head = Array("POST /api/v1/items HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n".utf8)
        let before = Self.residentBytes()
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var statuses: [Int: Int] = [:]
        for index in 0..<300 {
            let client = HTTPTestClient(port: app.app.port, source: "127.0.\(1 + index / 32).\(2 + index % 32)")
            let socket = try client.connect()
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            for part in [head, body] {
                _ = part.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            sockets.append(socket)
            if index % 50 == 0, let answer = try? client.readResponse(from: socket, timeout: 5) { statuses[answer.status, default: 0] += 1 }
        }
        let grown = Self.residentBytes() - before
        #expect(statuses == [401: 6], "\(statuses)")
        #expect(grown < 64 << 20, "300 anonymous 1 MiB bodies grew the server by \(grown >> 20) MiB")
    }

    @Test func publicFormsTakeOnlySmallBodies() throws {
        let app = try SecuredApp()
        let padding = String(repeating: "a", count: 20_000)
        let response = try app.client.form("/signin", [("name", "vera"), ("password", padding)])
        #expect(response.status == 413)
        #expect(try app.signIn("vera").id.isEmpty == false)
    }

    @Test func behindATrustedProxyLoopbackConnectionsAreNotCapped() throws {
        for trustProxy in [false, true] {
            let app = try SecuredApp {
                $0.trustProxy = trustProxy
                $0.connectionsPerAddress = 32
            }
            let client = HTTPTestClient(port: app.app.port)
            let sockets = try (0..<40).map { _ in
                let socket = try client.connect()
                _ = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                return socket
            }
            defer { sockets.forEach { close($0) } }
            usleep(300_000)
            let open = sockets.filter { socket in
                var byte: UInt8 = 0
                return recv(socket, &byte, 1, Int32(MSG_DONTWAIT)) < 0 && errno == EAGAIN
            }.count
            let expected = trustProxy ? 40...40 : 32...33
            #expect(expected.contains(open), "trust proxy \(trustProxy): \(open) of 40 loopback connections open")
        }
    }

    @Test func deeplyNestedJSONIsRefusedBeforeParsing() throws {
        let app = try TestApp()
        for depth in [17, 500, 100_000] {
            let body = Array("{\"name\": ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
                + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + Array("}".utf8)
            let response = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json"], body: body)
            #expect(response.status == 400 && response.errorCode == "json-too-deep", "depth \(depth): \(response.status) \(response.errorCode ?? "")")
            #expect(response.errorMessage?.contains("\(depth + 1) levels") == true, "\(response.errorMessage ?? "")")
        }
        // A body as wide as the limit allows, but shallow, is read (and its unknown fields named).
        let wide = "{" + (0..<20_000).map { "\"f\($0)\": [[1, true, \"x\", {\"a\": null}]]" }.joined(separator: ", ") + "}"
        let response = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json"], body: Array(wide.utf8))
        #expect(response.status == 422 && response.errorCode == "invalid-item", "\(response.status) \(response.errorCode ?? "")")
        #expect(try app.items().isEmpty)
    }
}
