@testable import App
import Foundation
@preconcurrency import Glibc
@testable import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// Reading a whole claim (its packet, its page, its JSON) is long work on a worker, bounded per link
/// and per account: strangers holding a link cannot keep the server from anyone else, and a report
/// nobody waits for any more is stopped. Over sockets: a client that leaves must really leave.
@Suite(.serialized) struct ClaimReadLoadTests {
    /// Holds every place long work may take on the app's workers, as reports of huge claims would,
    /// until `gate` opens: claim reads then wait for a place, and what they hold up is a fact.
    static func holdLongWork(_ app: HomepwnerApp, at gate: Gate) throws {
        for _ in 0..<app.server.longWorkWidth { app.server.workers.run(isLong: true) { gate.pass() } }
        try gate.waitUntilHolding(app.server.longWorkWidth)
    }

    /// Waits (10 s at most) until `condition` holds.
    static func wait(_ what: String, until condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestAppError("waited 10 s for \(what)") }
            usleep(1_000)
        }
    }

    /// The statuses of requests sent in the background, as they are answered.
    final class Statuses: Sendable {
        private let statuses = Mutex<[Int]>([])
        var all: [Int] { statuses.withLock { $0 } }

        /// Sends `send()` on a thread of its own; its status (-1: no answer) lands here.
        func send(_ send: @escaping @Sendable () throws -> TestResponse) {
            Thread { [self] in
                let status = (try? send().status) ?? -1
                statuses.withLock { $0.append(status) }
            }.start()
        }
    }

    @Test(.timeLimit(.minutes(2))) func aLinksClaimReadsAreBoundedAndEveryoneElseIsServed() throws {
        let fixture = try ClaimLinkFixture(overSocket: true)
        let app = fixture.app, reads = app.claimReads
        let olivia = try fixture.signIn("olivia"), eddie = try fixture.signIn("eddie")
        let oliviasID = try #require(try app.accounts.account(named: "olivia")).id
        let stranger = fixture.client.from("127.0.0.7")
        let gate = Gate()
        defer { gate.open() }
        try Self.holdLongWork(app, at: gate)

        // Three of link A's packet requests at once: each has its place, and waits for a worker.
        let answered = Statuses()
        let files = ["/schedule.csv", "/evidence.zip", "/report.pdf?paper=letter"]
        for file in files { answered.send { try stranger.get(fixture.shared(fixture.tokenA, file)) } }
        try Self.wait("link A's three requests") { reads.count(of: .link(fixture.linkA.id)) == 3 }
        // The fourth is turned away at once, saying why and when to come back; nothing was read for it.
        for path in [fixture.shared(fixture.tokenA, "/schedule.csv"), fixture.shared(fixture.tokenA)] {
            let refused = try stranger.get(path, headers: ["Accept": "application/json"])
            #expect(refused.status == 503 && refused.errorCode == "busy", "\(path) → \(refused.status) \(refused.text)")
            #expect(refused.header("Retry-After") == "10")
            #expect(refused.errorMessage?.contains("This link is already being used for 3 of the claim’s pages or files at once") == true,
                    "\(refused.errorMessage ?? "")")
        }
        // Another link has its own share, and so has each account.
        answered.send { try stranger.get(fixture.shared(fixture.tokenB, "/schedule.csv")) }
        for _ in 0..<3 { answered.send { try olivia.send("GET", "/api/v1/claims/\(fixture.claimA)") } }
        try Self.wait("link B's and olivia's requests") {
            reads.count(of: .link(fixture.linkB.id)) == 1 && reads.count(of: .account(oliviasID)) == 3
        }
        let fourth = try olivia.send("GET", "/api/v1/claims", headers: ["Accept": "application/json"])
        #expect(fourth.status == 503 && fourth.errorMessage?.hasPrefix("You already have 3 claim pages or files being made at once") == true, "\(fourth.text)")

        // With long work holding every worker it may, the others are served: a health check from
        // another address, and an editor's upload (a slow route, on the worker long work leaves).
        #expect(try fixture.client.from("127.0.0.9").get("/healthz").status == 200)
        let upload = try eddie.send("POST", "/api/v1/items/\(fixture.safe.id)/photos", headers: ["Content-Type": "image/jpeg"],
                                    body: try ItemImageFixtures.picture(width: 90, height: 60))
        #expect(upload.status == 201, "\(upload.text)")
        #expect(answered.all.isEmpty, "a claim read was answered while long work held every place: \(answered.all)")

        // Let the long work go: every request that had a place is answered, and the places are free.
        gate.open()
        try Self.wait("the seven claim reads") { answered.all.count == 7 }
        #expect(answered.all == Array(repeating: 200, count: 7))
        try Self.wait("the places to be given back") { reads.count(of: .link(fixture.linkA.id)) == 0 }
        #expect(try stranger.get(fixture.shared(fixture.tokenA, "/schedule.csv")).status == 200)
    }

    @Test(.timeLimit(.minutes(2))) func aReportWhoseClientHasGoneIsStoppedAndLeavesNoFile() throws {
        let fixture = try ClaimLinkFixture(overSocket: true)
        let app = fixture.app, reads = app.claimReads
        let gate = Gate()
        defer { gate.open() }
        try Self.holdLongWork(app, at: gate)

        // An anonymous report request through the link, dropped while it waits for a worker.
        let socket = try fixture.client.connect()
        let request = Array("GET \(fixture.shared(fixture.tokenA, "/report.pdf?paper=a4")) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        try Self.wait("the report request's place") { reads.count(of: .link(fixture.linkA.id)) == 1 }
        close(socket)
        gate.open()

        // Its renderer stopped at the first block it would have drawn: the log says the client
        // closed the request (nginx's 499), not that a report was made; its place is free again.
        try Self.wait("the dropped request's log line") { fixture.log.all.contains { $0.contains("/shared/…") } }
        let line = try #require(fixture.log.all.first { $0.contains("/shared/…") })
        #expect(line.contains("\" 499 0 "), "\(line)")
        try Self.wait("its place") { reads.count(of: .link(fixture.linkA.id)) == 0 }
        // Nothing of it is left in the data folder's tmp.
        let tmp = fixture.workspace.data.appendingPathComponent("tmp").path
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.contains("report") }
        #expect(left.isEmpty, "\(left)")
        // The worker is free: the next report is made, whole.
        let next = try fixture.client.get(fixture.shared(fixture.tokenA, "/report.pdf?paper=a4"))
        #expect(next.status == 200 && next.body.starts(with: Array("%PDF-".utf8)), "\(next.status)")
    }
}
