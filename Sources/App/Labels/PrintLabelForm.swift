import ClaimReport
import HTML
import Localization

/// "Print Label" on a place's or an item's page: a plain GET form to the label sheet (it works
/// without scripts; the PDF opens in the browser's viewer), with the stock and the first free label.
struct PrintLabelForm {
    /// `locations` or `items`: the sheet's parameter naming this place or item.
    let parameter: String
    /// One id, or several separated by commas.
    let id: String
    /// The page's own heading and button; the page language's "Print a Label" and "Print Label" when not given.
    var heading: String? = nil
    var buttonTitle: String? = nil
    /// The page's language (US English on a page not translated yet).
    var words = Localization.bundled.localizer(for: .template)

    var node: HTMLNode {
        HTML.form(.class("card print-label"), .method("get"), .action(LabelRoutes.apiSheet.url())) {
            h2 { heading ?? words.text("label.print.heading") }
            HTMLNode.element("input", [.type("hidden"), .name(parameter), .value(id)], isVoid: true)
            let controls = FormControls(errors: nil, idPrefix: "label")
            controls.choice(words.text("label.print.stock"), name: "stock", selected: LabelStock.averyL7160.rawValue,
                            options: LabelStock.allCases.map { ($0.rawValue, stockName($0)) })
            controls.text(words.text("label.print.start"), name: "start", value: "1", type: "number",
                          hint: words.text("label.print.start-hint"), extra: [.min(1), .max(30)])
            div(.class("form-actions")) { button(.class("button"), .type("submit")) { buttonTitle ?? words.text("label.print.button") } }
        }
    }

    /// "Avery L7160 — A4, 21 a sheet", "62 mm tape": the product's name kept, its description in the page's language.
    private func stockName(_ stock: LabelStock) -> String {
        switch stock {
        case .averyL7160: words.text("label.print.stock-sheet", ["product": "Avery L7160", "paper": "a4", "count": 21])
        case .averyL7163: words.text("label.print.stock-sheet", ["product": "Avery L7163", "paper": "a4", "count": 14])
        case .avery5160: words.text("label.print.stock-sheet", ["product": "Avery 5160", "paper": "letter", "count": 30])
        case .avery5163: words.text("label.print.stock-sheet", ["product": "Avery 5163", "paper": "letter", "count": 10])
        case .tape62: words.text("label.print.stock-tape", ["width": "62"])
        case .tape29: words.text("label.print.stock-tape", ["width": "29"])
        }
    }
}
