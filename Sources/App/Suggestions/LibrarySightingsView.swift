import HTML
import Inventory
import Localization

/// "In your photo library": each library photo showing the item's serial number or barcode, with
/// **Link as Evidence** (the evidence link's own form). Nothing when there is none.
struct LibrarySightingsView {
    let itemID: Item.ID
    let sightings: [LibrarySighting]
    let csrfToken: String?
    let canEdit: Bool
    let words: Localizer

    var node: HTMLNode {
        if sightings.isEmpty { return .empty }
        return section(.class("library-sightings card"), .aria("labelledby", "library-sightings-title")) {
            h2(.id("library-sightings-title")) { words.text("item.sightings.title") }
            ul(.class("suggestions")) {
                for (index, sighting) in sightings.enumerated() {
                    li(.class("suggestion")) {
                        img(.src(LibraryURLs(sighting.asset).thumbnail), .alt(""), .class("sighting-thumbnail"))
                        p(.class("suggestion-text"), .id("sighting-\(index)")) { sentence(sighting) }
                        if canEdit {
                            HTML.form(.method("post"), .action(ItemRoutes.linkEvidence(itemID))) {
                                CSRFField(token: csrfToken).node
                                input(.type("hidden"), .name("assetId"), .value(sighting.asset.id.rawValue))
                                button(.class("button primary"), .type("submit"), .aria("describedby", "sighting-\(index)")) { words.text("item.sightings.link") }
                            }
                        }
                    }
                }
            }
        }
    }

    /// "S/N 0B7D4BAR300512K is in a photo of 14 March 2019 (Renovation)", the code left to right in any language.
    private func sentence(_ sighting: LibrarySighting) -> HTMLNode {
        let which = sighting.field == .serialNumber ? "serial" : "barcode"
        let key = "item.sightings.\(which)\(sighting.album == nil ? "" : "-in-album")"
        return MessageWithLink(text: { code in
            var arguments: [String: MessageArgument] = ["code": .text(code), "date": .text(LibraryFormat.day(sighting.asset.takenAt))]
            if let album = sighting.album { arguments["album"] = .text(album) }
            return words.text(key, arguments)
        }) { span(.dir("ltr")) { sighting.suggestion.value } }.node
    }
}
