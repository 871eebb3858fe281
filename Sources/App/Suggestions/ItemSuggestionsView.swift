import HTML
import Inventory
import Localization

/// One suggestion on the item page: the field it fills, the value, and the part of the photo it
/// was read on.
struct SuggestionEntryModel: Sendable {
    let field: SuggestionField
    let value: String
    /// What it was read on: a photo of the item, one of its documents, a library photo.
    let source: ReadingSource
    /// The photo's screen rendition and its upright size, when the value was read on one of the item's photos.
    let photo: (screenURL: String, width: Int, height: Int)?
    let region: ReadingRegion?
}

/// What was read on the item's photos and documents, each shown directly under the field of the
/// item's form it fills (as the issue puts it, "beside the field"), with the part of the photo it
/// was read on, **Use** (fills the field and saves the item) and **Dismiss** (never offered again
/// for this item). Under the field rather than in a card of its own: the form is on the page, so
/// the value is seen next to what the field holds, on a phone as on an iPad.
///
/// A form holds no form: Use and Dismiss are buttons in the item's form that submit small forms
/// of their own (`forms`, placed after the item's form) through their `form` attribute.
struct ItemSuggestionsView {
    let itemID: Item.ID
    let version: Int?
    let suggestions: [SuggestionEntryModel]
    let csrfToken: String?
    let canEdit: Bool
    let words: Localizer

    /// `control` (a field of the form), followed by the suggestions for `field`; `control` alone when there are none.
    func under(_ field: SuggestionField, _ control: HTMLNode) -> HTMLNode {
        let entries = suggestions.enumerated().filter { $0.element.field == field }
        if entries.isEmpty { return control }
        return div(.class("suggested-field")) {
            control
            ul(.class("field-suggestions"), .aria("label", words.text("item.suggestion.label"))) {
                for (index, suggestion) in entries {
                    li(.class("suggestion")) {
                        crop(suggestion)
                        p(.class("suggestion-text"), .id("suggestion-\(index)")) {
                            span(.class("muted")) { words.text(Self.readOnKey(suggestion.source)) }
                            strong { suggestion.value }
                        }
                        if canEdit {
                            div(.class("suggestion-actions")) {
                                button(.class("button primary small"), .type("submit"), .form("suggestion-\(index)-use"),
                                       .aria("describedby", "suggestion-\(index)")) { words.text("item.suggestion.use") }
                                button(.class("button small"), .type("submit"), .form("suggestion-\(index)-dismiss"),
                                       .aria("describedby", "suggestion-\(index)")) { words.text("item.suggestion.dismiss") }
                            }
                        }
                    }
                }
            }
        }
    }

    /// "Read on a photo: ", before the value.
    private static func readOnKey(_ source: ReadingSource) -> String {
        switch source {
        case .photo: "item.suggestion.read-on-photo"
        case .document: "item.suggestion.read-on-receipt"
        case .asset: "item.suggestion.read-on-library"
        }
    }

    /// The forms Use and Dismiss submit, out of sight after the item's form.
    var forms: HTMLNode {
        guard canEdit, !suggestions.isEmpty else { return .empty }
        return div(.class("suggestion-forms"), .hidden) {
            for (index, suggestion) in suggestions.enumerated() {
                form(suggestion, id: "suggestion-\(index)-use", action: SuggestionRoutes.use(itemID))
                form(suggestion, id: "suggestion-\(index)-dismiss", action: SuggestionRoutes.dismiss(itemID))
            }
        }
    }

    private func form(_ suggestion: SuggestionEntryModel, id: String, action: String) -> HTMLNode {
        HTML.form(.id(id), .class("suggestion-form"), .method("post"), .action(action)) {
            CSRFField(token: csrfToken).node
            input(.type("hidden"), .name("field"), .value(suggestion.field.rawValue))
            input(.type("hidden"), .name("value"), .value(suggestion.value))
            input(.type("hidden"), .name("version"), .value(version.map(String.init) ?? ""))
        }
    }

    /// The part of the photo the value was read on (with a margin), drawn from its screen rendition.
    private func crop(_ suggestion: SuggestionEntryModel) -> HTMLNode {
        guard let photo = suggestion.photo, let region = suggestion.region else { return .empty }
        let (width, height) = (Double(photo.width), Double(photo.height))
        let margin = 0.15 * max(region.width * width, region.height * height)
        let x = max(0, region.x * width - margin), y = max(0, region.y * height - margin)
        let box = (width: min(width - x, region.width * width + 2 * margin), height: min(height - y, region.height * height + 2 * margin))
        return .element("svg", [.class("suggestion-crop"), .role("img"), .aria("label", words.text("item.suggestion.where")),
                                .viewBox(x: x.rounded(), y: y.rounded(), width: max(1, box.width.rounded()), height: max(1, box.height.rounded()))],
                        children: [.element("image", [.href(photo.screenURL), .width(photo.width), .height(photo.height)], children: [])])
    }
}
