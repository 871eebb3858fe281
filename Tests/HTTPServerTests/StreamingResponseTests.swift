import Foundation
@preconcurrency import Glibc
import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// Bodies made while they are sent (`Response(status:headers:stream:)`): chunked on the wire, whole
/// when the producer ends, cut when it fails, the producer held back by a slow reader and stopped
/// by a reader that goes, and never a network thread kept waiting.
@Suite(.serialized) struct StreamingResponseTests {
    /// What the producers of one server did.
    final class Probe: Sendable {
        let started = Atomic<Int>(0)
        /// Bytes the producer has handed to the writer.
        let written = Atomic<Int>(0)
        /// How the last producer ended: "finished", or the error it met.
        let outcome = Mutex<String?>(nil)
        /// Opens for `/pause` to go on.
        let gate = DispatchSemaphore(value: 0)
        /// A file `/forever` keeps open while it runs, to see that it is closed.
        let openFile: String

        init() {
            openFile = FileManager.default.temporaryDirectory.appendingPathComponent("hp-stream-\(UUID().uuidString)").path
            _ = FileManager.default.createFile(atPath: openFile, contents: Data("x".utf8))
        }

        deinit { unlink(openFile) }

        func run(_ body: () throws -> Void) throws {
            started.add(1, ordering: .relaxed)
            do {
                try body()
                outcome.withLock { $0 = "finished" }
            } catch {
                outcome.withLock { $0 = "\(error)" }
                throw error
            }
        }

        /// Waits until the producer has ended (up to 10 s); how it ended.
        func awaitOutcome() -> String? {
            let deadline = ContinuousClock.now + .seconds(10)
            while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline { usleep(10_000) }
            return outcome.withLock { $0 }
        }

        /// Whether this process holds a descriptor for `openFile`.
        var fileIsOpen: Bool {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == openFile }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the producer failed" }
    }

    /// A body long enough to see any byte out of place: byte `i` is `block[i % block.count]`.
    enum Pattern {
        static let block: [UInt8] = (0..<1_000_003).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        /// Uneven pieces: one byte, more than a chunk, more than the stream's whole buffer.
        static let pieces = [1, 17, 4_096, 100_000, 300_000, 65_536]

