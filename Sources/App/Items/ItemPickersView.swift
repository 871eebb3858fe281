import HTML
import Inventory
import Localization

/// The location and tag pickers of the item form: popovers anchored to their field at regular
/// width, full-screen sheets at compact width (like the photo picker). The field itself (a choice,
/// a text) stays the form's value, so without scripts the form works as it is.
struct LocationPickerView {
    let locations: [(id: Location.ID, path: String)]
    let newPlaceAPI: String
    let words: Localizer

    var node: HTMLNode {
        div(.id("location-picker"), .class("picker choice-picker"), .popover(), .role("dialog"), .aria("labelledby", "location-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("location-picker"), .popovertargetaction("hide")) { words.text("common.cancel") }
                h2(.id("location-picker-title")) { words.text("item.place-picker.title") }
                span {}
            }
            div(.class("picker-form")) {
                ul(.class("choice-list"), .aria("label", words.text("item.list.places"))) {
                    li { button(.class("choice"), .type("button"), .data("value", ""), .autofocus) { words.text("item.field.nowhere") } }
                    for location in locations {
                        let depth = location.path.components(separatedBy: " / ").count - 1
                        li {
                            button(.class("choice"), .type("button"), .data("value", String(location.id)), .data("depth", String(min(depth, 6))),
                                   .aria("label", location.path)) { location.path.components(separatedBy: " / ").last ?? location.path }
                        }
                    }
                }
                div(.class("new-choice"), .data("api", newPlaceAPI)) {
                    label(.for("new-place-name")) { words.text("item.place-picker.new") }
                    div(.class("new-choice-row")) {
                        HTMLNode.element("input", [.type("text"), .id("new-place-name"), .maxlength(200), .autocomplete("off"), .placeholder(words.text("item.place-picker.placeholder"))], isVoid: true)
                        button(.class("button small primary"), .type("button"), .data("action", "add-place")) { words.text("item.picker.add") }
                    }
                    label(.for("new-place-parent")) { words.text("item.place-picker.inside") }
                    HTMLNode.element("select", [.id("new-place-parent")], children: [.element("option", [.value("")], children: [.text(words.text("item.place-picker.top-level"))])]
                                     + locations.map { .element("option", [.value(String($0.id))], children: [.text($0.path)]) })
                }
                p(.class("picker-error"), .role("alert")) {}
            }
        }
    }
}

struct TagPickerView {
    let tags: [String]
    let words: Localizer

    var node: HTMLNode {
        div(.id("tag-picker"), .class("picker choice-picker"), .popover(), .role("dialog"), .aria("labelledby", "tag-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("tag-picker"), .popovertargetaction("hide")) { words.text("common.done") }
                h2(.id("tag-picker-title")) { words.text("item.field.tags") }
                span {}
            }
            div(.class("picker-form")) {
                ul(.class("choice-list tag-choices"), .aria("label", words.text("item.tag-picker.in-use"))) {
                    for tag in tags {
                        li { button(.class("choice"), .type("button"), .data("tag", tag), .aria("pressed", "false")) { tag } }
                    }
                }
                div(.class("new-choice")) {
                    label(.for("new-tag-name")) { words.text("item.tag-picker.new") }
                    div(.class("new-choice-row")) {
                        HTMLNode.element("input", [.type("text"), .id("new-tag-name"), .maxlength(50), .autocomplete("off"), .placeholder(words.text("item.tag-picker.placeholder"))], isVoid: true)
                        button(.class("button small primary"), .type("button"), .data("action", "add-tag")) { words.text("item.picker.add") }
                    }
                }
            }
        }
    }
}
