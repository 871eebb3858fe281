import Foundation
@preconcurrency import Glibc
import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// Starts a server on a free port with `router`, logging into `log` when given.
final class AccessLogCollector: Sendable {
    private let entries = Mutex<[AccessLogEntry]>([])
    func append(_ entry: AccessLogEntry) { entries.withLock { $0.append(entry) } }
    var all: [AccessLogEntry] { entries.withLock { $0 } }
}

/// Starts a server on a free port with `router`, logging into `log` when given.
func startServer(_ router: Router, log: AccessLogCollector? = nil, grace: Duration = .seconds(10)) throws -> HTTPServer {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.shutdownGracePeriod = grace
    if let log {
        configuration.accessLog = { entry in log.append(entry) }
    } else {
        configuration.accessLog = nil
    }
    return try HTTPServer(configuration: configuration, responder: router, policy: router)
}

func echoRouter() -> Router {
    var router = Router(defaultMaxBodySize: 1_000)
    router.get("/hello") { _ in .text("hello") }
    router.get("/items/{id}") { request in .text("item \(request.parameters["id"] ?? "?")") }
    router.get("/files/{path...}") { request in .text(request.parameters["path"] ?? "") }
    router.get("/query") { request in .text(request.query.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: ";")) }
    router.post("/echo") { request in Response(body: .bytes(request.body)) }
    router.post("/big", maxBodySize: 10_000_000) { request in .text("\(request.body.count)") }
    router.get("/slow") { _ in
        usleep(400_000)
        return .text("done")
    }
    router.add(.post, "/process", isSlow: true) { request in
        usleep(600_000)
        return .text("processed \(request.body.count)")
    }
    // Like a lost rendition: found out to be slow only once the handler looks.
    router.get("/remake/{name}") { request in
        if request.isOnNetworkThread { throw WorkerRequired() }
        usleep(600_000)
        return .text("remade \(request.parameters["name"] ?? "?")")
    }
    return router
}