        static func write(_ count: Int, to body: ResponseBodyWriter, _ probe: Probe) throws {
            var position = 0, piece = 0
            while position < count {
                let start = position % block.count
                let length = min(pieces[piece % pieces.count], count - position, block.count - start)
                try block.withUnsafeBytes { try body.write(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
                position += length
                piece += 1
                probe.written.add(length, ordering: .relaxed)
            }
        }

        /// Whether `bytes` are the pattern's first `bytes.count`.
        static func matches(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            return bytes.withUnsafeBytes { received in
                block.withUnsafeBytes { expected in
                    while offset < received.count {
                        let length = min(expected.count, received.count - offset)
                        guard memcmp(received.baseAddress! + offset, expected.baseAddress!, length) == 0 else { return false }
                        offset += length
                    }
                    return true
                }
            }
        }
    }

    /// Adds a header to every answer, as the app's security headers do.
    struct MarkingMiddleware: Middleware {
        func respond(to request: Request, next: any Responder) throws -> Response {
            var response = try next.respond(to: request)
            response.headers["X-Frame-Options"] = "DENY"
            return response
        }
    }

    static func startServer(_ probe: Probe, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        var router = echoRouter()
        @Sendable func stream(_ produce: @escaping @Sendable (ResponseBodyWriter) throws -> Void) -> Response {
            Response(headers: ["Content-Type": "application/octet-stream"]) { body in try probe.run { try produce(body) } }
        }
        router.get("/stream/{size}") { request in
            let size = Int(request.parameters["size"] ?? "") ?? 0
            return stream { try Pattern.write(size, to: $0, probe) }
        }
        router.get("/fail/{after}") { request in
            let after = Int(request.parameters["after"] ?? "") ?? 0
            return stream { body in
                try Pattern.write(after, to: body, probe)
                throw Failure()
            }
        }
        router.get("/forever") { _ in
            stream { body in
                let descriptor = open(probe.openFile, O_RDONLY | O_CLOEXEC)
                defer { close(descriptor) }
                while true { try Pattern.write(1 << 20, to: body, probe) }
            }
        }
        router.get("/pause") { _ in
            stream { body in
                try body.write("first part")
                probe.gate.wait()
                try body.write(" and the rest")
            }
        }
        router.get("/trickle") { _ in
            stream { body in
                while true {
                    try body.write("0123456789")
                    usleep(50_000)
                }
            }
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        configure(&configuration)
        return try HTTPServer(configuration: configuration, responder: MiddlewareChain([MarkingMiddleware()], around: router), policy: router)
    }

    static func send(_ text: String, on socket: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads from `socket` until the head and at least `count` bytes after it have come.
    @discardableResult
    static func readHead(from socket: Int32, andAtLeast count: Int) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while received.count < count + 200 {
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if read <= 0 { break }
            received += buffer[0..<read]
        }
        return received
    }

    /// Reads what is left on `socket` until the server closes it: what came, or nil when it was
    /// still open after `limit` seconds.
    static func readToEnd(_ socket: Int32, limit: Int = 5) -> [UInt8]? {
        var interval = timeval(tv_sec: limit, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if read > 0 {
                received += buffer[0..<read]
            } else {
                return read == 0 || errno == ECONNRESET ? received : nil
            }
        }
    }

    /// Waits until `value` stops changing across a few looks (up to 10 s); its last value.
    static func settled(_ value: () -> Int) -> Int {
        var last = value(), unchanged = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while unchanged < 3, ContinuousClock.now < deadline {
            usleep(150_000)
            let now = value()
            unchanged = now == last ? unchanged + 1 : 0
            last = now
        }
        return last
    }

    static func awaitNoStreams(_ server: HTTPServer) -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        while server.responseStreams.running > 0, ContinuousClock.now < deadline { usleep(10_000) }
        return server.responseStreams.running
    }

    @Test func aStreamArrivesChunkedAndWholeAndTheConnectionServesTheNextRequest() throws {
        let probe = Probe()
        let server = try Self.startServer(probe)
        let client = HTTPTestClient(port: server.port)
        let size = 5_000_000
        let socket = try client.connect()
        defer { close(socket) }
        Self.send("GET /stream/\(size) HTTP/1.1\r\nHost: x\r\n\r\n", on: socket)
        let streamed = try client.readResponse(from: socket)
        #expect(streamed.status == 200)
        #expect(streamed.header("Transfer-Encoding") == "chunked" && streamed.header("Content-Length") == nil)
        #expect(streamed.header("Content-Type") == "application/octet-stream")
        #expect(streamed.header("X-Frame-Options") == "DENY", "middleware applies to a streamed answer")
        #expect(streamed.body.count == size && Pattern.matches(streamed.body))
        // Kept alive: the last chunk ended the body, and the same connection answers again.
        Self.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n", on: socket)
        #expect(try client.readResponse(from: socket).text == "hello")
        #expect(probe.outcome.withLock { $0 } == "finished")

        let inProcess = try HTTPTestClient(server, inProcess: true).get("/stream/\(size)")
        #expect(inProcess.status == 200 && inProcess.header("X-Frame-Options") == "DENY")
        #expect(inProcess.body.count == size && Pattern.matches(inProcess.body))
        #expect(try HTTPTestClient(server, inProcess: true).get("/stream/0").body.isEmpty)
        #expect(try client.get("/stream/0").body.isEmpty)
    }

    @Test func headAnswersWithTheHeadAloneAndNeverRunsTheProducer() throws {
        let probe = Probe()
        let server = try Self.startServer(probe)
        let client = HTTPTestClient(port: server.port)
        let socket = try client.connect()
        defer { close(socket) }
        Self.send("HEAD /stream/1000 HTTP/1.1\r\nHost: x\r\n\r\n", on: socket)
        // Nothing after the head, not even an empty last chunk; the length is not known without
        // making the body, so it is not given (RFC 9110 §9.3.2), and the connection ends the answer.
        let received = String(decoding: try #require(Self.readToEnd(socket)), as: UTF8.self)
        #expect(received.hasPrefix("HTTP/1.1 200") && received.hasSuffix("\r\n\r\n"), "\(received)")
        #expect(received.contains("Content-Type: application/octet-stream\r\n") && received.contains("X-Frame-Options: DENY\r\n"))
        #expect(!received.contains("Content-Length") && !received.contains("Transfer-Encoding"))
        let inProcess = try HTTPTestClient(server, inProcess: true).send("HEAD", "/stream/1000")
        #expect(inProcess.status == 200 && inProcess.body.isEmpty)
        #expect(probe.started.load(ordering: .relaxed) == 0)
    }

    @Test func aSlowReaderHoldsBackTheProducerNotTheServersMemory() throws {
        let probe = Probe()
        let server = try Self.startServer(probe)
        let client = HTTPTestClient(port: server.port)
        let size = 64 << 20
        let socket = try client.connect()
        defer { close(socket) }
        var small: Int32 = 64 << 10
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        Self.send("GET /stream/\(size) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", on: socket)
        // The client reads nothing: the producer gets as far as the buffers let it, and waits there.
        let written = Self.settled { probe.written.load(ordering: .relaxed) }
        #expect(written < 16 << 20, "the producer ran \(written) bytes ahead of a client that read nothing")
        #expect(server.responseStreams.running == 1 && server.responseStreams.buffered <= 256 << 10)
        #expect(probe.outcome.withLock { $0 } == nil)
        let response = try client.readResponse(from: socket, timeout: 30)
        #expect(response.body.count == size && Pattern.matches(response.body))
        #expect(probe.awaitOutcome() == "finished")
    }

    @Test func aClientThatGoesStopsTheProducerWhichCleansUp() throws {
        let probe = Probe()
        let server = try Self.startServer(probe)
        let socket = try HTTPTestClient(port: server.port).connect()
        Self.send("GET /forever HTTP/1.1\r\nHost: x\r\n\r\n", on: socket)
        Self.readHead(from: socket, andAtLeast: 100_000)
        #expect(probe.fileIsOpen)
        close(socket)
        #expect(probe.awaitOutcome() == "the client closed the connection")
        #expect(Self.awaitNoStreams(server) == 0, "the producer's thread ended")
        #expect(!probe.fileIsOpen)
        #expect(try HTTPTestClient(port: server.port).get("/hello").text == "hello")
    }

    @Test func aProducerThatFailsCutsTheDownloadSoItNeverLooksComplete() throws {
        let probe = Probe()
        let log = AccessLogCollector()
        let server = try Self.startServer(probe) { configuration in configuration.accessLog = { log.append($0) } }
        let client = HTTPTestClient(port: server.port)
        do {
            let response = try client.get("/fail/300000")
            Issue.record("a failed stream arrived as a whole body of \(response.body.count) bytes")
        } catch HTTPTestClient.ClientError.truncated(let partial) {
            #expect(partial.count <= 300_000 && Pattern.matches(partial))
        }
        #expect(probe.outcome.withLock { $0 } == "the producer failed")
        #expect(throws: HTTPTestClient.ClientError.self, "in process, no response") {
            try HTTPTestClient(server, inProcess: true).get("/fail/1000")
        }
        #expect(Self.awaitNoStreams(server) == 0)
        server.shutdown()
        let entries = log.all.filter { $0.path.hasPrefix("/fail/") }
        #expect(entries.count == 2 && entries.allSatisfy { !$0.completed })
    }

    @Test func aProducerThatPausesHoldsNoNetworkThreadAndMissesNoDeadline() throws {
        let probe = Probe()
        // One network thread: were it waiting for the producer, nothing else would be answered.
        let server = try Self.startServer(probe) { configuration in
            configuration.threadCount = 1
            configuration.transferGracePeriod = .milliseconds(300)
            configuration.minimumTransferRate = 64 << 10
        }
        let client = HTTPTestClient(port: server.port)
        let paused = Mutex<TestResponse?>(nil)
        let thread = Thread { paused.withLock { $0 = try? client.get("/pause") } }
        thread.start()
        _ = Self.settled { probe.written.load(ordering: .relaxed) + probe.started.load(ordering: .relaxed) }
        #expect(try client.get("/hello").text == "hello")
        // Longer than the transfer grace: a client waiting for the producer is not a slow reader.
        usleep(1_000_000)
        probe.gate.signal()
        #expect(probe.awaitOutcome() == "finished")
        let deadline = ContinuousClock.now + .seconds(10)
        while paused.withLock({ $0 }) == nil, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(paused.withLock { $0?.text } == "first part and the rest")
    }

    @Test func streamsPastTheLimitAreRefusedWithRetryAfter() throws {
        let probe = Probe()
        let server = try Self.startServer(probe) { $0.streamLimit = 1 }
        let client = HTTPTestClient(port: server.port)
        let holder = try client.connect()
        Self.send("GET /forever HTTP/1.1\r\nHost: x\r\n\r\n", on: holder)
        Self.readHead(from: holder, andAtLeast: 1)
        let refused = try client.get("/stream/10")
        #expect(refused.status == 503 && refused.header("Retry-After") == "30")
        let inProcess = try HTTPTestClient(server, inProcess: true).get("/stream/10")
        #expect(inProcess.status == 503)
        close(holder)
        #expect(Self.awaitNoStreams(server) == 0)
        #expect(try client.get("/stream/10").body.count == 10)
    }

    @Test func shutdownCutsStreamsStillGoingAfterTheGracePeriod() throws {
        let probe = Probe()
        let server = try Self.startServer(probe) { $0.shutdownGracePeriod = .milliseconds(200) }
        let client = HTTPTestClient(port: server.port)
        let socket = try client.connect()
        defer { close(socket) }
        // The producer waits between writes, so the connection is suspended most of the time.
        Self.send("GET /trickle HTTP/1.1\r\nHost: x\r\n\r\n", on: socket)
        let head = Self.readHead(from: socket, andAtLeast: 30)
        #expect(String(decoding: head, as: UTF8.self).contains("Transfer-Encoding: chunked"))
        server.shutdown()
        #expect(probe.awaitOutcome() == "the server is stopping")
        #expect(server.responseStreams.running == 0)
        let rest = try #require(Self.readToEnd(socket), "the connection was closed")
        #expect(!String(decoding: head + rest, as: UTF8.self).hasSuffix("0\r\n\r\n"), "no last chunk: the download is seen to fail")
    }
}
