import HTML
import Localization
import Inventory

/// "Move this box" on a box's page: a destination chosen from the places outside it, and Move Box.
/// A plain form post; the box and everything inside it move in one change.
struct BoxMoveForm {
    let box: LocationRowModel
    /// The code printed on its label (`P01CK`).
    let code: String
    /// Every place but the box and what is inside it.
    let destinations: [LocationRowModel]
    let selected: String
    let errors: ValidationError?
    /// Where it went, just after a move.
    let movedTo: String?
    let csrfToken: String?
    /// The page's language.
    let format: DisplayFormat

    private var words: Localizer { format.words }

    var node: HTMLNode {
        HTML.form(.class("card box-move"), .id("move"), .method("post"), .action(LocationRoutes.move(box.id)), .novalidate,
                  .aria("labelledby", "move-title")) {
            CSRFField(token: csrfToken).node
            h2(.id("move-title")) { words.text("place.edit.move-title") }
            if let movedTo {
                p(.class("notice success"), .role("status")) {
                    movedTo.isEmpty ? words.text("place.edit.moved-top", ["code": .text(code)])
                        : words.text("place.edit.moved", ["code": .text(code), "place": .text(movedTo)])
                }
            }
            if errors != nil { p(.class("form-error"), .role("alert")) { words.text("place.edit.move-refused") } }
            p(.class("muted")) { words.text("place.edit.move-text") }
            let controls = FormControls(errors: errors, idPrefix: "move", format: format)
            controls.choice(words.text("place.edit.move-to"), name: "parentId", selected: selected,
                            options: LocationChoices.options(destinations, topLevel: words.text("item.place-picker.top-level")))
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { words.text("place.edit.move-button") } }
        }
    }
}
