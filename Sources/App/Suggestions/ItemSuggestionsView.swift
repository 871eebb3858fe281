import HTML
import Inventory

/// One suggestion on the item page: the field it fills, the value, and the part of the photo it
/// was read on.
struct SuggestionEntryModel: Sendable {
    let field: SuggestionField
    let value: String
    /// The photo's screen rendition and its upright size, when the value was read on one of the item's photos.
    let photo: (screenURL: String, width: Int, height: Int)?
    let region: ReadingRegion?

    static func label(of field: SuggestionField) -> String {
        switch field {
        case .barcode: "Barcode"
        case .serialNumber: "Serial number"
        case .model: "Model"
        case .brand: "Brand"
        case .purchaseDate: "Purchase date"
        case .purchasePrice: "Purchase price"
        case .purchasedFrom: "Where bought"
        }
    }
}

/// "Read on the photos": each suggestion with its crop, **Use** (fills the field and saves the item)
/// and **Dismiss** (never offered again for this item). Nothing when there is none.
struct ItemSuggestionsView {
    let itemID: Item.ID
    let version: Int?
    let suggestions: [SuggestionEntryModel]
    let csrfToken: String?
    let canEdit: Bool

    var node: HTMLNode {
        if suggestions.isEmpty { return .empty }
        return section(.class("item-suggestions card"), .aria("labelledby", "item-suggestions-title")) {
            h2(.id("item-suggestions-title")) { "Read on the photos" }
            ul(.class("suggestions")) {
                for (index, suggestion) in suggestions.enumerated() {
                    li(.class("suggestion")) {
                        crop(suggestion)
                        p(.class("suggestion-text"), .id("suggestion-\(index)")) {
                            span(.class("muted")) { SuggestionEntryModel.label(of: suggestion.field) + ": " }
                            strong { suggestion.value }
                        }
                        if canEdit {
                            div(.class("suggestion-actions")) {
                                form(suggestion, action: SuggestionRoutes.use(itemID), label: "Use", describedBy: "suggestion-\(index)", primary: true)
                                form(suggestion, action: SuggestionRoutes.dismiss(itemID), label: "Dismiss", describedBy: "suggestion-\(index)", primary: false)
                            }
                        }
                    }
                }
            }
        }
    }

    private func form(_ suggestion: SuggestionEntryModel, action: String, label: String, describedBy: String, primary: Bool) -> HTMLNode {
        HTML.form(.method("post"), .action(action)) {
            CSRFField(token: csrfToken).node
            input(.type("hidden"), .name("field"), .value(suggestion.field.rawValue))
            input(.type("hidden"), .name("value"), .value(suggestion.value))
            input(.type("hidden"), .name("version"), .value(version.map(String.init) ?? ""))
            button(.class(primary ? "button primary" : "button"), .type("submit"), .aria("describedby", describedBy)) { label }
        }
    }

    /// The part of the photo the value was read on (with a margin), drawn from its screen rendition.
    private func crop(_ suggestion: SuggestionEntryModel) -> HTMLNode {
        guard let photo = suggestion.photo, let region = suggestion.region else { return .empty }
        let (width, height) = (Double(photo.width), Double(photo.height))
        let margin = 0.15 * max(region.width * width, region.height * height)
        let x = max(0, region.x * width - margin), y = max(0, region.y * height - margin)
        let box = (width: min(width - x, region.width * width + 2 * margin), height: min(height - y, region.height * height + 2 * margin))
        return .element("svg", [.class("suggestion-crop"), .role("img"), .aria("label", "Where on the photo it was read"),
                                .viewBox(x: x.rounded(), y: y.rounded(), width: max(1, box.width.rounded()), height: max(1, box.height.rounded()))],
                        children: [.element("image", [.href(photo.screenURL), .width(photo.width), .height(photo.height)], children: [])])
    }
}
