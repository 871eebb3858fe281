import Foundation
import HTTPServer
import HTTPTestClient
import Synchronization
import Testing

/// Stopping a server while clients keep connecting: with epoll, libmicrohttpd's quiesce raced its
/// event thread for the listening socket and aborted the whole process now and then.
@Suite(.serialized) struct ShutdownUnderLoadTests {
    @Test func stoppingWhileClientsConnectNeverAbortsAndRefusesNewcomers() throws {
        for _ in 0..<400 {
            let server = try startServer(echoRouter(), grace: .milliseconds(200))
            let client = HTTPTestClient(port: server.port)
            let running = Atomic<Bool>(true)
            let answered = Atomic<Int>(0)
            let group = DispatchGroup()
            for _ in 0..<6 {
                DispatchQueue.global().async(group: group) {
                    while running.load(ordering: .relaxed) {
                        if (try? client.get("/hello").status) == 200 { answered.add(1, ordering: .relaxed) }
                    }
                }
            }
            while answered.load(ordering: .relaxed) < 5 { usleep(1_000) }
            server.shutdown()
            #expect(throws: (any Error).self) { try client.get("/hello") }
            running.store(false, ordering: .relaxed)
            group.wait()
        }
    }
}
