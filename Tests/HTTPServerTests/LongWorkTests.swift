import Foundation
@preconcurrency import Glibc
@testable import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// Long work (`WorkerRequired(isLong: true)`: a whole claim read for whoever holds its link) never
/// holds every worker, keeps what its handler took until the request is over, and sees its client
/// leave. Handlers wait at gates: what they hold up is a fact, not a matter of time.
@Suite(.serialized) struct LongWorkTests {
    /// Set when the place a handler took for its request is given back.
    final class Place: Sendable {
        let flag: ReleaseFlag
        init(_ flag: ReleaseFlag) { self.flag = flag }
        deinit { flag.isSet.store(true, ordering: .releasing) }
    }

    final class ReleaseFlag: Sendable {
        let isSet = Atomic<Bool>(false)
        var released: Bool { isSet.load(ordering: .acquiring) }
    }

    /// What `/watch` saw of its clients, in the order they asked.
    final class Sightings: Sendable {
        let gone = Mutex<[Bool]>([])
    }

    private static func router(gate: Gate, flag: ReleaseFlag, sightings: Sightings) -> Router {
        var router = echoRouter()
        router.get("/long/{n}") { request in
            if request.isOnNetworkThread { throw WorkerRequired(isLong: true) }
            gate.pass()
            return .text("long \(request.parameters["n"] ?? "?")")
        }
        router.add(.post, "/upload", isSlow: true) { request in .text("uploaded \(request.body.count)") }
        router.get("/placed") { request in
            if request.isOnNetworkThread { throw WorkerRequired(isLong: true, ticket: Place(flag)) }
            let held = request.workerTicket is Place
            return Response(headers: ["Content-Type": "text/plain"]) { body in
                gate.pass()
                try body.write(held ? "held" : "not held")
            }
        }
        router.add(.get, "/watch", isSlow: true) { request in
            gate.pass()
            let gone = request.clientHasGone
            sightings.gone.withLock { $0.append(gone) }
            if gone { throw ResponseBodyWriter.Closed.clientGone }
            return .text("still here")
        }
        return router
    }

    @Test func longWorkLeavesAWorkerForTheOtherSlowRoutes() throws {
        let gate = Gate()
        let log = AccessLogCollector()
        let server = try startServer(Self.router(gate: gate, flag: ReleaseFlag(), sightings: Sightings()), log: log)
        let client = HTTPTestClient(port: server.port)
        let width = server.longWorkWidth
        #expect(width >= 1)
        let answers = Mutex<[String]>([])
        // Two more than long work may hold: those wait for a place.
        for index in 0..<(width + 2) {
            Thread { if let text = try? client.get("/long/\(index)").text { answers.withLock { $0.append(text) } } }.start()
        }
        defer { gate.open() }
        try gate.waitUntilHolding(width)
        // An upload (a slow route) finds the worker long work may not take; a quick route is answered on the network threads.
        #expect(try client.send("POST", "/upload", body: [1, 2, 3]).text == "uploaded 3")
        #expect(try client.get("/hello").text == "hello")
        let deadline = ContinuousClock.now + .seconds(10)
        while server.longWork.waiting < 2, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(server.longWork.running == width && server.longWork.waiting == 2, "\(server.longWork)")
        #expect(answers.withLock { $0.isEmpty }, "long work was answered before the gate opened")
        gate.open()
        while answers.withLock({ $0.count }) < width + 2, ContinuousClock.now < deadline + .seconds(10) { usleep(5_000) }
        #expect(answers.withLock { $0.sorted() } == (0..<(width + 2)).map { "long \($0)" }.sorted())
        // Each worker gives its place back once its answer is on its way.
        while server.longWork.running > 0, ContinuousClock.now < deadline + .seconds(10) { usleep(1_000) }
        #expect(server.longWork.running == 0 && server.longWork.waiting == 0, "\(server.longWork)")
    }

    @Test func whatTheHandlerTookIsHeldUntilItsStreamedAnswerIsSent() throws {
        let gate = Gate()
        let flag = ReleaseFlag()
        let server = try startServer(Self.router(gate: gate, flag: flag, sightings: Sightings()))
        let client = HTTPTestClient(port: server.port)
        let answer = Mutex<String?>(nil)
        Thread { answer.withLock { $0 = try? client.get("/placed").text } }.start()
        defer { gate.open() }
        // The handler has answered on its worker; its stream is being made: the request is not over.
        try gate.waitUntilHolding(1)
        #expect(!flag.released, "the place was given back before the answer was sent")
        gate.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while answer.withLock({ $0 == nil }) || !flag.released, ContinuousClock.now < deadline { usleep(1_000) }
        // The worker's request carried the place, and it was given back once the answer was sent.
        #expect(answer.withLock { $0 } == "held")
        #expect(flag.released)
    }

    @Test func aHandlerOnAWorkerSeesItsClientLeave() throws {
        let gate = Gate()
        let log = AccessLogCollector()
        let sightings = Sightings()
        let server = try startServer(Self.router(gate: gate, flag: ReleaseFlag(), sightings: sightings), log: log)
        let client = HTTPTestClient(port: server.port)

        // A client that sends its request and leaves while the handler works.
        let leaving = try client.connect()
        let request = Array("GET /watch HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(leaving, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        try gate.waitUntilHolding(1)
        close(leaving)
        gate.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while !log.all.contains(where: { $0.path == "/watch" }), ContinuousClock.now < deadline { usleep(1_000) }
        // One that stays is answered.
        #expect(try client.get("/watch").text == "still here")
        #expect(sightings.gone.withLock { $0 } == [true, false])
        // The abandoned request is logged as nginx logs one: 499, nothing sent.
        let first = try #require(log.all.first { $0.path == "/watch" })
        #expect(first.status == 499 && first.bytes == 0, "\(first.line)")
    }
}
