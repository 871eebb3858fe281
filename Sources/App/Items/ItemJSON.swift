import Foundation
import HTTPServer
import Inventory
import PhotoLibrary

/// Items as the JSON API shows them, written with `JSONWriter` (lists of thousands stay fast).
enum ItemJSON {
    /// `{"amount","currency","rate","rateDate","fromECB"}` of a purchase paid in another currency, or null:
    /// the item's and the claim line's alike.
    static func write(purchasePaid paid: PurchasePaid?, to json: inout JSONWriter) {
        guard let paid else { return json.null() }
        json.object { json in
            json.key("amount"); json.value(paid.money.decimalString)
            json.key("currency"); json.value(paid.currency.code)
            json.key("rate"); json.value(paid.rate.description)
            json.key("rateDate"); json.value(paid.rateDate.iso)
            json.key("fromECB"); json.value(paid.fromECB)
        }
    }

    /// - Parameters:
    ///   - item: with its evidence resolved against the library for the caller (`PhotoLibrary.resolveEvidence`).
    ///   - today: the day readiness is judged on (a replacement cost ages).
    ///   - files: where the evidence still in the library is served, and which is withheld.
    static func write(_ item: Item, currency: Currency, today: CalendarDate, files: EvidenceFiles, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id"); json.value(item.id)
            json.key("name"); json.value(item.name)
            json.key("serialNumber"); json.value(item.serialNumber)
            json.key("valueInDollars"); json.value(item.valueInDollars)
            json.key("dateCreated"); json.value(item.dateCreated)
            json.key("position"); json.value(item.position)
            json.key("locationId")
            if let locationID = item.locationID { json.value(locationID) } else { json.null() }
            json.key("draft"); json.value(item.isDraft)
            json.key("walkthrough")
            if let origin = item.walkthroughOrigin { write(origin, to: &json) } else { json.null() }
            writeDetails(item.details, currency: currency, to: &json)
            let readiness = item.claimReadiness(today: today)
            json.key("readiness")
            json.object { json in
                json.key("ready"); json.value(readiness.isReady)
                json.key("gaps"); json.array(readiness.gaps) { json, gap in json.value(gap.rawValue) }
            }
            json.key("image")
            if let image = item.image { json.object { json in writeImage(image, to: &json) } } else { json.null() }
            json.key("photos"); json.array(item.photos) { json, photo in write(photo, to: &json) }
            json.key("documents"); json.array(item.documents) { json, document in write(document, of: item.id, to: &json) }
            json.key("evidence")
            json.array(item.evidence) { json, link in
                write(link, urls: files.urls(of: link.assetID), withheld: files.withheld.contains(link.assetID), to: &json)
            }
            json.key("documentedSince")
            if let day = item.documentedSince { json.value(day.iso) } else { json.null() }
        }
    }

    /// A library photo linked as evidence: what it was when linked, whether it has left the library
    /// since, and (while it is there) its thumbnail and the library's viewer. A withheld one (in a
    /// folder the caller may not see, `EvidenceSight`) has only its id and whether it is there.
    /// - Parameter urls: the photo's files; nil when it has left the library, or is withheld.
    static func write(_ link: EvidenceLink, urls: LibraryURLs?, withheld: Bool = false, to json: inout JSONWriter) {
        json.object { json in
            json.key("assetId"); json.value(link.assetID)
            json.key("takenAt")
            if let takenAt = link.takenAt, !withheld { json.value(EvidenceLink.isoText(takenAt)) } else { json.null() }
            json.key("camera")
            if let camera = link.camera, !withheld { json.value(camera) } else { json.null() }
            json.key("path")
            if withheld { json.null() } else { json.value(link.lastPath) }
            json.key("missing"); json.value(link.isMissing != false)
            json.key("withheld"); json.value(withheld)
            json.key("thumbnailURL")
            if let urls { json.value(urls.thumbnail) } else { json.null() }
            json.key("viewerURL")
            if urls != nil { json.value(LibraryRoutes.asset(link.assetID, inGroup: nil)) } else { json.null() }
        }
    }

    /// The walk-through an item was made from: the video, and the second of its frame.
    static func write(_ origin: WalkthroughOrigin, to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.value(origin.walkthroughID)
            json.key("second"); json.number(origin.second)
            json.key("url"); json.value(WalkthroughRoutes.apiWalkthrough(origin.walkthroughID))
            json.key("videoUrl"); json.value(origin.videoFragmentURL)
        }
    }

    /// A photo of an item: its image, with its id and kind.
    static func write(_ photo: ItemPhoto, to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.value(photo.id)
            writeImage(photo.image, to: &json)
            json.key("kind"); json.value(photo.kind.rawValue)
        }
    }

    /// A document of item `itemID`, with where its file and thumbnail (or `null`) are served.
    static func write(_ document: ItemDocument, of itemID: Item.ID, to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.value(document.id)
            json.key("kind"); json.value(document.kind.rawValue)
            json.key("name"); json.value(document.name)
            json.key("contentType"); json.value(document.type.contentType)
            json.key("size"); json.value(document.byteSize)
            json.key("sha256"); json.value(document.sha256)
            json.key("url"); json.value(ItemRoutes.documentFile(itemID, document.id))
            json.key("thumbnailURL")
            if document.hasThumbnail { json.value(ItemRoutes.documentThumbnail(itemID, document.id)) } else { json.null() }
        }
    }

    /// An image's size, type and the URLs of its files, in the object being written.
    private static func writeImage(_ image: StoredImage, to json: inout JSONWriter) {
        let urls = ItemPhotoURLs(image)
        json.key("width"); json.value(image.width)
        json.key("height"); json.value(image.height)
        json.key("contentType"); json.value(image.format.contentType)
        json.key("thumbnailURL"); json.value(urls.rendition(.thumbnail80))
        json.key("screenURL"); json.value(urls.screen)
        json.key("originalURL"); json.value(urls.original)
    }

    /// One photo, as `POST …/photos` and `PATCH …/photos/{photoId}` answer.
    static func response(_ photo: ItemPhoto, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 400)
        write(photo, to: &writer)
        return .json(writer, status: status)
    }

    /// One document, as `POST …/documents` answers.
    static func response(_ document: ItemDocument, of itemID: Item.ID, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 400)
        write(document, of: itemID, to: &writer)
        return .json(writer, status: status)
    }

    /// One evidence link, as `POST …/evidence` answers.
    static func response(_ link: EvidenceLink, urls: LibraryURLs?, status: HTTPStatus) -> Response {
        var writer = JSONWriter(capacity: 400)
        write(link, urls: urls, to: &writer)
        return .json(writer, status: status)
    }

    /// One item, with its ETag; its evidence is looked up in `library` and described as far as `sight` reaches.
    static func response(_ item: Item, currency: Currency, today: CalendarDate, library: PhotoLibrary?, sight: EvidenceSight, status: HTTPStatus = .ok) throws -> Response {
        var item = item
        let files = try library?.resolveEvidence(of: &item, describedTo: sight) ?? .none
        return response(item, currency: currency, today: today, files: files, status: status)
    }

    /// A new item (made, or a draft made from a photo or a frame): `201` with its `Location`.
    static func created(_ item: Item, currency: Currency, today: CalendarDate, library: PhotoLibrary?, sight: EvidenceSight) throws -> Response {
        var response = try response(item, currency: currency, today: today, library: library, sight: sight, status: .created)
        response.headers["Location"] = ItemRoutes.apiItem(item.id)
        return response
    }

    /// One item whose evidence is resolved, with its ETag.
    static func response(_ item: Item, currency: Currency, today: CalendarDate, files: EvidenceFiles, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 512)
        write(item, currency: currency, today: today, files: files, to: &writer)
        var response = Response.json(writer, status: status)
        response.headers["ETag"] = etag(of: item, files: files)
        return response
    }

    /// A JSON array of items, in the given order, their evidence looked up in `library` (one query)
    /// and described as far as `sight` reaches.
    static func list(_ items: [Item], currency: Currency, today: CalendarDate, library: PhotoLibrary?, sight: EvidenceSight) throws -> [UInt8] {
        var items = items
        let files = try library?.resolveEvidence(of: &items, describedTo: sight) ?? .none
        var writer = JSONWriter(capacity: 400 * items.count + 2)
        writer.array(items) { json, item in write(item, currency: currency, today: today, files: files, to: &json) }
        return writer.bytes
    }

    /// The claim fields, in the object being written. Amounts are decimal strings in the inventory's
    /// currency (`"1299.99"`), dates `YYYY-MM-DD`; what was never said is `null` or `""`.
    private static func writeDetails(_ details: ItemDetails, currency: Currency, to json: inout JSONWriter) {
        func amount(_ minorUnits: Int64?) {
            if let minorUnits { json.value(Money(minorUnits: minorUnits, currency: currency).decimalString) } else { json.null() }
        }
        func date(_ date: CalendarDate?) { if let date { json.value(date.iso) } else { json.null() } }
        // A JSON number written as its exact decimal digits (2.5, 0.75, 12), never through a double.
        json.key("quantity"); json.rawNumber(details.quantity.text)
        json.key("quantityUnit"); json.value(details.quantityUnit.symbol)
        json.key("businessUse"); json.value(details.businessUse)
        json.key("description"); json.value(details.description)
        json.key("brand"); json.value(details.brand)
        json.key("model"); json.value(details.model)
        json.key("barcode"); json.value(details.barcode)
        json.key("condition")
        if let condition = details.condition { json.value(condition.rawValue) } else { json.null() }
        json.key("notes"); json.value(details.notes)
        json.key("purchasePrice"); amount(details.purchasePrice)
        json.key("purchasePaid"); write(purchasePaid: details.purchasePaid, to: &json)
        json.key("purchaseDate")
        if let purchased = details.purchaseDate { json.value(purchased.text) } else { json.null() }
        json.key("purchasedFrom"); json.value(details.purchasedFrom)
        json.key("replacementCost"); amount(details.replacementCost)
        json.key("replacementCostDate"); date(details.replacementCostDate)
        json.key("replacementCostSource"); json.value(details.replacementCostSource)
        json.key("tags"); json.array(details.tags) { json, tag in json.value(tag) }
        json.key("customFields")
        json.object { json in
            for field in details.customFields { json.key(field.name); json.value(field.value) }
        }
        json.key("warrantyExpires"); date(details.warrantyExpires)
        json.key("lifetimeWarranty"); json.value(details.lifetimeWarranty)
        json.key("warrantyDetails"); json.value(details.warrantyDetails)
        json.key("distinguishingMarks"); json.value(details.distinguishingMarks)
        json.key("scheduled"); json.value(details.scheduled)
        json.key("riderAmount"); amount(details.riderAmount)
        json.key("disposed")
        if let disposal = details.disposal {
            json.object { json in
                json.key("kind"); json.value(disposal.kind.rawValue)
                json.key("date"); if let day = disposal.date { json.value(day.iso) } else { json.null() }
                json.key("price")
                if let price = disposal.price { json.value(Money(minorUnits: price, currency: currency).decimalString) } else { json.null() }
                json.key("notes"); json.value(disposal.notes)
            }
        } else {
            json.null()
        }
        json.key("currency"); json.value(currency.code)
    }

    /// A strong validator that changes whenever the stored item does.
    /// `"<id>-<version>.<position>"`: the position is part of the item's JSON, so a move changes the
    /// tag; `If-Match` compares only the version (`expectedVersion(of:)`), since a move conflicts with no edit.
    static func etag(of item: Item) -> String { "\"\(item.id)-\(item.version).\(item.position)\"" }

    /// As `etag(of:)`, and for an item with evidence, a hash of which of its photos are still in the
    /// library and their versions, and which are withheld: a rescan changes its JSON (`missing`, URLs)
    /// but not its version, and callers who see the library differently get different JSON.
    static func etag(of item: Item, files: EvidenceFiles) -> String {
        guard !item.evidence.isEmpty else { return etag(of: item) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for link in item.evidence {
            let withheld = files.withheld.contains(link.assetID) ? "/withheld" : ""
            for byte in "\(link.assetID)=\(files.fingerprints[link.assetID] ?? "-")\(withheld);".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return "\"\(item.id)-\(item.version).\(item.position).\(String(hash, radix: 36))\""
    }
}
