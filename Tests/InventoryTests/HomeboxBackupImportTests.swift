import Foundation
import HomeboxBackupFixture
import Imaging
import Inventory
import PDFPreview
import Testing

/// Importing Homebox v0.26's backup zip (Tools → Backup & Restore) through the one import door:
/// items, the places tree, tags, custom fields, photos and documents, all or nothing.
@Suite struct HomeboxBackupImportTests {
    /// An inventory with a work folder for unpacking, and a folder for the zips.
    struct Setup {
        let inventory: TestInventory
        let folder: URL

        init(_ label: String) throws {
            inventory = try TestInventory(label)
            folder = URL(fileURLWithPath: inventory.path + "-work")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        var store: ItemStore { inventory.store }

        func zip(_ backup: HomeboxBackupFixture) throws -> String {
            let path = folder.appendingPathComponent("backup-\(UUID().uuidString).zip").path
            try backup.write(to: path)
            return path
        }

        func plan(_ backup: HomeboxBackupFixture) throws -> ImportPlan {
            try store.planImport(fileAt: try zip(backup), workFolder: folder.path)
        }

        func apply(_ backup: HomeboxBackupFixture) throws -> ImportPlan {
            try store.applyImport(fileAt: try zip(backup), workFolder: folder.path)
        }

        /// The problems an import of `backup` is refused with; nil when it is imported.
        func refusal(_ backup: HomeboxBackupFixture) throws -> [ImportProblem]? {
            do {
                _ = try apply(backup)
                return nil
            } catch let refused as ImportRefused {
                return refused.plan.problems
            }
        }

        /// Every file the photo and document stores hold (their empty two-letter folders aside).
        func storedFiles() -> [String] {
            ["-images", "-documents"].flatMap { suffix in
                let root = inventory.path + suffix
                return ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).filter { path in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder) && !isFolder.boolValue
                }
            }
        }

