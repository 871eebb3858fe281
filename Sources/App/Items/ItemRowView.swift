import HTML
import Inventory
import Localization

/// What one row of the item list shows, as plain values.
struct ItemRowModel: Sendable {
    let id: Item.ID
    let name: String
    let serialNumber: String
    /// `$1,899`, `1.899 €`: in the page's language.
    let valueText: String
    /// Green at 50 (dollars, euros…) or more, red below (as in the seed).
    let isValuable: Bool
    /// What the colour means in words: "$50 or more", "Unter 50 €".
    let valueTitle: String
    /// "Sold", "Lost"…: shown when the list includes items no longer owned.
    let disposedText: String?
    let position: Int
    let isFirst: Bool
    let isLast: Bool
    let detailURL: String
    let moveURL: String
    let deleteURL: String
    /// The item and its move in the JSON API, for the edit mode's script.
    let apiURL: String
    let apiMoveURL: String
    /// The photo, when the item has one.
    let photo: PhotoModel?
}

/// A photo as views show it: plain URLs and the upright size.
struct PhotoModel: Sendable {
    let thumbnailSourceSet: [(url: String, descriptor: String)]
    let thumbnailURL: String
    let screenURL: String
    let originalURL: String
    let width: Int
    let height: Int
}

/// One row of the item list: thumbnail, name, serial number, value; in edit mode, move and delete
/// controls. The row knows nothing of stores or routes beyond the URLs it is given. Icons come from
/// CSS, so a list of thousands of rows stays small.
struct ItemRowView {
    let row: ItemRowModel
    let editing: Bool
    /// A box to tick, for the Select mode's form.
    var selecting = false
    /// The page's language: what a screen reader hears of the row's controls.
    let words: Localizer

    init(row: ItemRowModel, editing: Bool, selecting: Bool = false, words: Localizer) {
        self.row = row
        self.editing = editing
        self.selecting = selecting
        self.words = words
    }

    private func say(_ key: String) -> String { words.text("item.row." + key, ["name": .text(row.name)]) }

    var node: HTMLNode {
        var attributes: [Attribute] = [.class("item-row"), .id("item-\(row.id)"), .data("id", String(row.id)), .data("position", String(row.position))]
        if editing { attributes += [.data("api", row.apiURL), .data("api-move", row.apiMoveURL)] }
        return .element("li", attributes, children: [
            selecting ? HTMLNode.element("input", [.type("checkbox"), .class("select-box"), .name("ids"), .value(String(row.id)), .form("bulk-form"),
                                                   .aria("label", say("select"))], isVoid: true) : .fragment([]),
            thumbnail,
            div(.class("item-text")) {
                a(.class("item-link"), .href(row.detailURL)) { row.name }
                if !row.serialNumber.isEmpty {
                    // A serial number is a code, read left to right on an Arabic page too.
                    span(.class("item-serial"), .dir("ltr")) { row.serialNumber }
                }
                if let disposed = row.disposedText {
                    span(.class("item-disposed")) { disposed }
                }
            },
            span(.class(row.isValuable ? "item-value valuable" : "item-value modest"),
                 .title(row.valueTitle)) { row.valueText },
            editing ? editControls : .fragment([]),
        ])
    }

    /// A photo's thumbnail is a button that shows it in the page's photo popover; the page's script
    /// decides what that means (the row only carries the URLs). Without a photo, a placeholder.
    private var thumbnail: HTMLNode {
        guard let photo = row.photo else { return span(.class("thumbnail placeholder")) {} }
        return button(.class("thumbnail"), .type("button"), .popovertarget("photo-popover"),
                      .data("screen", photo.screenURL), .data("width", String(photo.width)), .data("height", String(photo.height)),
                      .aria("label", say("show-photo")), .data("alt", words.text("item.photo.alt", ["name": .text(row.name)]))) {
            img(.src(photo.thumbnailURL), .srcset(photo.thumbnailSourceSet), .width(40), .height(40), .alt(""),
                .loading("lazy"), .decoding("async"))
        }
    }

    /// Move buttons submit the page's one `move-form` with their own action and position.
    private var editControls: HTMLNode {
        div(.class("edit-controls")) {
            moveButton("up", to: row.position - 1, disabled: row.isFirst)
            moveButton("down", to: row.position + 1, disabled: row.isLast)
            span(.class("drag-handle"), .title(words.text("item.row.drag"))) {}
            a(.class("delete-button"), .href(row.deleteURL), .data("action", "delete"), .title(words.text("common.delete")), .aria("label", say("delete"))) {}
        }
    }

    private func moveButton(_ direction: String, to position: Int, disabled: Bool) -> HTMLNode {
        var attributes: [Attribute] = [
            .class("move-button move-\(direction)"), .type("submit"), .form("move-form"), .formaction(row.moveURL),
            .name("position"), .value(String(position)), .title(words.text("item.row.move-\(direction)")), .aria("label", say("move-\(direction)-named")),
        ]
        if disabled { attributes.append(.disabled) }
        return .element("button", attributes)
    }
}
