import Foundation
@preconcurrency import Glibc
import HTTPServer
import HTTPTestClient
import Messages
import Synchronization
import Testing

/// Request bodies: read only for callers the application admits, held in memory within a budget and
/// in unnamed files past it, and parsed off the network threads when large.
@Suite(.serialized) struct RequestBodyTests {
    struct NoKey: HTTPResponseError {
        var status: HTTPStatus { .unauthorized }
        var code: String { "no-key" }
        var wording: Message { Message(english: "Send X-Key.") }
    }

    static func startServer(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        var router = Router(defaultMaxBodySize: 10 << 20)
        router.post("/echo") { request in Response(body: .bytes(request.body)) }
        router.post("/where") { request in .text(request.isOnNetworkThread ? "network thread" : "worker") }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        configure(&configuration)
        return try HTTPServer(configuration: configuration, responder: router, policy: router)
    }

    static func body(_ size: Int, seed: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed) }
    }

    @Test func bodiesPastTheMemoryBudgetWaitInFilesAndArriveWhole() throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("hp-spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let server = try Self.startServer {
            $0.bodyMemoryBudget = 1 << 20
            $0.largestBodyInMemory = 512 << 10
            $0.spoolDirectory = spool
        }
        let client = HTTPTestClient(port: server.port)
        // Eight bodies of 400 KB, each half sent: more than the 1 MB budget holds.
        let bodies = (0..<8).map { Self.body(400_000, seed: $0) }
        let sockets = try bodies.map { body in
            let socket = try client.connect()
            let head = Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body.prefix(200_000)
            _ = head.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return socket
        }
        defer { sockets.forEach { close($0) } }
        usleep(300_000)
        let held = server.bodyStorage
        #expect(held.inMemory <= 1 << 20, "\(held.inMemory) bytes of bodies in memory, over the 1 MB budget")
        #expect(held.spooled >= 4 * 400_000, "only \(held.spooled) bytes went to spool files")
        for (socket, body) in zip(sockets, bodies) {
            let rest = Array(body.dropFirst(200_000))
            _ = rest.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        for (index, (socket, body)) in zip(sockets, bodies).enumerated() {
            let response = try client.readResponse(from: socket)
            #expect(response.status == 200 && response.body == body, "body \(index) came back as \(response.body.count) bytes")
        }
        // Nothing left behind: the spool files never had a name, and the budget is free again.
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty)
        sockets.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        let deadline = ContinuousClock.now + .seconds(5)
        while server.bodyStorage != (0, 0), ContinuousClock.now < deadline { usleep(20_000) }
        #expect(server.bodyStorage == (0, 0))
    }

    @Test func whenTheSpoolBudgetIsSpentTheAnswerIs503WithRetryAfter() throws {
        let server = try Self.startServer {
            $0.largestBodyInMemory = 64 << 10
            $0.bodySpoolBudget = 1 << 20
        }
        let client = HTTPTestClient(port: server.port)
        // Declared larger than the spool can take: refused before the body is sent.
        let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n"
        let response = try client.sendRaw(Array(head.utf8), timeout: 5)
        #expect(response.status == 503)
        #expect(response.header("Retry-After") != nil)
        #expect(response.errorMessage?.contains("Try again") == true)
        #expect(try client.send("POST", "/echo", body: Self.body(900_000, seed: 1)).body == Self.body(900_000, seed: 1))
    }

    @Test func aBodyIsReadOnlyForCallersTheApplicationAdmits() throws {
        let admitted = Atomic<Int>(0)
        let server = try Self.startServer {
            $0.admitBody = { request in
                guard request.headers["X-Key"] == "yes" else { return NoKey() }
                admitted.add(1, ordering: .relaxed)
                return nil
            }
        }
        let client = HTTPTestClient(port: server.port)
        // 5 MB declared, none sent, the connection left open: the refusal comes without the body.
        let refused = try client.sendRaw(Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n".utf8), timeout: 30)
        #expect(refused.status == 401 && refused.errorCode == "no-key")
        #expect(server.bodyStorage == (0, 0))
        let accepted = try client.send("POST", "/echo", headers: ["X-Key": "yes"], body: [1, 2, 3])
        #expect(accepted.body == [1, 2, 3])
        // Requests without a body are not asked about.
        #expect(try client.get("/echo").status == 405)
        #expect(admitted.load(ordering: .relaxed) == 1)
    }

    /// Nothing is read, held or waited for before the answer: a length too large to count, and a
    /// body for a path with no route or a method the route does not take.
    @Test func bodiesThatCannotBeTakenAreAnsweredBeforeTheyAreSent() throws {
        let server = try Self.startServer()
        let client = HTTPTestClient(port: server.port)
        let heads = [
            ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
            ("POST /no/such/route HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n", 404),
            ("PUT /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n", 405),
            ("POST /no/such/route HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 404),
        ]
        for (head, status) in heads {
            let response = try client.sendRaw(Array(head.utf8), timeout: 5)
            #expect(response.status == status, "\(head.prefix(40).debugDescription) → \(response.status)")
        }
        #expect(server.bodyStorage == (0, 0))
    }

    @Test func largeBodiesAreHandledOffTheNetworkThreads() throws {
        let server = try Self.startServer { $0.largestBodyOnNetworkThread = 64 << 10 }
        let client = HTTPTestClient(port: server.port)
        #expect(try client.send("POST", "/where", body: Self.body(1_000, seed: 0)).text == "network thread")
        #expect(try client.send("POST", "/where", body: Self.body(100_000, seed: 0)).text == "worker")
    }
}
