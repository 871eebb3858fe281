import Foundation
import HomeboxBackupFixture
import Inventory
import Testing

/// Homebox v0.25 and later keep a quantity as a decimal (2.5 gallons of paint, 0.75 of a roll):
/// such files import whole, with every quantity exact, and our Homebox CSV writes them back as
/// Homebox does.
@Suite struct HomeboxQuantityTests {
    /// A realistic Homebox v0.26 export: `fields.csv`'s columns (Homebox's own test file), 5,000
    /// rows of which 258 hold a fractional quantity, as the issue's household had.
    static func householdCSV() throws -> (text: String, fractions: [Int: String]) {
        let header = String(decoding: try HomeboxFixtures.bytes("sysadminsmedia-v0.26.2/fields.csv"), as: UTF8.self)
            .split(separator: "\n").first!
        let decimals = ["2.5", "0.75", "12.5", "1.25", "0.5", "3.75"]
        var lines = [String(header)], fractions: [Int: String] = [:]
        for row in 1...5_000 {
            var quantity = String(row % 7 + 1)
            if row % 19 == 0, fractions.count < 258 {
                quantity = decimals[fractions.count % decimals.count]
                fractions[row] = quantity
            }
            lines.append("loc,Item \(row),\(quantity),Description \(row),Value \(row)[1],,")
        }
        return (lines.joined(separator: "\n") + "\n", fractions)
    }

    @Test func aHomeboxCSVWithFractionalQuantitiesImportsWholeAndExact() throws {
        let inventory = try TestInventory("homebox-fractions")
        defer { inventory.remove() }
        let (text, fractions) = try Self.householdCSV()
        #expect(fractions.count == 258)
        let plan = try inventory.store.applyImport(Array(text.utf8))
        #expect(plan.problems.isEmpty && plan.notices.isEmpty && plan.additions.count == 5_000)
        let items = try inventory.store.all()
        #expect(items.count == 5_000)
        for item in items {
            let row = Int(item.name.dropFirst("Item ".count))!
            #expect(item.details.quantity.text == fractions[row] ?? String(row % 7 + 1), "\(item.name)")
            #expect(item.details.quantityUnit.isPieces)
        }
    }

    @Test func decimalsPastTheFourthAreRoundedAndThePreviewSaysWhere() throws {
        let inventory = try TestInventory("homebox-float")
        defer { inventory.remove() }
        let file = Array("""
            HB.name,HB.location,HB.quantity
            Thread,Sewing box,0.3333333333333333
            Cable,Garage,12.5
            Nothing said,Garage,0
            """.utf8)
        let preview = try inventory.store.planImport(file)
        #expect(preview.canImport)
        #expect(preview.notices.map { "\($0.line ?? 0) \($0.column ?? "-")" } == ["2 HB.quantity"])
        #expect(preview.notices.first?.message == "“0.3333333333333333” is rounded to 0.3333: Homepwner keeps a quantity to 4 decimals.")
        _ = try inventory.store.applyImport(file)
        #expect(try inventory.store.all().map(\.details.quantity.text) == ["0.3333", "12.5", "1"])
    }

    @Test func aHomeboxBackupWithFractionalQuantitiesImports() throws {
        let inventory = try TestInventory("homebox-backup-fractions")
        defer { inventory.remove() }
        let work = URL(fileURLWithPath: inventory.path + "-work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var backup = HomeboxBackupFixture()
        let garage = backup.location("Garage")
        backup.item("Wall paint", in: garage, ["quantity": 2.5, "purchase_price": 38.99])
        backup.item("Duct tape", in: garage, ["quantity": 0.75])
        // Go's float64 sum 0.1 + 0.2, as Homebox would keep it.
        backup.item("Sand", in: garage, ["quantity": 0.30000000000000004])
        backup.item("Hammer", in: garage, ["quantity": 1])
        let zip = work.appendingPathComponent("backup.zip").path
        try backup.write(to: zip)

        let preview = try inventory.store.planImport(fileAt: zip, workFolder: work.path)
        #expect(preview.problems.isEmpty && preview.additions.count == 4)
        #expect(preview.notices.map(\.message) == ["“Sand”: “0.30000000000000004” is rounded to 0.3: Homepwner keeps a quantity to 4 decimals."])
        _ = try inventory.store.applyImport(fileAt: zip, workFolder: work.path)
        let items = Dictionary(uniqueKeysWithValues: try inventory.store.all().map { ($0.name, $0.details) })
        #expect(items["Wall paint"]?.quantity.text == "2.5" && items["Wall paint"]?.lineValue == 97_48)
        #expect(items["Duct tape"]?.quantity.text == "0.75")
        #expect(items["Sand"]?.quantity.text == "0.3")
        #expect(items["Hammer"]?.quantity.text == "1")
    }

    /// Ours → Homebox CSV → ours: the quantity as Homebox writes its float (`2.5`, `0.75`, `6`), the
    /// unit and business use in our `HB.field.` columns, all back as they were.
    @Test func ourHomeboxCSVWritesQuantitiesAsHomeboxDoesAndReadsThemBack() throws {
        let source = try TestInventory("homebox-export-fractions")
        defer { source.remove() }
        for (name, quantity, unit, business) in [("Wall paint", "2.5", "gal", true), ("Duct tape", "0.75", "roll", false), ("Chairs", "6", "", false)] {
            var input = ItemInput(name: name)
            input.details.quantity = try Quantity.parse(quantity)
            input.details.quantityUnit = QuantityUnit(unit)
            input.details.businessUse = business
            _ = try source.store.create(input)
        }
        var bytes: [UInt8] = []
        try source.store.exportSnapshot().writeHomeboxCSV { bytes += $0 }
        let rows = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        func column(_ name: String) -> Int { header.firstIndex(of: "\"\(name)\"")! }
        #expect(rows.dropFirst().map { $0[column("HB.quantity")] } == ["\"2.5\"", "\"0.75\"", "\"6\""])
        #expect(rows.dropFirst().map { $0[column("HB.field.Quantity unit")] } == ["\"gal\"", "\"roll\"", "\"\""])
        #expect(rows.dropFirst().map { $0[column("HB.field.Business use")] } == ["\"Yes\"", "\"\"", "\"\""])

        let target = try TestInventory("homebox-reimport-fractions")
        defer { target.remove() }
        let plan = try target.store.applyImport(bytes)
        #expect(plan.problems.isEmpty && plan.notices.isEmpty)
        let back = try target.store.all()
        #expect(back.map(\.details.quantityText) == ["2.5 gal", "0.75 roll", "6"])
        #expect(back.map(\.details.businessUse) == [true, false, false])
        #expect(back.allSatisfy { $0.details.customFields.isEmpty }, "the unit and business use are fields, not custom fields")
    }
}
