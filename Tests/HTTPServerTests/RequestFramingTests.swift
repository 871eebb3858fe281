import Foundation
@preconcurrency import Glibc
import HTTPServer
import HTTPTestClient
import Testing

/// Requests whose framing RFC 9112 forbids are refused with 400 and the connection closed, so that
/// nothing the server read as a second request can hide inside them (request smuggling).
@Suite(.serialized) struct RequestFramingTests {
    /// Sends `raw` on a fresh connection and reads until the server closes it: every response it got.
    static func exchange(_ raw: String, port: UInt16) throws -> (responses: [String], closed: Bool) {
        let client = HTTPTestClient(port: port)
        let socket = try client.connect()
        defer { close(socket) }
        let bytes = Array(raw.utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { closed = true }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: received, as: UTF8.self)
        let statusLines = text.matches(of: /HTTP\/1\.[01] \d\d\d [A-Za-z ]+\r\n/).map { String(text[$0.range].dropLast()) }  // "\r\n" is one Character
        return (statusLines, closed)
    }

    static let malformed: [(String, String)] = [
        ("Content-Length and Transfer-Encoding",
         "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("two different Content-Lengths", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 32\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a space before the colon", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length : 32\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("two Host headers", "GET /hello HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n"),
        ("no Host in HTTP/1.1", "GET /hello HTTP/1.1\r\n\r\n"),
        ("a bare CR in a value", "GET /hello HTTP/1.1\r\nHost: x\r\nX-Note: a\rGET /hello HTTP/1.1\r\n\r\n"),
        ("a bare LF ending the request line", "GET /hello HTTP/1.1\nHost: x\r\n\r\n"),
        ("a bare LF ending a header", "GET /hello HTTP/1.1\r\nHost: x\nX-Note: a\r\n\r\n"),
        ("a bare LF ending the last header", "GET /hello HTTP/1.1\r\nX-Note: a\r\nHost: x\n\r\n"),
        ("a bare LF ending the head", "GET /hello HTTP/1.1\r\nHost: x\r\n\n"),
        ("a NUL in a value", "GET /hello HTTP/1.1\r\nHost: x\r\nX-Note: a\u{0}Transfer-Encoding: chunked\r\n\r\n"),
        ("a folded header", "GET /hello HTTP/1.1\r\nHost: x\r\nX-Note: a\r\n b\r\n\r\n"),
        ("a Transfer-Encoding other than chunked", "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"),
        ("Transfer-Encoding in HTTP/1.0", "POST /echo HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        ("a Content-Length that is not a number", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nhello"),
        ("a space in the address", "GET /he llo HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a control character in the address", "GET /hel\u{1}lo HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("two spaces after the method", "GET  /hello HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]

    @Test(arguments: malformed)
    func malformedFramingIsRefusedAndTheConnectionClosed(_ label: String, _ raw: String) throws {
        let server = try startServer(echoRouter())
        let (responses, closed) = try Self.exchange(raw, port: server.port)
        // One refusal, and nothing hidden in the request answered as a second one. (libmicrohttpd
        // refuses a Content-Length that is not a number itself, repeating its head in the answer.)
        #expect(!responses.isEmpty && responses.allSatisfy { $0.hasPrefix("HTTP/1.1 400") }, "\(label): \(responses)")
        #expect(closed, "\(label): the connection stayed open")
        // The server goes on serving well-formed requests.
        #expect(try HTTPTestClient(port: server.port).get("/hello").text == "hello")
    }

    @Test func theRefusalSaysWhatIsWrong() throws {
        let server = try startServer(echoRouter())
        let raw = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\nhello"
        let response = try HTTPTestClient(port: server.port).sendRaw(Array(raw.utf8))
        #expect(response.status == 400)
        #expect(response.errorCode == "malformed-request")
        #expect(response.errorMessage?.contains("2 Content-Length headers") == true, "\(response.errorMessage ?? "")")
    }

    /// What RFC 9112 allows still works: no space after the colon, spaces and tabs around values,
    /// HTTP/1.0 without Host, chunked bodies, pipelined requests on one connection.
    @Test func wellFormedVariationsAreServed() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        let accepted = [
            "GET /hello HTTP/1.1\r\nHost:x\r\nConnection: close\r\n\r\n",
            "GET /hello HTTP/1.1\r\nHost: \tx \r\nX-Empty:\r\nX-Spaces:   \r\nConnection: close\r\n\r\n",
            "GET /hello HTTP/1.0\r\n\r\n",
            "GET /hello?a=1&b=2 HTTP/1.1\r\nhOsT: x\r\nConnection: close\r\n\r\n",
        ]
        for raw in accepted {
            #expect(try client.sendRaw(Array(raw.utf8)).text == "hello", "\(raw.debugDescription)")
        }
        let chunked = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        #expect(try client.sendRaw(Array(chunked.utf8)).text == "hello")
        let pipelined = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
        let (responses, _) = try Self.exchange(pipelined, port: server.port)
        #expect(responses == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"])
    }

    @Test func manyQueryParametersGet414NotSilence() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        for count in [257, 500, 2_000] {
            let query = (0..<count).map { "p\($0)=\($0)" }.joined(separator: "&")
            let response = try client.get("/query?\(query)")
            #expect(response.status == 414, "\(count) parameters → \(response.status)")
            #expect(response.errorMessage?.contains("\(count) query parameters") == true)
        }
        let query = (0..<256).map { "p\($0)=\($0)" }.joined(separator: "&")
        let response = try client.get("/query?\(query)")
        #expect(response.status == 200)
        #expect(response.text.split(separator: ";").count == 256)
    }

    @Test func theAccessLogShowsControlCharactersEscaped() throws {
        let log = AccessLogCollector()
        let server = try startServer(echoRouter(), log: log)
        let forged = "/x\u{1B}[2J\"\r127.0.0.1 \"GET /admin\" 200"
        _ = try? Self.exchange("GET \(forged) HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
        _ = try HTTPTestClient(port: server.port).get("/hello?a=%1B")
        server.shutdown()
        for entry in log.all {
            #expect(!entry.line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(entry.line.debugDescription)")
            #expect(entry.line.filter { $0 == "\"" }.count == 2, "\(entry.line)")
        }
        #expect(log.all.contains { $0.line.contains("\\x1B[2J") }, "\(log.all.map(\.line))")
    }
}