@Suite(.serialized) struct HTTPServerTests {
    @Test func routesCaptureParametersAndDecodeSegments() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        #expect(try client.get("/hello").text == "hello")
        #expect(try client.get("/items/42").text == "item 42")
        #expect(try client.get("/items/a%20b").text == "item a b")
        #expect(try client.get("/files/a/b/c.css").text == "a/b/c.css")
        #expect(try client.get("/query?a=1&b=x+y&c=%C3%A9&d").text == "a=1;b=x y;c=é;d=")
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        let missing = try client.get("/nope")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "not-found")
        let wrong = try client.send("DELETE", "/hello")
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, HEAD")
    }

    @Test func headAnswersLikeGetWithoutBody() throws {
        let server = try startServer(echoRouter())
        let response = try HTTPTestClient(port: server.port).send("HEAD", "/hello")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "5")
        #expect(response.body.isEmpty)
    }

    @Test func malformedPathsAre400NotCrashes() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        for path in ["/items/%ZZ", "/items/%C0%AE", "/items/%FF", "/items/%00", "/files/..%2fetc", "/files/a%5c..%5cb", "/files/../x", "/items/a%2Fb"] {
            let response = try client.get(path)
            #expect(response.status == 400, Comment(rawValue: "\(path) → \(response.status)"))
            #expect(response.errorCode == "invalid-path")
        }
        #expect(try client.get("/query?x=%ZZ").status == 400)
        #expect(try client.get("/hello").status == 200)
    }

    @Test func declaredBodyOverLimitIs413BeforeTheBodyIsRead() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        // Declare 5 GB but send only the head: the answer must come without the body.
        let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000000\r\n\r\n"
        let response = try client.sendRaw(Array(head.utf8), timeout: 5)
        #expect(response.status == 413)
        #expect(response.errorMessage?.contains("1 KB") == true)
        #expect(try client.send("POST", "/echo", body: Array(repeating: 65, count: 1_000)).body.count == 1_000)
        #expect(try client.send("POST", "/big", body: Array(repeating: 65, count: 2_000_000)).text == "2000000")
    }

    @Test func chunkedBodyOverLimitIs413() throws {
        let server = try startServer(echoRouter())
        let chunk = String(repeating: "a", count: 800)
        let raw = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n"
        let response = try HTTPTestClient(port: server.port).sendRaw(Array(raw.utf8))
        #expect(response.status == 413)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        let socket = try client.connect()
        defer { close(socket) }
        for _ in 0..<3 {
            let request = Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #expect(try client.readResponse(from: socket).text == "hello")
        }
    }

    /// Small files go out in one write with their headers, large ones by `sendfile`: either way a
    /// client gets every byte, and the connection goes on to the next request.
    @Test func filesArriveWholeWhateverTheirSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hp-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sizes = [0, 1, 2_569, 65_535, 65_536, 65_537, 3_000_000]
        var contents: [Int: [UInt8]] = [:]
        for size in sizes {
            contents[size] = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            try Data(contents[size]!).write(to: URL(fileURLWithPath: "\(folder)/\(size)"))
        }
        var router = Router()
        router.get("/blob/{name}") { request in
            guard let file = OpenFile(path: "\(folder)/\(request.parameters["name"] ?? "")") else { throw HTTPError.notFound() }
            return Response(headers: ["Content-Type": "application/octet-stream"], body: .file(file))
        }
        let server = try startServer(router)
        let client = HTTPTestClient(port: server.port)
        let socket = try client.connect()
        defer { close(socket) }
        for size in sizes + sizes.reversed() {
            let request = Array("GET /blob/\(size) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            let response = try client.readResponse(from: socket)
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "\(size)")
            let intact = response.body == contents[size]
            #expect(intact, "a file of \(size) bytes arrived as \(response.body.count) bytes, or changed")
        }
        let head = try client.send("HEAD", "/blob/3000000")
        #expect(head.header("Content-Length") == "3000000" && head.body.isEmpty)
        #expect(try client.get("/blob/missing").status == 404)
    }

    @Test func shutdownLetsRequestsInFlightFinish() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        let result = Mutex<String?>(nil)
        let thread = Thread { result.withLock { $0 = try? client.get("/slow").text } }
        thread.start()
        usleep(100_000)
        server.shutdown()
        #expect(result.withLock { $0 } == "done")
        #expect(throws: (any Error).self) { try client.get("/hello") }
    }

    @Test func everyRequestGetsOneAccessLogLine() throws {
        let log = AccessLogCollector()
        let server = try startServer(echoRouter(), log: log)
        let client = HTTPTestClient(port: server.port)
        _ = try client.get("/hello")
        _ = try client.get("/nope")
        server.shutdown()
        // Lines are written as each connection completes, on whichever network thread served it: one
        // per request, in no promised order.
        let entries = log.all
        #expect(entries.map(\.status).sorted() == [200, 404])
        #expect(entries.contains { $0.line.contains("\"GET /hello\" 200 5") })
    }

    /// Sends two more slow requests at once than the server has network threads (`send(index)`, each
    /// on a thread of its own), held in their handlers until `gate` opens. Once every worker holds
    /// one, `/hello` must still be answered: were slow handlers run on the network threads, every one
    /// would be held, and `/hello` would wait for a gate that opens only after its answer. Returns
    /// the slow requests' answers, in the order they came.
    private func answersWhileOthersStayFast(_ server: HTTPServer, gate: Gate, _ send: @escaping @Sendable (Int) throws -> String) throws -> [String] {
        let client = HTTPTestClient(port: server.port)
        let threads = server.configuration.threadCount
        let answers = Mutex<[String]>([])
        for index in 0..<(threads + 2) {
            Thread { if let text = try? send(index) { answers.withLock { $0.append(text) } } }.start()
        }
        defer { gate.open() }
        try gate.waitUntilHolding(threads)
        #expect(try client.get("/hello").text == "hello")
        #expect(answers.withLock { $0.isEmpty }, "a slow request was answered before the gate opened")
        gate.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while answers.withLock({ $0.count }) < threads + 2, ContinuousClock.now < deadline { usleep(20_000) }
        return answers.withLock { $0 }
    }

    /// Slow routes that wait at a gate instead of sleeping: what they hold up is a fact, not a matter of time.
    private func gatedRouter(_ gate: Gate) -> Router {
        var router = echoRouter()
        router.add(.post, "/gated/process", isSlow: true) { request in
            gate.pass()
            return .text("processed \(request.body.count)")
        }
        router.get("/gated/remake/{name}") { request in
            if request.isOnNetworkThread { throw WorkerRequired() }
            gate.pass()
            return .text("remade \(request.parameters["name"] ?? "?")")
        }
        return router
    }

    @Test func slowRoutesRunOnWorkersAndNeverHoldUpOtherRequests() throws {
        let gate = Gate()
        let server = try startServer(gatedRouter(gate))
        let client = HTTPTestClient(port: server.port)
        let answers = try answersWhileOthersStayFast(server, gate: gate) { _ in try client.send("POST", "/gated/process", body: [1, 2, 3]).text }
        #expect(answers == Array(repeating: "processed 3", count: server.configuration.threadCount + 2))
    }

    @Test func handlersThatFindSlowWorkMoveToWorkersAndNeverHoldUpOtherRequests() throws {
        let gate = Gate()
        let server = try startServer(gatedRouter(gate))
        let client = HTTPTestClient(port: server.port)
        let answers = try answersWhileOthersStayFast(server, gate: gate) { index in try client.get("/gated/remake/\(index)").text }
        #expect(answers.sorted() == (0..<(server.configuration.threadCount + 2)).map { "remade \($0)" }.sorted())
    }

    @Test func concurrentClientsAllGetAnswers() throws {
        let server = try startServer(echoRouter())
        let client = HTTPTestClient(port: server.port)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let ok = (try? client.get("/items/\(index)").text) == "item \(index)"
            if !ok { failures.add(1, ordering: .relaxed) }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}
