import Database
import Foundation
import Inventory
import Testing

/// Importing Homebox's CSV/TSV exports: the preview, all-or-nothing import, and re-import by ref.
@Suite struct HomeboxImportTests {
    private func csv(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func refusal(_ store: ItemStore, _ file: [UInt8]) throws -> ImportPlan? {
        do {
            _ = try store.applyImport(file)
            return nil
        } catch let refused as ImportRefused {
            return refused.plan
        }
    }

    @Test func homeboxsOwnFilesFromEveryVersionImport() throws {
        for version in ["sysadminsmedia-v0.26.2", "hay-kot-v0.10.3"] {
            let inventory = try TestInventory("homebox-\(version)")
            defer { inventory.remove() }
            let fields = try inventory.store.applyImport(try HomeboxFixtures.bytes("\(version)/fields.csv"))
            #expect(fields.additions.map(\.name) == ["Item 1", "Item 2", "Item 3"])
            #expect(fields.newLocations == ["loc"] && fields.problems.isEmpty)
            let items = try inventory.store.all()
            #expect(items.map(\.details.quantity) == [1, 2, 3])
            #expect(items[1].details.description == "Description 2")
            #expect(items[2].details.customFields == [CustomField(name: "Custom Field 1", value: "Value 3[1]"),
                                                      CustomField(name: "Custom Field 2", value: "Value 3[2]"),
                                                      CustomField(name: "Custom Field 3", value: "Value 3[3]")])
            #expect(try inventory.store.locations().map(\.path) == ["loc"])
            #expect(Set(items.compactMap(\.locationID)).count == 1)

            // Labels (v0.10.3) and tags (v0.26): the same; paths split at "/" and trimmed, as Homebox does.
            let types = try inventory.store.applyImport(try HomeboxFixtures.bytes("\(version)/types.csv"))
            #expect(types.newTags == ["L1", "L2", "L3"])
            #expect(types.newLocations == ["Path", "Path / To", "Path / To / Location 1", "Path / To / Location 2", "Path / To / Location 3"])
            let typed = try inventory.store.all().suffix(3)
            #expect(typed.map(\.details.tags) == Array(repeating: ["L1", "L2", "L3"], count: 3))
            #expect(typed.map { $0.details.customFields.first { $0.name == "Asset ID" }?.value } == ["000-001", "000-002", "1000-003"])
            let paths = try Dictionary(uniqueKeysWithValues: inventory.store.locations().map { ($0.id, $0.path) })
            #expect(typed.map { paths[$0.locationID!] } == ["Path / To / Location 1", "Path / To / Location 2", "Path / To / Location 3"])

            let minimal = try inventory.store.applyImport(try HomeboxFixtures.bytes("\(version)/minimal.csv"))
            #expect(minimal.additions.count == 3 && minimal.newLocations.isEmpty)
        }
    }

    @Test func filesFromBeforeVersion09AsCSVAndTSV() throws {
        for name in ["import.csv", "import.tsv"] {
            let inventory = try TestInventory("homebox-legacy")
            defer { inventory.remove() }
            let plan = try inventory.store.applyImport(try HomeboxFixtures.bytes("legacy-pre-v0.9/\(name)"))
            #expect(plan.additions.count == 6, "\(name): \(plan.problems)")
            #expect(plan.newTags == ["IOT", "Home Assistant", "Z-Wave"])
            let relay = try #require(try inventory.store.all().first)
            #expect(relay.name == "Zooz Universal Relay ZEN17" && relay.details.model == "ZEN17" && relay.details.brand == "Zooz")
            #expect(relay.details.purchasePrice == 3995 && relay.details.purchaseDate == CalendarDate(iso: "2021-10-13").map(PurchaseDate.day))
            #expect(relay.details.purchasedFrom == "Amazon" && relay.details.warrantyExpires == CalendarDate(iso: "2021-10-13"))
            #expect(relay.details.customFields == [CustomField(name: "Insured", value: "Yes")])
            // Its "Sold Time" is filled in: sold that day.
            #expect(relay.details.disposal == Disposal(kind: .sold, date: CalendarDate(iso: "2021-10-13")))
            #expect(plan.additions.allSatisfy { $0.noLongerOwned })
            // Importing it again changes nothing: every row's ref is known.
            let again = try inventory.store.applyImport(try HomeboxFixtures.bytes("legacy-pre-v0.9/\(name)"))
            #expect(again.additions.isEmpty && again.updates.count == 6 && again.newTags.isEmpty)
            #expect(try inventory.store.count() == 6)
        }
    }

    @Test func everyColumnOfTheNewestExportLandsInItsField() throws {
        let inventory = try TestInventory("homebox-columns")
        defer { inventory.remove() }
        let file = csv("""
            HB.import_ref,HB.location,HB.tags,HB.asset_id,HB.archived,HB.url,HB.name,HB.quantity,HB.description,HB.insured,HB.notes,\
            HB.purchase_price,HB.purchase_from,HB.purchase_date,HB.manufacturer,HB.model_number,HB.serial_number,HB.lifetime_warranty,\
            HB.warranty_expires,HB.warranty_details,HB.sold_to,HB.sold_price,HB.sold_date,HB.sold_notes,HB.parent_import_ref,HB.field.Colour
            a1b2c3d4,Home / Garage,Tools; Power,000-007,false,http://hb/item/1,Drill,2.0,Cordless,yes,"Two batteries
            and a case",129.99,Hardware Store,03/14/2021,Makita,XFD131,SN-1,true,2024-03-14T00:00:00Z,Three years,,0,,,,Teal
            e5f6,Home / Garage,,,TRUE,,Old saw,1,,no,,,,,,,,false,,,Neighbour,12.5,2023/06/01,Cash,a1b2c3d4,
            """)
        let plan = try inventory.store.applyImport(file)
        #expect(plan.problems.isEmpty && plan.ignoredColumns == ["HB.url"])
        let items = try inventory.store.all()
        let drill = items[0], saw = items[1]
        #expect(drill.name == "Drill" && drill.serialNumber == "SN-1" && drill.details.quantity == 2)
        #expect(drill.details.description == "Cordless" && drill.details.notes == "Two batteries\nand a case")
        #expect(drill.details.purchasePrice == 12999 && drill.details.purchasedFrom == "Hardware Store")
        #expect(drill.details.purchaseDate == CalendarDate(iso: "2021-03-14").map(PurchaseDate.day) && drill.details.warrantyExpires == CalendarDate(iso: "2024-03-14"))
        #expect(drill.details.brand == "Makita" && drill.details.model == "XFD131" && drill.details.lifetimeWarranty)
        #expect(drill.details.warrantyDetails == "Three years" && drill.details.tags == ["Power", "Tools"])
        #expect(drill.details.disposal == nil)
        #expect(drill.details.customFields == [CustomField(name: "Asset ID", value: "000-007"), CustomField(name: "Colour", value: "Teal"),
                                               CustomField(name: "Insured", value: "Yes")])
        #expect(saw.details.disposal == Disposal(kind: .sold, date: CalendarDate(iso: "2023-06-01"), price: 1250, notes: "Sold to Neighbour\nCash"))
        #expect(saw.details.customFields == [CustomField(name: "Archived", value: "Yes"), CustomField(name: "Inside", value: "Drill")])
        #expect(try inventory.store.location(id: drill.locationID!).path == "Home / Garage" && saw.locationID == drill.locationID)
        #expect(try inventory.store.importRefs() == [drill.id: "a1b2c3d4", saw.id: "e5f6"])
    }

    @Test func reimportingUpdatesByRefAndAnAbsentColumnNeverBlanksAField() throws {
        let inventory = try TestInventory("homebox-reimport")
        defer { inventory.remove() }
        _ = try inventory.store.applyImport(csv("HB.import_ref,HB.name,HB.notes,HB.location,HB.field.Colour\nr1,Lamp,By the bed,Home / Bedroom,Red\nr2,Rug,,Home,\n"))
        let lamp = try #require(try inventory.store.all().first)
        _ = try inventory.store.update(id: lamp.id, { var input = ItemInput(); input.details.customFields = ["Colour": "Red", "Size": "Small"]; return input }())
        let revision = inventory.store.revision

        // No notes or location column now: the lamp keeps both. An empty custom field cell removes that field only.
        let plan = try inventory.store.planImport(csv("HB.import_ref,HB.name,HB.field.Colour\nr1,Bedside lamp,\nr3,Chair,Blue\n"))
        #expect(plan.updates.map(\.name) == ["Bedside lamp"] && plan.updates[0].itemID == lamp.id)
        #expect(plan.additions.map(\.name) == ["Chair"] && plan.newLocations.isEmpty)
        #expect(inventory.store.revision == revision, "a preview writes nothing")
        _ = try inventory.store.applyImport(csv("HB.import_ref,HB.name,HB.field.Colour\nr1,Bedside lamp,\nr3,Chair,Blue\n"))
        let updated = try inventory.store.item(id: lamp.id)
        #expect(updated.name == "Bedside lamp" && updated.details.notes == "By the bed" && updated.locationID == lamp.locationID)
        #expect(updated.details.customFields == [CustomField(name: "Size", value: "Small")])
        #expect(try inventory.names() == ["Lamp", "Rug", "Chair"].map { $0 == "Lamp" ? "Bedside lamp" : $0 })
        #expect(inventory.store.revision > revision)

        // A present but empty cell clears: the file says there are no notes.
        _ = try inventory.store.applyImport(csv("HB.import_ref,HB.notes\nr1,\n"))
        #expect(try inventory.store.item(id: lamp.id).details.notes == "")
    }

    @Test func oneBadRowMeansNothingIsWrittenAndEveryBadRowIsNamed() throws {
        let inventory = try TestInventory("homebox-bad-rows")
        defer { inventory.remove() }
        let file = csv("""
            HB.name,HB.location,HB.quantity,HB.purchase_date,HB.insured,HB.purchase_price
            Good,New Place,1,2021-01-01,true,10
            Half,New Place,1.5.0,,,
            Dated,New Place,1,2021-02-30,maybe,
            ,New Place,1,,,
            Short,New Place
            Pricey,New Place,1,,,-5
            """)
        let plan = try #require(try refusal(inventory.store, file))
        let problems = plan.problems.map { "\($0.line ?? 0) \($0.column ?? "-")" }
        #expect(problems == ["3 HB.quantity", "4 HB.purchase_date", "4 HB.insured", "5 HB.name", "6 -", "7 HB.purchase_price"])
        #expect(plan.problems[0].message == "The quantity “1.5.0” isn’t a number. Write a number above 0 with at most 4 decimals, like 2, 2.5 or 0.75.")
        #expect(plan.problems[3].message.contains("Name can’t be empty"))
        #expect(plan.problems[4].message.contains("2 cells") && plan.problems[4].message.contains("6 columns"))
        #expect(try inventory.store.count() == 0 && inventory.store.locations().isEmpty && inventory.store.tags().isEmpty)
    }

    @Test func hostileFilesGetOneClearProblemAndWriteNothing() throws {
        let inventory = try TestInventory("homebox-hostile")
        defer { inventory.remove() }
        let cases: [(bytes: [UInt8], says: String)] = [
            // Random bytes without a NUL: a NUL met before the first invalid sequence is named as a NUL instead (~1 run in 100).
            ([UInt8](FileHandle(forReadingAtPath: "/dev/urandom")!.readData(ofLength: 1 << 20)).map { $0 == 0 ? 0xFF : $0 }, "not UTF-8"),
            (csv("Name;Where\nLamp;Home\n"), "names no column"),
            (csv("HB.name,HB.location\n"), "no rows"),
            (csv(""), "empty"),
            (csv("HB.name,HB.location\n\"Lamp,Home\n"), "never ends"),
            (csv("HB.name,HB.location\nCaf") + [0xE9] + csv(",Home\n"), "Line 2 is not UTF-8"),
            (csv((0..<10_000).map { "HB.field.f\($0)" }.joined(separator: ",") + "\n"), "1,000 columns"),
        ]
        for (bytes, says) in cases {
            let plan = try #require(try refusal(inventory.store, bytes))
            #expect(plan.problems.count == 1 && plan.problems[0].message.contains(says), "\(plan.problems)")
            #expect(try inventory.store.planImport(bytes).canImport == false)
        }
        #expect(try inventory.store.count() == 0)
    }

    @Test func formulaLookingCellsAreImportedAsText() throws {
        let inventory = try TestInventory("homebox-formula")
        defer { inventory.remove() }
        _ = try inventory.store.applyImport(csv("HB.name,HB.notes\n\"=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",@SUM(1+1)\n"))
        let item = try #require(try inventory.store.all().first)
        #expect(item.name == "=HYPERLINK(\"http://evil\",\"x\")" && item.details.notes == "@SUM(1+1)")
    }

    @Test func ourOwnFieldColumnsComeBackAsFieldsOnlyWhenTheyReadAsThem() throws {
        let inventory = try TestInventory("homebox-own-fields")
        defer { inventory.remove() }
        _ = try inventory.store.applyImport(csv("""
            HB.name,HB.insured,HB.field.Condition,HB.field.Replacement cost,HB.field.Scheduled,HB.field.Colour (custom),HB.field.Barcode (custom)
            Lamp,true,FAIR,19.99,yes,Red,shelf 3
            Sofa,false,Like new,about 300,,Grey,
            """))
        let items = try inventory.store.all()
        let lamp = try #require(items.first { $0.name == "Lamp" }), sofa = try #require(items.first { $0.name == "Sofa" })
        #expect(lamp.details.condition == .fair && lamp.details.replacementCost == 1999 && lamp.details.scheduled)
        #expect(lamp.details.customFields.map(\.name).sorted() == ["Barcode", "Colour (custom)"], "Insured mirrors Scheduled; only our names lose (custom)")
        #expect(sofa.details.condition == nil && sofa.details.replacementCost == nil && !sofa.details.scheduled)
        #expect(Dictionary(uniqueKeysWithValues: sofa.details.customFields.map { ($0.name, $0.value) })
                == ["Condition": "Like new", "Replacement cost": "about 300", "Colour (custom)": "Grey"], "a household's own words stay theirs")

        let elsewhere = try TestInventory("homebox-other-currency")
        defer { elsewhere.remove() }
        let refused = try #require(try refusal(elsewhere.store, csv("HB.name,HB.purchase_price,HB.field.Currency\nLamp,20,EUR\n")))
        #expect(refused.problems.first?.column == "HB.field.Currency" && refused.problems.first?.message.contains("counts in USD") == true)
        #expect(try elsewhere.store.all().isEmpty)
    }

    @Test func valuesAreReadAsHomeboxWritesThemAndAsPeopleDo() throws {
        let inventory = try TestInventory("homebox-values")
        defer { inventory.remove() }
        _ = try inventory.store.applyImport(csv("""
            HB.name,HB.purchase_date,HB.lifetime_warranty,HB.quantity,HB.purchase_price,HB.warranty_expires
            a,2021-03-14,T,0,0,0001-01-01
            b,3/4/2021,Yes,3,"$1,299.99",2021/12/31
            c,2020-02-29T23:59:59+09:00,0,7,0.30000000000000004,
            d,about 5 years ago,,,,
            e,2019-06,,,,
            """))
        let items = try inventory.store.all()
        // A date written by hand as remembered: "about 5 years ago" said on the day of the import.
        let today = CalendarDate(inventory.store.clock.now)
        #expect(items.map(\.details.purchaseDate?.text) == ["2021-03-14", "2021-03-04", "2020-02-29", "about 5 years before \(today.iso)", "2019-06"])
        #expect(items.map(\.details.lifetimeWarranty) == [true, true, false, false, false])
        #expect(items.map(\.details.quantity) == [1, 3, 7, 1, 1])
        #expect(items.map(\.details.purchasePrice) == [nil, 129_999, 30, nil, nil])
        #expect(items.map(\.details.warrantyExpires?.iso) == [nil, "2021-12-31", nil, nil, nil])
    }

    @Test func duplicateAndUnknownRefsAreProblems() throws {
        let inventory = try TestInventory("homebox-refs")
        defer { inventory.remove() }
        let plan = try #require(try refusal(inventory.store, csv("""
            HB.import_ref,HB.name,HB.parent_import_ref
            a,One,
            a,Two,
            b,Three,nowhere
            c,Four,c
            """)))
        #expect(plan.problems.map(\.line) == [3, 4, 5])
        #expect(plan.problems.map(\.column) == ["HB.import_ref", "HB.parent_import_ref", "HB.parent_import_ref"])
    }

    @Test func placesAndTagsAlreadyThereAreUsedWhateverTheirCase() throws {
        let inventory = try TestInventory("homebox-existing")
        defer { inventory.remove() }
        let home = try inventory.store.createLocation(LocationInput(name: "Home"))
        let kitchen = try inventory.store.createLocation(LocationInput(name: "Kitchen", parentID: home.id))
        var input = ItemInput(name: "Kettle")
        input.details.tags = ["Appliance"]
        _ = try inventory.store.create(input)
        let plan = try inventory.store.applyImport(csv("HB.name,HB.location,HB.tags\nToaster,home / KITCHEN,appliance;Breakfast\nMop,Home / Closet,\n"))
        #expect(plan.newLocations == ["Home / Closet"] && plan.newTags == ["Breakfast"])
        #expect(try inventory.store.all()[1].locationID == kitchen.id)
    }

    @Test func importedItemsAreSearchable() throws {
        let inventory = try TestInventory("homebox-search")
        defer { inventory.remove() }
        _ = try inventory.store.applyImport(csv("HB.name,HB.location,HB.manufacturer,HB.field.Colour\nDrill,Home / Garage,Makita,Teal\n"))
        for text in ["drill", "makita", "garage", "teal"] {
            #expect(try inventory.store.items(matching: ItemQuery(text: text)).items.map(\.name) == ["Drill"], "\(text)")
        }
    }

    @Test func anInventoryFromTheSchemaBeforeGetsImportRefs() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("homebox-migration-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-images", "-documents"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let old = try Database(path: path, migrations: InventorySchema.migrations.filter { $0.version < 16 })
            try old.write { try $0.execute("INSERT INTO items (id, name, serial_number, date_created_ms, position) VALUES (1, 'Lamp', '', 0, 0)") }
        }
        let inventory = try TestInventory(path: path)
        #expect(try inventory.names() == ["Lamp"] && inventory.store.importRefs().isEmpty)
        _ = try inventory.store.applyImport(csv("HB.import_ref,HB.name\nx1,Rug\n"))
        #expect(try inventory.store.importRefs().values.sorted() == ["x1"])
        try inventory.database.write { connection in
            #expect(throws: DatabaseError.self) { try connection.run("UPDATE items SET import_ref = 'x1' WHERE id = 1") }
        }
    }
}
