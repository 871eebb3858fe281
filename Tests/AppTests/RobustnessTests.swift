import Dispatch
import Foundation
import HTTPTestClient
import Synchronization
import Testing

/// Many clients at once, and hostile bytes, are all answered and never bring the server down.
@Suite struct RobustnessTests {
    @Test func burstOfConcurrentMixedRequestsIsAllAnswered() throws {
        let app = try TestApp()
        let seedID = try app.createItem("Seed", value: 1).id
        // Many clients at once: many connections, over the socket.
        let client = app.client.overSocket
        let statuses = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            do {
                let response: TestResponse
                switch index % 5 {
                case 0: response = try client.json("POST", "/api/v1/items", ["name": "Item \(index)", "valueInDollars": index])
                case 1: response = try client.get("/api/v1/items")
                case 2: response = try client.get("/", headers: ["Accept": "text/html"])
                case 3: response = try client.json("PATCH", "/api/v1/items/\(seedID)", ["valueInDollars": index])
                default: response = try client.pageForm("/items", [("name", "Form \(index)"), ("valueInDollars", "\(index)")])
                }
                statuses.withLock { $0.append(response.status) }
            } catch {
                failures.withLock { $0.append("request \(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let all = statuses.withLock { $0 }
        #expect(all.count == 200)
        #expect(all.allSatisfy { [200, 201, 303].contains($0) }, "statuses: \(Set(all))")

        let items = try app.items()
        #expect(items.count == 1 + 40 + 40, "every acknowledged create is stored")
        #expect(items.map(\.position) == Array(0..<items.count), "positions stay a gapless sequence")
        #expect(try client.get("/healthz").status == 200)
    }

    @Test func concurrentMovesKeepPositionsConsistent() throws {
        let app = try TestApp()
        let ids = try (0..<10).map { try app.createItem("Item \($0)").id }
        let client = app.client
        DispatchQueue.concurrentPerform(iterations: 100) { index in
            _ = try? client.json("POST", "/api/v1/items/\(ids[index % ids.count])/move", ["position": (index * 7) % ids.count])
        }
        let items = try app.items()
        #expect(Set(items.map(\.id)) == Set(ids))
        #expect(items.map(\.position) == Array(0..<ids.count))
    }

    @Test func deeplyNestedJSONIsRefusedWithoutCrashing() throws {
        let app = try TestApp()
        let depth = 200_000
        let body = Array("{\"name\": ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + [UInt8](repeating: UInt8(ascii: "]"), count: depth) + Array("}".utf8)
        let response = try app.client.send("POST", "/api/v1/items", headers: ["Content-Type": "application/json"], body: body)
        #expect([400, 422].contains(response.status))
        #expect(try app.client.get("/healthz").status == 200)
        #expect(try app.items().isEmpty)
    }

    @Test func garbageAndHalfRequestsDoNotHurtTheServer() throws {
        let app = try TestApp()
        // Raw bytes, and whether the server still answers on the wire after them: over the socket.
        let client = app.client.overSocket
        let inputs: [[UInt8]] = [
            Array("NOT HTTP AT ALL\r\n\r\n".utf8),
            Array("GET /\u{7f}\u{1} HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /items/%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
            Array("GET /items/%C3%28 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
            Array("GET /?q=%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
            Array("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8),
            Array("POST /api/v1/items HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\n{\"na".utf8),
            Array("GET / HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 200_000))\r\n\r\n".utf8),
            [0, 0, 0, 0, 255, 254, 13, 10, 13, 10],
        ]
        for bytes in inputs {
            if let response = try? client.sendRaw(bytes, timeout: 3) {
                #expect(response.status >= 400, "\(String(decoding: bytes.prefix(40), as: UTF8.self)) answered \(response.status)")
            }
            #expect(try client.get("/healthz").status == 200)
        }
        let traversal = try client.sendRaw(Array("GET /static/x/../../Package.swift HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        #expect(traversal.status != 200)
    }
}
