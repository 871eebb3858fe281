import HTML
import Localization

/// One location's part of the list grouped by room: its path, its total, its rows.
struct ItemSectionModel: Sendable {
    let title: String
    let totalText: String
    let rows: [ItemRowModel]
}

struct ItemSectionView {
    let section: ItemSectionModel
    let index: Int
    let words: Localizer

    var node: HTMLNode {
        let headingID = "section-\(index)"
        return HTML.section(.class("item-section"), .aria("labelledby", headingID)) {
            h2(.class("section-header"), .id(headingID)) {
                span(.class("section-name")) { section.title }
                span(.class("section-total")) { section.totalText }
            }
            ol(.class("item-list")) {
                for row in section.rows { ItemRowView(row: row, editing: false, words: words).node }
            }
        }
    }
}
