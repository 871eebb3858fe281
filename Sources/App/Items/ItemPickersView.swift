import HTML
import Inventory

/// The location and tag pickers of the item form: popovers anchored to their field at regular
/// width, full-screen sheets at compact width (like the photo picker). The field itself (a choice,
/// a text) stays the form's value, so without scripts the form works as it is.
struct LocationPickerView {
    let locations: [(id: Location.ID, path: String)]
    let newPlaceAPI: String

    var node: HTMLNode {
        div(.id("location-picker"), .class("picker choice-picker"), .popover(), .role("dialog"), .aria("labelledby", "location-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("location-picker"), .popovertargetaction("hide")) { "Cancel" }
                h2(.id("location-picker-title")) { "Where It Is" }
                span {}
            }
            div(.class("picker-form")) {
                ul(.class("choice-list"), .aria("label", "Places")) {
                    li { button(.class("choice"), .type("button"), .data("value", ""), .autofocus) { "Nowhere in particular" } }
                    for location in locations {
                        let depth = location.path.components(separatedBy: " / ").count - 1
                        li {
                            button(.class("choice"), .type("button"), .data("value", String(location.id)), .data("depth", String(min(depth, 6))),
                                   .aria("label", location.path)) { location.path.components(separatedBy: " / ").last ?? location.path }
                        }
                    }
                }
                div(.class("new-choice"), .data("api", newPlaceAPI)) {
                    label(.for("new-place-name")) { "New place" }
                    div(.class("new-choice-row")) {
                        HTMLNode.element("input", [.type("text"), .id("new-place-name"), .maxlength(200), .autocomplete("off"), .placeholder("Kitchen")], isVoid: true)
                        button(.class("button small primary"), .type("button"), .data("action", "add-place")) { "Add" }
                    }
                    label(.for("new-place-parent")) { "Inside" }
                    HTMLNode.element("select", [.id("new-place-parent")], children: [.element("option", [.value("")], children: [.text("Nowhere (top level)")])]
                                     + locations.map { .element("option", [.value(String($0.id))], children: [.text($0.path)]) })
                }
                p(.class("picker-error"), .role("alert")) {}
            }
        }
    }
}

struct TagPickerView {
    let tags: [String]

    var node: HTMLNode {
        div(.id("tag-picker"), .class("picker choice-picker"), .popover(), .role("dialog"), .aria("labelledby", "tag-picker-title")) {
            header(.class("sheet-bar picker-bar")) {
                button(.class("bar-button"), .type("button"), .popovertarget("tag-picker"), .popovertargetaction("hide")) { "Done" }
                h2(.id("tag-picker-title")) { "Tags" }
                span {}
            }
            div(.class("picker-form")) {
                ul(.class("choice-list tag-choices"), .aria("label", "Tags in use")) {
                    for tag in tags {
                        li { button(.class("choice"), .type("button"), .data("tag", tag), .aria("pressed", "false")) { tag } }
                    }
                }
                div(.class("new-choice")) {
                    label(.for("new-tag-name")) { "New tag" }
                    div(.class("new-choice-row")) {
                        HTMLNode.element("input", [.type("text"), .id("new-tag-name"), .maxlength(50), .autocomplete("off"), .placeholder("insured")], isVoid: true)
                        button(.class("button small primary"), .type("button"), .data("action", "add-tag")) { "Add" }
                    }
                }
            }
        }
    }
}
