import Foundation
import HTTPServer
import Inventory

/// Items as the JSON API shows them, written with `JSONWriter` (lists of thousands stay fast).
enum ItemJSON {
    static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("id"); json.value(item.id)
            json.key("name"); json.value(item.name)
            json.key("serialNumber"); json.value(item.serialNumber)
            json.key("valueInDollars"); json.value(item.valueInDollars)
            json.key("dateCreated"); json.value(item.dateCreated)
            json.key("position"); json.value(item.position)
            json.key("locationId")
            if let locationID = item.locationID { json.value(locationID) } else { json.null() }
            json.key("image")
            if let image = item.image {
                let urls = ItemPhotoURLs(image)
                json.object { json in
                    json.key("width"); json.value(image.width)
                    json.key("height"); json.value(image.height)
                    json.key("contentType"); json.value(image.format.contentType)
                    json.key("thumbnailURL"); json.value(urls.rendition(.thumbnail80))
                    json.key("screenURL"); json.value(urls.screen)
                    json.key("originalURL"); json.value(urls.original)
                }
            } else {
                json.null()
            }
        }
    }

    /// One item, with its ETag.
    static func response(_ item: Item, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 256)
        write(item, to: &writer)
        var response = Response.json(writer, status: status)
        response.headers["ETag"] = etag(of: item)
        return response
    }

    /// A JSON array of items, in the given order.
    static func list(_ items: [Item]) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 * items.count + 2)
        writer.array(items) { json, item in write(item, to: &json) }
        return writer.bytes
    }

    /// A strong validator that changes whenever the stored item does.
    /// `"<id>-<version>.<position>"`: the position is part of the item's JSON, so a move changes the
    /// tag; `If-Match` compares only the version (`expectedVersion(of:)`), since a move conflicts with no edit.
    static func etag(of item: Item) -> String { "\"\(item.id)-\(item.version).\(item.position)\"" }
}
