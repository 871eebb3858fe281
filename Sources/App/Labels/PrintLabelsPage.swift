import HTML
import Inventory

/// The items ticked in the list's Select mode, and the Print a Label form for all of their labels.
struct PrintLabelsPage {
    let ids: [Item.ID]
    let names: [String]
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("label.bulk.title", ["count": .count(names.count)]), context: context, pageClass: "confirm",
                   bar: TopBar(back: (label: context.text("item.delete.back"), url: ItemRoutes.selecting()), title: context.text("label.bulk.bar")),
                   content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("narrow print-labels")) {
            div(.class("card print-label")) {
                h2 { context.text("label.bulk.count", ["count": .count(names.count)]) }
                BulkDeletePage.list(names, words: context.localizer)
            }
            PrintLabelForm(parameter: "items", id: ids.map(String.init).joined(separator: ","),
                           heading: names.count == 1 ? nil : context.text("label.bulk.heading", ["count": .count(names.count)]),
                           buttonTitle: names.count == 1 ? nil : context.text("label.bulk.button"), words: context.localizer).node
        }
    }
}
