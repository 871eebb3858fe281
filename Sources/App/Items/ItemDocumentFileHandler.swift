import Foundation
import HTTPServer
import Inventory

/// A document's file and thumbnail. The file is never shown as a page of our origin, whatever it
/// holds: always a download (`attachment`), never sniffed, and sandboxed with no sources should a
/// browser render it anyway; so an uploaded HTML or SVG cannot run script here. Thumbnails are
/// pictures we drew ourselves. A document's id is never reused, so both are immutable.
struct ItemDocumentFileHandler: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver


    func register(in router: inout AppRouter) {
        router.get(ItemRoutes.documentFile) { request in try file(request) }
        router.get(ItemRoutes.documentThumbnail) { request in try thumbnail(request) }
    }

    private func file(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let document = try items.document(try request.documentID(of: id), of: id)
        guard let path = items.documents.originalPath(sha256: document.sha256), let file = OpenFile(path: path) else {
            throw HTTPError.notFound(.documentFile)
        }
        return .immutableFile(file, for: request, contentType: document.type.contentType, cacheControl: request.photoCacheControl, headers: [
            "Content-Disposition": Self.attachment(named: document.fileName),
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "sandbox; default-src 'none'",
        ])
    }

    private func thumbnail(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let document = try items.document(try request.documentID(of: id), of: id)
        guard document.hasThumbnail, let (path, contentType) = items.documents.thumbnailPath(sha256: document.sha256, type: document.type),
              let file = OpenFile(path: path) else {
            throw HTTPError.notFound(.documentThumbnail)
        }
        return .immutableFile(file, for: request, contentType: contentType, cacheControl: request.photoCacheControl)
    }

    /// `attachment; filename="…"; filename*=UTF-8''…`: the name (a document's `fileName`, already safe)
    /// in UTF-8 (RFC 6266 / 8187), and an ASCII stand-in for clients that know only `filename`.
    static func attachment(named name: String) -> String {
        let plain = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || " .-_()".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        let escaped = name.utf8.map { byte -> String in
            let isAttributeCharacter = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || Array("!#$&+-.^_`|~".utf8).contains(byte)
            return isAttributeCharacter ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
        return "attachment; filename=\"\(plain)\"; filename*=UTF-8''\(escaped)"
    }
}
