import Claims
import Foundation
import Imaging
import Inventory
import PDFPreview
import PhotoLibrary

/// A few items in a few rooms, each with a photo and some of what a claim needs (and some gaps to
/// fix), so that a newcomer's first look is a populated list and a worklist.
enum DemoContent {
    struct DemoItem: Sendable {
        let input: ItemInput
        let emoji: String
        let colors: ([UInt8], [UInt8])
        /// The room's name under Home.
        var room: String?
        /// The claim fields, some dated from the day the demo is made.
        var details: @Sendable (inout ItemDetailsInput, _ today: CalendarDate) -> Void = { _, _ in }
        /// The receipt's lines, when the demo keeps one.
        var receipt: [String]? = nil
        /// A second photo, of the serial plate.
        var serialPlate: String? = nil
    }

    static let rooms = ["Living room", "Kitchen", "Study", "Garage"]

    static let items: [DemoItem] = [
        DemoItem(input: ItemInput(name: "Mirrorless Camera", serialNumber: "EOS-R6-0417732", valueInDollars: 1899),
                 emoji: "📷", colors: ([52, 73, 94], [133, 193, 233]), room: "Study") { details, today in
            details.texts = ["brand": "Canon", "model": "EOS R6", "purchasedFrom": "Camera Shop", "replacementCostSource": "https://www.canon.com"]
            details.condition = .good
            details.purchasePrice = 2_49900
            details.purchaseDate = CalendarDate(iso: "2021-03-14").map(PurchaseDate.day)
            details.replacementCostDate = today.adding(days: -40)
            details.tags = ["electronics", "insured"]
            details.customFields = ["Lens": "RF 24-105mm F4"]
        }.with(receipt: ["Camera Shop", "14 March 2021", "Canon EOS R6 body + RF 24-105mm", "Serial EOS-R6-0417732", "Total  $2,499.00"],
               serialPlate: "🔢"),
        DemoItem(input: ItemInput(name: "Road Bike", serialNumber: "WTU-228-K91", valueInDollars: 1250),
                 emoji: "🚲", colors: ([39, 174, 96], [241, 196, 15]), room: "Garage") { details, today in
            details.texts = ["brand": "Trek", "model": "Domane AL 3"]
            details.condition = .fair
            details.purchaseDate = CalendarDate(iso: "2019-06-02").map(PurchaseDate.day)
            details.tags = ["sport"]
        },
        DemoItem(input: ItemInput(name: "Espresso Machine", serialNumber: "BES870-55120", valueInDollars: 549),
                 emoji: "☕", colors: ([110, 76, 60], [236, 214, 186]), room: "Kitchen") { details, today in
            details.texts = ["brand": "Breville", "model": "Barista Express", "warrantyDetails": "Two years, parts and labour"]
            details.purchasePrice = 599_00
            details.purchaseDate = CalendarDate(iso: "2023-11-24").map(PurchaseDate.day)
            details.warrantyExpires = today.adding(days: 20)
            details.tags = ["kitchen", "appliances"]
        }.with(receipt: ["Kitchen Co", "24 November 2023", "Breville Barista Express BES870", "Total  $599.00"]),
        DemoItem(input: ItemInput(name: "Acoustic Guitar", serialNumber: "1606-23-9951", valueInDollars: 780),
                 emoji: "🎸", colors: ([192, 57, 43], [245, 176, 65]), room: "Living room") { details, today in
            details.texts = ["brand": "Martin", "model": "D-10E"]
            details.scheduled = true
            details.riderAmount = 900_00
            details.tags = ["music", "insured"]
        },
        DemoItem(input: ItemInput(name: "Table Lamp", serialNumber: "", valueInDollars: 35),
                 emoji: "💡", colors: ([44, 62, 80], [247, 220, 111]), room: "Living room") { details, today in
            details.quantity = 2
        },
        DemoItem(input: ItemInput(name: "Cast-Iron Skillet", serialNumber: "", valueInDollars: 42),
                 emoji: "🍳", colors: ([86, 101, 115], [214, 219, 223])) { details, today in
            details.disposal = Disposal(kind: .givenAway, date: CalendarDate(iso: "2026-09-12"), notes: "To a neighbour")
        },
    ]

    /// A policy for the coverage check to set the demo's items against (and new claims to start from).
    static var policy: ClaimInput {
        var input = ClaimInput()
        input.texts = [.insurer: "Example Mutual", .policyNumber: "HO-3 000 123", .policyholder: "Sam Example", .address: "12 Elm Street"]
        input.contentsLimit = .some(3_000_00)
        return input
    }

    static func seed(into store: ItemStore) throws {
        let (now, today) = (store.clock.now, store.clock.today)
        let home = try store.createLocation(LocationInput(name: "Home", notes: "12 Elm Street"))
        var roomIDs: [String: Location.ID] = [:]
        for room in rooms { roomIDs[room] = try store.createLocation(LocationInput(name: room, parentID: home.id)).id }
        for (offset, demo) in items.enumerated() {
            var input = demo.input
            input.locationID = demo.room.flatMap { roomIDs[$0] }
            demo.details(&input.details, today)
            let item = try store.create(input, dateCreated: now.addingTimeInterval(Double(offset - items.count) * 86_400 * 9))
            _ = try store.givePhoto(to: item.id) { try SamplePhoto.jpeg(emoji: demo.emoji, colors: demo.colors) }
            if let plate = demo.serialPlate {
                _ = try store.addPhoto(to: item.id, kind: .serial) { try SamplePhoto.jpeg(emoji: plate, colors: (demo.colors.1, demo.colors.0)) }
            }
            if let receipt = demo.receipt {
                _ = try store.addDocument(to: item.id, kind: .receipt, name: "Receipt \(receipt[0]).pdf") { SamplePDF.receipt(lines: receipt) }
            }
        }
    }
}

extension DemoContent.DemoItem {
    func with(receipt: [String], serialPlate: String? = nil) -> Self {
        var item = self
        item.receipt = receipt
        item.serialPlate = serialPlate
        return item
    }
}

extension DemoContent {
    /// The demo library's photos in which a demo item appears, by album and file name.
    static let evidence: [(item: String, album: String, file: String)] = [
        ("Espresso Machine", "Renovation", "kitchen-before.jpg"),
        ("Espresso Machine", "Renovation", "kitchen-after.jpg"),
    ]

    /// Links the demo items to the demo library's photos that show them, once the library has been
    /// scanned (asset ids come from the scan).
    static func linkEvidence(items store: ItemStore, library: PhotoLibrary) throws {
        let albums = try library.groups().filter { $0.kind == .album }
        let everything = try store.all()
        for link in evidence {
            guard let album = albums.first(where: { $0.name == link.album }),
                  let asset = try library.assets(inGroup: album.id, offset: 0, limit: 500)?.assets.first(where: { $0.fileName == link.file }),
                  let item = everything.first(where: { $0.name == link.item }),
                  let original = try library.openOriginal(assetID: asset.id) else { continue }
            _ = try store.link(EvidenceLink(assetID: asset.id, takenAt: asset.takenAtIsFromCamera ? asset.takenAt : nil, camera: asset.camera,
                                            lastPath: original.location), to: item.id)
        }
    }
}
