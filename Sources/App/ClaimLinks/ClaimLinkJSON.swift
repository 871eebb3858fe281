import Claims
import Foundation
import HTTPServer

/// Links as the JSON API shows them to their owner: never the token, which only the answer to
/// making one holds (in its `url`). Times are RFC 3339 in UTC.
enum ClaimLinkJSON {
    /// `{"id","url","label","expires","includesLocation"}`: the link just made; its `url` is shown this once.
    static func created(_ link: ClaimLink, url: String) -> Response {
        var writer = JSONWriter(capacity: 256)
        writer.object { json in
            json.key("id"); json.value(link.id)
            json.key("url"); json.value(url)
            json.key("label"); json.value(link.label)
            json.key("expires"); json.value(link.expires)
            json.key("includesLocation"); json.value(link.includesLocation)
        }
        return Response.json(writer, status: .created)
    }

    /// `[{"id","label","created","expires","revoked","active","includesLocation","openings":[{"at","address","path"}]}]`
    static func list(_ links: [ClaimLink], now: Date) -> Response {
        var writer = JSONWriter(capacity: 256 * links.count + 2)
        writer.array(links) { json, link in
            json.object { json in
                json.key("id"); json.value(link.id)
                json.key("label"); json.value(link.label)
                json.key("created"); json.value(link.created)
                json.key("expires"); json.value(link.expires)
                json.key("revoked")
                if let revoked = link.revoked { json.value(revoked) } else { json.null() }
                json.key("active"); json.value(link.isActive(at: now))
                json.key("includesLocation"); json.value(link.includesLocation)
                json.key("openings")
                json.array(link.openings) { json, opening in
                    json.object { json in
                        json.key("at"); json.value(opening.at)
                        json.key("address"); json.value(opening.address)
                        json.key("path"); json.value(opening.path)
                    }
                }
            }
        }
        return Response.json(writer)
    }
}
