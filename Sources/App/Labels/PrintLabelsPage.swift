import HTML
import Inventory

/// The items ticked in the list's Select mode, and the Print a Label form for all of their labels.
struct PrintLabelsPage {
    let ids: [Item.ID]
    let names: [String]
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Print \(names.count) labels", context: context, pageClass: "confirm",
                   bar: TopBar(back: (label: "Back", url: ItemRoutes.selecting()), title: "Print Labels"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("narrow print-labels")) {
            div(.class("card print-label")) {
                h2 { names.count == 1 ? "1 label" : "\(names.count) labels" }
                BulkDeletePage.list(names)
            }
            PrintLabelForm(parameter: "items", id: ids.map(String.init).joined(separator: ","),
                           heading: names.count == 1 ? "Print a Label" : "Print \(names.count) Labels",
                           buttonTitle: names.count == 1 ? "Print Label" : "Print Labels").node
        }
    }
}
