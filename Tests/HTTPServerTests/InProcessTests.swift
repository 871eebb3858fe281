import Foundation
import HTTPServer
import HTTPTestClient
import Messages
import Testing

/// `HTTPServer.respond(to:target:headers:body:)` answers a request handed over in this process the way
/// the server answers one read from a socket: the same checks before the body, the same handler on the
/// same kind of thread, the same error responses.
@Suite struct InProcessTests {
    struct Boom: Error {}

    /// An application's error, with a status and code of its own.
    struct Refusal: HTTPResponseError {
        let status: HTTPStatus
        let code: String
        let message: String
        var wording: Message { Message(english: message) }
    }

    /// The echo routes, a file, handlers that throw, and where a handler ran; `admitBody` refuses
    /// `X-Deny`, and error responses are marked so a test sees they went through `errorResponse`.
    static func start(log: AccessLogCollector? = nil, folder: String? = nil) throws -> HTTPServer {
        var router = echoRouter()
        router.get("/where") { request in .text("\(request.isOnNetworkThread) \(Self.threadID())") }
        router.add(.post, "/where-slow", isSlow: true) { request in .text("\(request.isOnNetworkThread) \(Self.threadID())") }
        router.get("/boom") { _ in throw Boom() }
        router.get("/conflict") { _ in throw Refusal(status: .conflict, code: "changed", message: "Someone changed it.") }
        router.get("/file") { _ in
            guard let folder, let file = OpenFile(path: "\(folder)/file") else { throw HTTPError.notFound() }
            return Response(headers: ["Content-Type": "application/octet-stream"], body: .file(file))
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threadCount = 2
        if let log {
            configuration.accessLog = { log.append($0) }
        } else {
            configuration.accessLog = nil
        }
        configuration.admitBody = { request in
            request.headers["X-Deny"] == nil ? nil : Refusal(status: .forbidden, code: "denied", message: "Not from you.")
        }
        configuration.errorResponse = { _, error in
            var response = error.jsonResponse()
            response.headers["X-Error-Page"] = "1"
            return response
        }
        return try HTTPServer(configuration: configuration, responder: router, policy: router)
    }

    /// The calling thread's id ("<pid>/task/<tid>").
    static func threadID() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "?"
    }

    /// Header fields only a connection adds (libmicrohttpd's date, length and connection handling).
    static let connectionFields: Set<String> = ["date", "content-length", "connection"]

    static func fields(_ response: TestResponse) -> [String] {
        response.headers.filter { !connectionFields.contains($0.name.lowercased()) }.map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }

