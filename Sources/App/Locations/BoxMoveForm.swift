import HTML
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

    var node: HTMLNode {
        HTML.form(.class("card box-move"), .id("move"), .method("post"), .action(LocationRoutes.move(box.id)), .novalidate,
                  .aria("labelledby", "move-title")) {
            CSRFField(token: csrfToken).node
            h2(.id("move-title")) { "Move this box" }
            if let movedTo { p(.class("notice success"), .role("status")) { "Box \(code) moved to \(movedTo.isEmpty ? "the top level" : movedTo), with everything inside." } }
            if errors != nil { p(.class("form-error"), .role("alert")) { "The box was not moved: see below." } }
            p(.class("muted")) {
                "Everything inside goes with it: its items and the boxes in it. Each item keeps the room it was packed from."
            }
            let controls = FormControls(errors: errors, idPrefix: "move")
            controls.choice("Move to", name: "parentId", selected: selected, options: LocationChoices.options(destinations))
            div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Move Box" } }
        }
    }
}
