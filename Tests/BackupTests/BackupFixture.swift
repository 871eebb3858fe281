@testable import Backup
import Database
import Foundation
import Imaging
import Inventory
import PDFPreview

/// A data folder laid out as Homepwner lays one out (`homepwner.sqlite`, `images/`, `documents/`)
/// with a small inventory in euros, and a folder to back it up into; both removed by `remove()`.
struct BackupFixture {
    let root: String
    let data: URL
    let database: Database
    let store: ItemStore
    let backups: BackupStore

    init(_ label: String = "backup") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("homepwner-\(label)-\(UUID().uuidString)").path
        data = URL(fileURLWithPath: "\(root)/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        (database, store) = try Self.open(data)
        backups = BackupStore(path: "\(root)/backups")
    }

    static func open(_ data: URL) throws -> (Database, ItemStore) {
        let database = try Database(path: data.appendingPathComponent("homepwner.sqlite").path, schemas: [InventorySchema.schema])
        let store = try ItemStore(database: database,
                                  images: try ImageStore(directory: data.appendingPathComponent("images"), database: database),
                                  documents: try DocumentStore(directory: data.appendingPathComponent("documents")))
        return (database, store)
    }

    var source: BackupSource {
        BackupSource(database: database, dataFolder: data, imagesFolder: data.appendingPathComponent("images"),
                     documentsFolder: data.appendingPathComponent("documents"))
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// A small JPEG no other call makes (the emoji and colours differ).
    static func photo(_ seed: Int) throws -> [UInt8] {
        let emoji = ["📷", "🚲", "📺", "☕️", "🎸", "💍", "🪑", "🖼️"][seed % 8]
        let shade = UInt8(truncatingIfNeeded: 40 + seed * 23)
        return try SamplePhoto.jpeg(emoji: emoji, width: 480, height: 360, colors: ([shade, 90, 200], [250, shade, 60]))
    }

    /// The kitchen with an espresso machine (two photos, a receipt, claim fields), a bike in no
    /// room, a lamp in the study, and a television no longer owned.
    @discardableResult
    func fill() throws -> [Item] {
        try store.setCurrency(Currency(code: "EUR")!)
        let home = try store.createLocation(LocationInput(name: "Home"))
        let kitchen = try store.createLocation(LocationInput(name: "Kitchen", parentID: .some(home.id)))
        let study = try store.createLocation(LocationInput(name: "Study", parentID: .some(home.id)))

        var input = ItemInput(name: "Espresso machine <script>alert(1)</script>", serialNumber: "EM-1234", locationID: .some(kitchen.id))
        input.details.quantity = 2
        input.details.texts = ["brand": "Gaggia", "model": "Classic Pro", "notes": "Descaled in March"]
        input.details.purchasePrice = .some(64_999)
        input.details.replacementCost = .some(129_900)
        input.details.purchaseDate = .some(CalendarDate(iso: "2021-03-14").map(PurchaseDate.day))
        input.details.tags = ["kitchen", "appliance"]
        input.details.customFields = ["Colour": "Brushed steel"]
        let espresso = try store.create(input)
        _ = try store.addPhoto(to: espresso.id) { try Self.photo(1) }
        _ = try store.addPhoto(to: espresso.id, kind: .serial) { try Self.photo(2) }
        _ = try store.addDocument(to: espresso.id, kind: .receipt, name: "Receipt from Bean & Co") {
            SamplePDF.receipt(lines: ["Gaggia Classic Pro", "€649.99"])
        }

        var bike = ItemInput(name: "Bike")
        bike.details.replacementCost = .some(80_000)
        let bikeItem = try store.create(bike)
        _ = try store.addPhoto(to: bikeItem.id) { try Self.photo(3) }

        var lamp = ItemInput(name: "Desk lamp", locationID: .some(study.id))
        lamp.details.purchasePrice = .some(3_000)
        try store.create(lamp)

        var television = ItemInput(name: "Old television")
        television.details.disposal = .some(Disposal(kind: .sold, date: CalendarDate(iso: "2024-01-02"), price: 5_000))
        try store.create(television)
        return try store.all()
    }

    /// Every file under `folder` (relative path → bytes), leaving out names that start with a dot.
    static func files(under folder: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return result }
        while let path = walker.nextObject() as? String {
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder), !isFolder.boolValue {
                result[path] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(path)")))
            }
        }
        return result
    }
}
