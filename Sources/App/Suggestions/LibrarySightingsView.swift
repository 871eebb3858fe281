import HTML
import Inventory

/// "In your photo library": each library photo showing the item's serial number or barcode, with
/// **Link as Evidence** (the evidence link's own form). Nothing when there is none.
struct LibrarySightingsView {
    let itemID: Item.ID
    let sightings: [LibrarySighting]
    let csrfToken: String?
    let canEdit: Bool

    var node: HTMLNode {
        if sightings.isEmpty { return .empty }
        return section(.class("library-sightings card"), .aria("labelledby", "library-sightings-title")) {
            h2(.id("library-sightings-title")) { "In your photo library" }
            ul(.class("suggestions")) {
                for (index, sighting) in sightings.enumerated() {
                    li(.class("suggestion")) {
                        img(.src(LibraryURLs(sighting.asset).thumbnail), .alt(""), .class("sighting-thumbnail"))
                        p(.class("suggestion-text"), .id("sighting-\(index)")) { sighting.sentence }
                        if canEdit {
                            HTML.form(.method("post"), .action(ItemRoutes.linkEvidence(itemID))) {
                                CSRFField(token: csrfToken).node
                                input(.type("hidden"), .name("assetId"), .value(sighting.asset.id.rawValue))
                                button(.class("button primary"), .type("submit"), .aria("describedby", "sighting-\(index)")) { "Link as Evidence" }
                            }
                        }
                    }
                }
            }
        }
    }
}
