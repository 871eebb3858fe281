import Foundation
import HomeboxBackupFixture
import Inventory
import Testing

/// Every algorithm over places works in proportion to the places (and to the names of the paths a
/// file gives), however deep the tree: counted in `PlaceSteps`, not timed. A household of n places
/// at the depth limit, then 4n: each operation's steps grow about 4 times (a quadratic one would
/// grow 16 times), and stay within a few steps a place — a path is never walked up again for each
/// place below it, nor keyed again for each of its prefixes (that cost a step per level per place
/// and made an import's plan cubic in the depth: 124 s for one path of 30,000 levels).
@Suite struct PlaceWorkTests {
    /// A house holding `chains` chains of places down to the depth limit (`House / Chain 7 / Level 3 / … / Level 20`),
    /// an item in the house and in each chain's deepest place, as Homebox's CSV: the places, and the names of the rows' paths.
    static func household(chains: Int) -> (csv: [UInt8], places: Int, names: Int) {
        var lines = ["HB.location,HB.name", "House,Lamp"]
        for chain in 1...chains {
            let path = ["House", "Chain \(chain)"] + (3...Location.maxDepth).map { "Level \($0)" }
            lines.append("\(path.joined(separator: " / ")),Ring \(chain)")
        }
        return (Array((lines.joined(separator: "\n") + "\n").utf8), 1 + chains * (Location.maxDepth - 1), 1 + chains * Location.maxDepth)
    }

    /// The same household as a Homebox backup. Its places are written as rows of the columns a place
    /// needs, by hand: the fixture's writer sorts every key of every row, which takes a minute at
    /// 10,000 rows in a debug build.
    static func backup(chains: Int) -> HomeboxBackupFixture {
        var backup = HomeboxBackupFixture()
        var places: [String] = []
        func place(_ name: String, in parent: String?) -> String {
            let id = HomeboxBackupFixture.newID()
            places.append(#"{"id":"\#(id)","name":"\#(name)","entity_children":\#(parent.map { "\"\($0)\"" } ?? "null"),"entity_type_entities":"\#(backup.locationType)"}"#)
            return id
        }
        let house = place("House", in: nil)
        backup.item("Lamp", in: house)
        for chain in 1...chains {
            var parent = place("Chain \(chain)", in: house)
            for level in 3...Location.maxDepth { parent = place("Level \(level)", in: parent) }
            backup.item("Ring \(chain)", in: parent)
        }
        let items = String(decoding: try! JSONSerialization.data(withJSONObject: backup.entities), as: UTF8.self).dropFirst().dropLast()
        backup.replacedTables["entities"] = Array("[\(places.joined(separator: ",")),\(items)]\n".utf8)
        return backup
    }

    struct Work {
        var places = 0
        var steps: [(operation: String, steps: Int, budget: Int)] = []
    }

    /// The steps of each operation over a household of `chains` chains, with what it may take: 3 a
    /// place, and 2 for each name of a path the operation reads from a file.
    static func work(chains: Int) throws -> Work {
        let inventory = try TestInventory("place-work")
        let folder = URL(fileURLWithPath: inventory.path + "-work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = try TestInventory("place-work-copy"), empty = try TestInventory("place-work-empty")
        defer {
            inventory.remove()
            copy.remove()
            empty.remove()
            try? FileManager.default.removeItem(at: folder)
        }
        let store = inventory.store
        let (csv, places, names) = household(chains: chains)
        var work = Work(places: places)
        func count<T>(_ operation: String, names read: Int = 0, _ body: () throws -> T) rethrows -> T {
            let (result, steps) = try PlaceSteps.counting(body)
            work.steps.append((operation, steps, 3 * places + 2 * read))
            return result
        }

        let preview = try count("plan a CSV making the places", names: names) { try store.planImport(csv) }
        #expect(preview.problems.isEmpty && preview.newLocations.count == places && preview.additions.count == 1 + chains)
        _ = try count("import it", names: names) { try store.applyImport(csv) }
        let listed = try count("list the places") { try store.locations() }
        #expect(listed.count == places && listed.map(\.pathNames.count).max() == Location.maxDepth)
        _ = try count("plan it again, every place there", names: names) { try store.planImport(csv) }

        var exported: [UInt8] = []
        try count("the CSV export") { try store.exportSnapshot().writeHomeboxCSV { exported += $0 } }
        #expect(exported.count > csv.count)
        let zip = folder.appendingPathComponent("export.zip").path
        FileManager.default.createFile(atPath: zip, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: zip))
        try store.exportSnapshot().writeArchive { try handle.write(contentsOf: Data($0)) }
        try handle.close()
        let reimported = try count("our own export, imported into an empty inventory") {
            try copy.store.applyImport(fileAt: zip, workFolder: folder.path)
        }
        #expect(reimported.additions.count == 1 + chains)

        let house = try #require(listed.first)
        #expect(house.name == "House")
        _ = try count("rename the house: every item’s path is new") { try store.updateLocation(id: house.id, LocationInput(name: "Home")) }
        #expect(try store.all().allSatisfy { $0.locationID != nil })

        let backup = folder.appendingPathComponent("backup.zip").path
        try Self.backup(chains: chains).write(to: backup)
        let backupPlan = try count("plan a Homebox backup of the same places", names: names) {
            try empty.store.planImport(fileAt: backup, workFolder: folder.path)
        }
        #expect(backupPlan.problems.isEmpty && backupPlan.newLocations.count == places, "\(backupPlan.problems.prefix(3))")
        return work
    }

    @Test func everyAlgorithmOverPlacesGrowsWithThePlacesNotTheirDepth() throws {
        let small = try Self.work(chains: 132), large = try Self.work(chains: 4 * 132)
        #expect(large.places >= 10_000)
        for (few, many) in zip(small.steps, large.steps) {
            let growth = Double(many.steps) / Double(max(few.steps, 1))
            #expect(growth <= 4.5, "\(many.operation): \(few.steps) steps at \(small.places) places, \(many.steps) at \(large.places)")
            #expect(many.steps <= many.budget, "\(many.operation): \(many.steps) steps at \(large.places) places, more than \(many.budget)")
            print("\(many.operation): \(few.steps) steps at \(small.places) places, \(many.steps) at \(large.places) (budget \(many.budget))")
        }
    }
}
