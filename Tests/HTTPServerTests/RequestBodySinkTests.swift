import Foundation
@preconcurrency import Glibc
import HTTPServer
import HTTPTestClient
import Messages
import Synchronization
import Testing

/// A route's body written as it arrives into a sink the application opens from the request's head
/// (`RequestBodySinkOpener`): never held by the server, refused before a byte when the opener says
/// so, and the sink told when the request is over — also when its connection drops mid-body.
@Suite(.serialized) struct RequestBodySinkTests {
    /// Counts what it is given and how the request ended.
    final class Counting: RequestBodySink {
        let received = Atomic<Int>(0)
        let ended = Atomic<Int>(0)
        let refuseAfter: Int?

        init(refuseAfter: Int? = nil) { self.refuseAfter = refuseAfter }

        func write(_ bytes: UnsafeRawBufferPointer) throws {
            let total = received.add(bytes.count, ordering: .relaxed).newValue
            if let refuseAfter, total > refuseAfter { throw HTTPError(.badRequest, Message(english: "Too many bytes.")) }
        }

        func requestEnded() { ended.add(1, ordering: .relaxed) }
    }

    final class Opened: Sendable {
        let sinks = Mutex<[Counting]>([])
        var last: Counting? { sinks.withLock { $0.last } }
    }

    static func startServer(_ opened: Opened) throws -> HTTPServer {
        var router = Router(defaultMaxBodySize: 10 << 20)
        var metadata = RouteMetadata()
        metadata[RequestBodySinkOpener.self] = { request in
            guard request.headers["X-Allowed"] == "yes" else { throw HTTPError(.badRequest, Message(english: "Not allowed.")) }
            let sink = Counting(refuseAfter: request.headers["X-Refuse-After"].flatMap { Int($0) })
            opened.sinks.withLock { $0.append(sink) }
            return sink
        }
        router.add(.patch, "/sink", metadata: metadata) { request in
            let sink = try #require(request.bodySink as? Counting)
            return .text("\(sink.received.load(ordering: .relaxed)) bytes")
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        return try HTTPServer(configuration: configuration, responder: router, policy: router)
    }

    @Test func aBodyGoesIntoItsSinkAndTheSinkLearnsTheRequestEnded() throws {
        let opened = Opened()
        let server = try Self.startServer(opened)
        let client = HTTPTestClient(port: server.port)
        let response = try client.send("PATCH", "/sink", headers: ["X-Allowed": "yes"], body: [UInt8](repeating: 7, count: 1_000_000))
        #expect(response.status == 200 && response.text == "1000000 bytes")
        #expect(server.bodyStorage.inMemory == 0 && server.bodyStorage.spooled == 0)
        // Told once the answer is sent (a wait with a limit: the client may read it first).
        for _ in 0..<500 where opened.last?.ended.load(ordering: .relaxed) != 1 { usleep(2_000) }
        #expect(opened.last?.ended.load(ordering: .relaxed) == 1)
        // Refused from its head: no sink, nothing read.
        #expect(try client.send("PATCH", "/sink", body: [1, 2, 3]).status == 400)
        #expect(opened.sinks.withLock { $0.count } == 1)
        // Refused by the sink part-way: its error is the answer, the handler never runs.
        let refused = try client.send("PATCH", "/sink", headers: ["X-Allowed": "yes", "X-Refuse-After": "1000"], body: [UInt8](repeating: 1, count: 100_000))
        #expect(refused.status == 400 && refused.text.contains("Too many bytes."))
        for _ in 0..<500 where opened.last?.ended.load(ordering: .relaxed) != 1 { usleep(2_000) }
        #expect(opened.last?.ended.load(ordering: .relaxed) == 1)
    }

    @Test func aSinkWhoseConnectionDropsMidBodyKeepsWhatArrivedAndIsTold() throws {
        let opened = Opened()
        let server = try Self.startServer(opened)
        let client = HTTPTestClient(port: server.port)
        let socket = try client.connect()
        let head = Array("PATCH /sink HTTP/1.1\r\nHost: x\r\nX-Allowed: yes\r\nContent-Length: 500000\r\n\r\n".utf8) + [UInt8](repeating: 3, count: 200_000)
        var sent = 0
        while sent < head.count {
            let count = head[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        for _ in 0..<500 where opened.last?.received.load(ordering: .relaxed) != 200_000 { usleep(10_000) }
        #expect(opened.last?.received.load(ordering: .relaxed) == 200_000)
        #expect(opened.last?.ended.load(ordering: .relaxed) == 0)
        close(socket)
        for _ in 0..<500 where opened.last?.ended.load(ordering: .relaxed) != 1 { usleep(10_000) }
        #expect(opened.last?.ended.load(ordering: .relaxed) == 1)
    }
}
