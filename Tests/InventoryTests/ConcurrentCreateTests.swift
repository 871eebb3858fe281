import Foundation
import Inventory
import Synchronization
import Testing

/// Items added at the same moment (two tabs, two phones) each get their own place at the end.
@Suite struct ConcurrentCreateTests {
    final class Failures: Sendable {
        private let messages = Mutex<[String]>([])
        func record(_ message: String) { messages.withLock { $0.append(message) } }
        var all: [String] { messages.withLock { $0 } }
    }

    @Test func simultaneousCreatesGetDistinctContiguousPositions() throws {
        let inventory = try TestInventory("concurrent-create")
        defer { inventory.remove() }
        let store = inventory.store
        let failures = Failures()
        let group = DispatchGroup()
        for client in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for index in 0..<25 {
                    do {
                        _ = try store.create(ItemInput(name: "client \(client) item \(index)"))
                        _ = try store.all()
                    } catch {
                        failures.record("\(error)")
                    }
                }
            }
        }
        group.wait()
        #expect(failures.all == [])
        let all = try store.all()
        #expect(all.count == 100)
        #expect(all.map(\.position) == Array(0..<100))
        #expect(Set(all.map(\.name)).count == 100)
    }
}
