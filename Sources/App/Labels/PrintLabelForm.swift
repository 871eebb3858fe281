import ClaimReport
import HTML

/// "Print Label" on a place's or an item's page: a plain GET form to the label sheet (it works
/// without scripts; the PDF opens in the browser's viewer), with the stock and the first free label.
struct PrintLabelForm {
    /// `locations` or `items`: the sheet's parameter naming this place or item.
    let parameter: String
    /// One id, or several separated by commas.
    let id: String
    var heading = "Print a Label"
    var buttonTitle = "Print Label"

    static let stockNames: [(stock: LabelStock, label: String)] = [
        (.averyL7160, "Avery L7160 — A4, 21 a sheet"),
        (.averyL7163, "Avery L7163 — A4, 14 a sheet"),
        (.avery5160, "Avery 5160 — Letter, 30 a sheet"),
        (.avery5163, "Avery 5163 — Letter, 10 a sheet"),
        (.tape62, "62 mm tape"),
        (.tape29, "29 mm tape"),
    ]

    var node: HTMLNode {
        HTML.form(.class("card print-label"), .method("get"), .action(LabelRoutes.apiSheet.url())) {
            h2 { heading }
            HTMLNode.element("input", [.type("hidden"), .name(parameter), .value(id)], isVoid: true)
            let controls = FormControls(errors: nil, idPrefix: "label")
            controls.choice("Label stock", name: "stock", selected: LabelStock.averyL7160.rawValue,
                            options: Self.stockNames.map { ($0.stock.rawValue, $0.label) })
            controls.text("Start at label", name: "start", value: "1", type: "number",
                          hint: "On a sheet already partly used: the first unused label, counted across then down.", extra: [.min(1), .max(30)])
            div(.class("form-actions")) { button(.class("button"), .type("submit")) { buttonTitle } }
        }
    }
}