    @Test func answersAsOverASocket() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hp-inprocess-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contents = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(contents).write(to: URL(fileURLWithPath: "\(folder)/file"))
        let server = try Self.start(folder: folder)
        let socket = HTTPTestClient(server, inProcess: false), inProcess = HTTPTestClient(server, inProcess: true)
        #expect(inProcess.isInProcess && !socket.isInProcess)
        let manyParameters = "/query?" + (0..<300).map { "p\($0)=1" }.joined(separator: "&")
        let requests: [(method: String, path: String, headers: [String: String], body: [UInt8])] = [
            ("GET", "/hello", [:], []), ("HEAD", "/hello", [:], []), ("GET", "/items/a%20b", [:], []),
            ("GET", "/files/a/b/c.css", [:], []), ("GET", "/query?a=1&b=x+y&c=%C3%A9&d", [:], []),
            ("GET", "/nope", [:], []), ("DELETE", "/hello", [:], []), ("POST", "/nope", [:], Array("abc".utf8)),
            ("GET", "/items/%ZZ", [:], []), ("GET", "/files/..%2fetc", [:], []), ("GET", "/query?x=%ZZ", [:], []), ("GET", manyParameters, [:], []),
            ("POST", "/echo", [:], Array("hello there".utf8)), ("POST", "/echo", [:], []),
            ("POST", "/echo", [:], Array(repeating: 65, count: 1_001)), ("POST", "/echo", ["X-Deny": "1"], Array("abc".utf8)),
            ("POST", "/echo", ["Content-Length": "1", "Transfer-Encoding": "chunked"], Array("x".utf8)),
            ("POST", "/echo", ["Transfer-Encoding": "gzip"], Array("x".utf8)),
            ("POST", "/big", [:], Array(repeating: 66, count: 300_000)),
            ("POST", "/process", [:], Array("work".utf8)), ("GET", "/remake/thumb", [:], []),
            ("GET", "/boom", [:], []), ("GET", "/conflict", [:], []), ("GET", "/file", [:], []), ("HEAD", "/file", [:], []),
        ]
        for request in requests {
            let label = "\(request.method) \(request.path.prefix(60)) \(request.headers)"
            let overSocket = try socket.send(request.method, request.path, headers: request.headers, body: request.body)
            let handedOver = try inProcess.send(request.method, request.path, headers: request.headers, body: request.body)
            #expect(handedOver.status == overSocket.status, "\(label)")
            #expect(Self.fields(handedOver) == Self.fields(overSocket), "\(label)")
            #expect(handedOver.body == overSocket.body, "\(label): \(handedOver.text.prefix(200)) / \(overSocket.text.prefix(200))")
        }
    }

    @Test func aRefusalBeforeTheBodyClosesTheConnectionAsOverASocket() throws {
        let server = try Self.start()
        let client = HTTPTestClient(server, inProcess: true)
        for headers in [["X-Deny": "1"], [:]] {
            let refused = try client.send("POST", "/echo", headers: headers, body: Array(repeating: 65, count: headers.isEmpty ? 1_001 : 3))
            #expect([403, 413].contains(refused.status))
            #expect(refused.header("X-Error-Page") == "1")
            #expect(refused.header("Connection") == "close")
        }
        #expect(try client.send("POST", "/echo", body: Array("ok".utf8)).header("Connection") == nil)
    }

    @Test func quickRequestsAreAnsweredAtOnceAndSlowOnesOnAWorker() throws {
        let server = try Self.start()
        let client = HTTPTestClient(server, inProcess: true)
        let caller = Self.threadID()
        #expect(try client.get("/where").text == "true \(caller)", "answered at once, on the calling thread")
        let slow = try client.send("POST", "/where-slow", body: Array("x".utf8)).text
        #expect(slow.hasPrefix("false ") && slow != "false \(caller)", "answered on a worker: \(slow), called from \(caller)")
        // A handler that finds it must work slowly after all is called again on a worker.
        #expect(try client.get("/remake/poster").text == "remade poster")
    }

    @Test func aBodyThatIsNotAsLongAsItsHeadSaysIsRefused() throws {
        let server = try Self.start()
        for (length, body) in [("5", "abc"), ("2", "abc")] {
            let response = server.respond(to: .post, target: "/echo", headers: ["Host": "x", "Content-Length": length], body: Array(body.utf8))
            #expect(response?.status.code == 400)
        }
        #expect(server.respond(to: .post, target: "/echo", headers: ["Host": "x"], body: Array("abc".utf8))?.status.code == 400)
        #expect(server.respond(to: .get, target: "/hello", headers: [:])?.status.code == 400, "HTTP/1.1 needs a Host")
        #expect(server.respond(to: .get, target: "/hello two", headers: ["Host": "x"])?.status.code == 400)
    }

    @Test func eachRequestIsLoggedAndNoneAnsweredAfterShutdown() throws {
        let log = AccessLogCollector()
        let server = try Self.start(log: log)
        let client = HTTPTestClient(server, inProcess: true)
        _ = try client.get("/hello")
        _ = try client.get("/nope")
        server.shutdown()
        #expect(throws: (any Error).self) { try client.get("/hello") }
        #expect(server.respond(to: .get, target: "/hello", headers: ["Host": "x"]) == nil)
        let entries = log.all
        #expect(entries.map(\.status).sorted() == [200, 404])
        #expect(entries.contains { $0.line.contains("\"GET /hello\" 200 5") })
    }
}