        /// Whatever is left in the work folder besides the zips: an unpacked folder would be.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".zip") }
        }

        func remove() {
            inventory.remove()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    static let photo = try! ImageStoreFixtures.photo(1, width: 320, height: 240)
    static let secondPhoto = try! ImageStoreFixtures.photo(2, width: 240, height: 320)
    static let receipt = SamplePDF.receipt(lines: ["Hardware Store", "Cordless drill  129.99"])

    /// A household's backup: a tree of places (one empty), a drill with every kind of field, a case
    /// inside the drill, photos, a receipt and a manual, and what Homepwner leaves out.
    static func household() -> (backup: HomeboxBackupFixture, drill: String, photos: [String]) {
        var backup = HomeboxBackupFixture()
        let home = backup.location("Home")
        let garage = backup.location("Garage", in: home)
        backup.location("Kitchen", in: home)
        let drill = backup.item("Cordless Drill", in: garage, [
            "description": "18 V, two batteries", "notes": "Left battery is weak", "quantity": 2, "insured": 1, "archived": 0,
            "asset_id": 7, "serial_number": "SN-1", "model_number": "XFD131", "manufacturer": "Makita", "lifetime_warranty": 0,
            "warranty_expires": "2027-03-14T00:00:00Z", "warranty_details": "Three years", "purchase_date": "2024-03-14T00:00:00Z",
            "purchase_from": "Hardware Store", "purchase_price": 129.99, "import_ref": "hb-drill",
            "created_at": "2024-03-14T09:26:53.589793238Z",
        ])
        backup.item("Drill Case", in: drill, ["sold_to": "Sam", "sold_price": 15.5, "sold_date": "2025-01-02T00:00:00Z",
                                              "created_at": "2024-03-14T11:26:53.5+02:00"])
        backup.tag("Tools", on: [drill])
        backup.tag("Power", on: [drill])
        backup.field("Colour", "Teal", on: drill)
        backup.field("Batteries", type: "number", 2, on: drill)
        backup.field("Cordless", type: "boolean", 1, on: drill)
        backup.field("Serviced", type: "time", "2025-06-01T00:00:00Z", on: drill)
        let second = backup.attachment("photo", title: "side.jpg", mimeType: "image/png", secondPhoto, on: drill, created: "2024-03-15T00:00:00Z")
        let primary = backup.attachment("photo", title: "front.jpg", mimeType: "image/png", photo, primary: true, on: drill,
                                        created: "2024-03-16T00:00:00Z")
        backup.attachment("receipt", title: "receipt.pdf", mimeType: "application/pdf", receipt, on: drill)
        backup.attachment("manual", title: "Manual.txt", mimeType: "text/plain", Array("Charge before first use.\n".utf8), on: drill)
        backup.attachment("thumbnail", title: "front-thumb", mimeType: "image/webp", Array("not even an image".utf8), on: nil)
        backup.attachment("photo", title: "garage.jpg", mimeType: "image/png", photo, on: garage)
        backup.maintenanceEntries = [["id": HomeboxBackupFixture.newID(), "name": "Oiled", "entity_id": drill]]
        return (backup, drill, [primary, second])
    }

    @Test func aBackupIsPreviewedThenImportedWithItsPlacesTagsFieldsPhotosAndDocuments() throws {
        let setup = try Setup("homebox-backup")
        defer { setup.remove() }
        let (backup, _, _) = Self.household()

        let preview = try setup.plan(backup)
        #expect(preview.format == .homeboxExport && preview.problems.isEmpty && preview.canImport)
        #expect(preview.rowsRead == 2 && preview.additions.map(\.name) == ["Cordless Drill", "Drill Case"])
        #expect(preview.newLocations == ["Home", "Home / Garage", "Home / Kitchen"], "an empty place comes too")
        #expect(preview.newTags == ["Tools", "Power"] && preview.photos == 2 && preview.documents == 2)
        #expect(preview.ignoredColumns == ["maintenance_entries.json (1 maintenance entry)",
                                           "1 attachment of places (Homepwner keeps photos and documents of items)"])
        #expect(try setup.store.all().isEmpty && setup.storedFiles().isEmpty, "a preview writes nothing")
        #expect(try setup.leftovers().isEmpty, "the unpacked zip is removed")

        let done = try setup.apply(backup)
        #expect(done.additions.count == 2 && done.photos == 2 && done.documents == 2)
        #expect(try setup.leftovers().isEmpty)
        let items = try setup.store.all()
        let drill = try #require(items.first { $0.name == "Cordless Drill" })
        let paths = Dictionary(uniqueKeysWithValues: try setup.store.locations().map { ($0.id, $0.path) })
        #expect(paths[drill.locationID ?? 0] == "Home / Garage" && Set(paths.values) == ["Home", "Home / Garage", "Home / Kitchen"])
        #expect(drill.serialNumber == "SN-1" && drill.details.brand == "Makita" && drill.details.model == "XFD131")
        #expect(drill.details.description == "18 V, two batteries" && drill.details.notes == "Left battery is weak")
        #expect(drill.details.quantity == 2 && drill.details.purchasePrice == 12_999 && drill.details.purchasedFrom == "Hardware Store")
        #expect(drill.details.purchaseDate == CalendarDate(iso: "2024-03-14").map(PurchaseDate.day) && drill.details.warrantyExpires == CalendarDate(iso: "2027-03-14"))
        #expect(drill.details.warrantyDetails == "Three years" && drill.details.tags == ["Power", "Tools"])
        #expect(Dictionary(uniqueKeysWithValues: drill.details.customFields.map { ($0.name, $0.value) }) == [
            "Insured": "Yes", "Asset ID": "000-007", "Colour": "Teal", "Batteries": "2", "Cordless": "Yes", "Serviced": "2025-06-01",
        ])
        #expect(abs(drill.dateCreated.timeIntervalSince1970 - 1_710_408_413) < 1, "made when Homebox made it")
        // The primary photo first, then by age; the files are the bytes Homebox kept.
        let originals = try drill.photos.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: setup.store.images.originalPath(of: $0.image)))) }
        #expect(originals == [Self.photo, Self.secondPhoto])
        #expect(drill.documents.map(\.kind) == [.receipt, .manual] && drill.documents.map(\.name) == ["receipt.pdf", "Manual.txt"])
        #expect(drill.documents[0].type == .pdf && drill.documents[0].hasThumbnail && drill.documents[1].type == .text)

        let drillCase = try #require(items.first { $0.name == "Drill Case" })
        #expect(drillCase.locationID == drill.locationID, "kept where the item it is inside is")
        #expect(abs(drillCase.dateCreated.timeIntervalSince1970 - 1_710_408_413) < 1, "a time with an offset reads as the same moment")
        #expect(drillCase.details.customFields.contains(CustomField(name: "Inside", value: "Cordless Drill")))
        #expect(drillCase.details.disposal == Disposal(kind: .sold, date: CalendarDate(iso: "2025-01-02"), price: 1_550, notes: "Sold to Sam"))
    }

    @Test func importingTheSameBackupAgainUpdatesAndAddsNoPhotoOrDocumentTwice() throws {
        let setup = try Setup("homebox-backup-again")
        defer { setup.remove() }
        var (backup, drill, _) = Self.household()
        _ = try setup.apply(backup)
        let files = setup.storedFiles().sorted()
        let index = try #require(backup.entities.firstIndex { $0["id"] as? String == drill })
        backup.entities[index]["notes"] = "Both batteries replaced"
        let again = try setup.apply(backup)
        #expect(again.additions.isEmpty && again.updates.count == 2 && again.newLocations.isEmpty && again.newTags.isEmpty)
        #expect(again.photos == 0 && again.documents == 0)
        let items = try setup.store.all()
        #expect(items.count == 2 && items[0].details.notes == "Both batteries replaced")
        #expect(items[0].photos.count == 2 && items[0].documents.count == 2 && setup.storedFiles().sorted() == files)
    }

    @Test func aPhotoOrDocumentThatIsNotWhatItSaysRefusesTheWholeBackupAndWritesNothing() throws {
        let setup = try Setup("homebox-backup-hostile")
        defer { setup.remove() }
        let truncated = try ImageStoreFixtures.bytes("truncated.jpg")
        let cases: [(String, (inout HomeboxBackupFixture, String) -> Void, (ImportProblem) -> Bool)] = [
            ("a PDF as a photo", { backup, item in backup.attachment("photo", title: "scan.jpg", mimeType: "image/jpeg", Self.receipt, on: item) },
             { $0.message.contains("“scan.jpg” of “Lamp” is not a photo Homepwner can use") }),
            ("30,000 × 30,000 pixels", { backup, item in
                backup.attachment("photo", title: "huge.png", mimeType: "image/png", try! ImageStoreFixtures.bytes("bomb-30000x30000.png"), on: item)
            }, { $0.message.contains("30000 × 30000 pixels") }),
            ("HTML as a receipt", { backup, item in
                backup.attachment("receipt", title: "receipt.html", mimeType: "text/html", Array("<script>alert(1)</script>".utf8), on: item)
            }, { $0.message.contains("not a kind of file Homepwner keeps as a document") }),
            ("an executable as an attachment", { backup, item in
                backup.attachment("attachment", title: "setup.exe", mimeType: "application/octet-stream", [0x4D, 0x5A, 0x90, 0, 3, 0, 0, 0], on: item)
            }, { $0.message.contains("The attachment “setup.exe” of “Lamp”") }),
            ("a missing file", { backup, item in backup.attachment("receipt", title: "lost.pdf", mimeType: "application/pdf", nil, on: item) },
             { $0.message.contains("its file attachments/") && $0.message.contains("is not in the zip") }),
            ("a truncated JPEG, found only when decoded", { backup, item in
                backup.attachment("photo", title: "cut.jpg", mimeType: "image/jpeg", truncated, on: item)
            }, { $0.message.contains("“cut.jpg”") && $0.message.contains("damaged") }),
        ]
        for (label, add, check) in cases {
            var backup = HomeboxBackupFixture()
            let item = backup.item("Lamp", in: backup.location("Home"))
            backup.attachment("photo", title: "good.png", mimeType: "image/png", Self.photo, on: item)
            backup.attachment("receipt", title: "good.pdf", mimeType: "application/pdf", Self.receipt, on: item)
            add(&backup, item)
            let problems = try #require(try setup.refusal(backup), "\(label) was imported")
            #expect(problems.count == 1 && problems.allSatisfy(check) && problems[0].column?.hasPrefix("attachments/") == true, "\(label): \(problems)")
            #expect(try setup.store.all().isEmpty && setup.store.locations().isEmpty, "\(label)")
            #expect(setup.storedFiles().isEmpty, "\(label): files stored for a refused import: \(setup.storedFiles())")
            #expect(try setup.leftovers().isEmpty, "\(label)")
        }
    }

    @Test func aDamagedForeignOrNewerBackupSaysWhyAndWritesNothing() throws {
        let setup = try Setup("homebox-backup-damaged")
        defer { setup.remove() }
        func backup(_ edit: (inout HomeboxBackupFixture) -> Void) -> HomeboxBackupFixture {
            var backup = HomeboxBackupFixture()
            backup.item("Lamp", in: backup.location("Home"))
            edit(&backup)
            return backup
        }
        let cases: [(String, HomeboxBackupFixture, String)] = [
            ("newer", backup { $0.manifest["schemaVersion"] = 2 }, "format 2, newer than the format 1 of Homebox v0.26"),
            ("foreign manifest", backup { $0.manifest = ["name": "my-app", "version": 3] }, "not a Homebox backup’s"),
            ("no items", backup { $0.entities.removeLast() }, "holds no items"),
            ("garbage table", backup { $0.replacedTables["entities"] = Array("{not json".utf8) }, "entities.json is not the JSON Homebox writes"),
            ("a table twice", backup { $0.extraEntries = [("tags.json", Array("[]".utf8))] }, "“tags.json” twice"),
            ("unknown type", backup { $0.entityTypes.removeFirst() }, "of an entity type that entity_types.json does not hold"),
            ("a place inside itself", backup { backup in
                let a = backup.location("A"), b = backup.location("B", in: a)
                let index = backup.entities.firstIndex { $0["id"] as? String == a }!
                backup.entities[index]["entity_children"] = b
            }, "inside itself"),
            ("an attachment id that climbs", backup { backup in
                backup.attachment("photo", title: "x", mimeType: "image/png", nil, on: backup.entities.last!["id"] as? String)
                backup.attachments[backup.attachments.count - 1]["id"] = "../../homepwner.sqlite"
            }, "an id that is not a file name"),
            ("a negative quantity", backup { $0.entities[$0.entities.count - 1]["quantity"] = -1.5 }, "“Lamp”, quantity: The quantity must be above 0, not “-1.5”"),
        ]
        for (label, backup, expected) in cases {
            let problems = try #require(try setup.refusal(backup), "\(label) was imported")
            #expect(problems.contains { $0.message.contains(expected) }, "\(label): \(problems)")
            #expect(try setup.store.all().isEmpty && setup.store.locations().isEmpty && setup.storedFiles().isEmpty, "\(label)")
            #expect(try setup.leftovers().isEmpty, "\(label)")
        }
    }

    @Test func theDoorTellsEveryFileByItsContent() throws {
        let setup = try Setup("import-door")
        defer { setup.remove() }
        func plan(_ bytes: [UInt8], name: String = "file") throws -> ImportPlan {
            let path = setup.folder.appendingPathComponent("\(UUID().uuidString)-\(name)").path
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return try setup.store.planImport(fileAt: path, workFolder: setup.folder.path)
        }
        // A CSV named .zip is a CSV; a backup named .csv is a backup.
        #expect(try plan(Array("HB.name\nLamp\n".utf8), name: "items.zip").format == .homeboxCSV)
        #expect(try plan(try Self.household().backup.bytes(in: setup.folder), name: "items.csv").format == .homeboxExport)
        let neither = setup.folder.appendingPathComponent("neither.zip").path
        try HomeboxBackupFixture.zip([("readme.txt", Array("hello".utf8))], to: neither)
        let foreign = try setup.store.planImport(fileAt: neither, workFolder: setup.folder.path)
        #expect(foreign.format == nil && foreign.problems.map(\.message) == [
            "This zip holds neither homepwner.json (a Homepwner export) nor manifest.json (a Homebox backup). Homepwner imports \(ImportFormat.expected).",
        ])
        let binary = try plan([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0])
        #expect(binary.format == nil && binary.problems.first?.message.contains("neither text nor a zip archive") == true)
        #expect(try setup.leftovers().filter { !$0.hasSuffix("file") && !$0.hasSuffix(".csv") }.isEmpty)
    }
}
