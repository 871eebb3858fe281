import HTML
import Localization
import Inventory

/// The library's "Taken between" form: two days, then the photos taken from the first to the last.
/// A plain GET form, so it works without scripts; in pick mode it keeps the pick.
struct LibraryDatesView {
    let query: LibraryDatesQuery
    let errors: ValidationError?
    let action: String
    let pick: LibraryPick?
    let words: Localizer

    var node: HTMLNode {
        section(.class("group-section dates-section"), .id("dates"), .aria("labelledby", "dates-title")) {
            h2(.id("dates-title"), .class("section-title")) { words.text("library.dates.title") }
            HTML.form(.method("get"), .action(action), .class("card dates-form"), .novalidate) {
                if let pick {
                    input(.type("hidden"), .name(LibraryRoutes.pickParameter), .value(String(pick.itemID)))
                    if pick.asEvidence { input(.type("hidden"), .name(LibraryPick.evidenceParameter), .value("evidence")) }
                }
                let controls = FormControls(errors: errors, idPrefix: "dates", format: DisplayFormat(words: words))
                // Sent back with a mistake, the page opens at the field to fix (below the room's events).
                let fromWrong = errors?.message(for: LibraryDatesQuery.fromField) != nil
                let toWrong = !fromWrong && errors?.message(for: LibraryDatesQuery.toField) != nil
                div(.class("field-row")) {
                    controls.text(words.text("library.dates.from"), name: LibraryDatesQuery.fromField, value: query.from, type: "date", extra: fromWrong ? [.autofocus] : [])
                    controls.text(words.text("library.dates.to"), name: LibraryDatesQuery.toField, value: query.to, type: "date", extra: toWrong ? [.autofocus] : [])
                }
                button(.class("button primary"), .type("submit")) { words.text("library.dates.show") }
            }
        }
    }
}
