import HTML
import Inventory

/// A location as the pages show it.
struct LocationRowModel: Sendable {
    let id: Location.ID
    let name: String
    let path: String
    let depth: Int
    let itemCount: Int
    let url: String
    var isBox = false
}

/// `/locations`: every place, as a tree, and a form to add one.
struct LocationListPage {
    let locations: [LocationRowModel]
    let form: LocationForm
    let errors: ValidationError?
    let context: PageContext

    func document() -> HTMLDocument {
        // Moving from Homebox starts with its places: the import makes them.
        let importLink = context.canEdit ? [a(.class("bar-button"), .href(ImportRoutes.start.url())) { "Import" }] : []
        return PageLayout(title: "Places", context: context, pageClass: "locations",
                          bar: TopBar(back: (label: "Items", url: ItemRoutes.listByRoom()), title: "Places",
                                      trailing: importLink + [a(.class("bar-button"), .href(ExportRoutes.page.url())) { "Export" }]),
                          content: content).document()
    }

    private var content: HTMLNode {
        div(.class("locations-layout")) {
            if context.canEdit {
                HTML.form(.class("card location-form"), .method("post"), .action(LocationRoutes.list.url()), .novalidate) {
                    CSRFField(token: context.csrfToken).node
                    h2 { "Add a place" }
                    p(.class("muted")) { "A home, a floor, a room, a cupboard or a box: anything that holds things." }
                    if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
                    let controls = FormControls(errors: errors, idPrefix: "location")
                    div(.class("field-row")) {
                        controls.text("Name", name: "name", value: form.name, extra: [.maxlength(LocationInput.maxNameLength), .autocomplete("off"),
                                                                                     .placeholder("Kitchen"), .required])
                        controls.choice("Inside", name: "parentId", selected: form.parentID, options: LocationChoices.options(locations))
                    }
                    controls.checkbox(BoxWording.checkbox, name: "isBox", isOn: form.isBox)
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Add" } }
                }
            }
            if locations.isEmpty {
                div(.class("empty-state")) {
                    h2 { "No places yet" }
                    p { "Add your home, then its rooms, so every item can say where it is — the first thing an adjuster asks." }
                }
            } else {
                ol(.class("location-list card"), .aria("label", "Places")) {
                    for location in locations {
                        li(.class("location-row"), .id("location-\(location.id)"), .data("depth", String(min(location.depth, 6)))) {
                            a(.class("location-link"), .href(location.url), .aria("label", location.isBox ? "\(location.path), a box" : location.path)) { location.name }
                            if location.isBox { span(.class("box-badge"), .aria("hidden", "true")) { "Box" } }
                            span(.class("location-count")) { location.itemCount == 1 ? "1 item" : "\(location.itemCount) items" }
                        }
                    }
                }
            }
        }
    }
}

/// `/locations/{id}`: rename, move, notes, delete.
struct LocationEditPage {
    let location: LocationRowModel
    /// Where it may move: every place but itself and what is inside it.
    let destinations: [LocationRowModel]
    let form: LocationForm
    let errors: ValidationError?
    /// Why it could not be deleted, when that was tried.
    let refusal: String?
    /// Its videos, with a form to upload another.
    let walkthroughs: WalkthroughSection
    let context: PageContext
    /// Photos from walking this place still to name.
    var draftCount = 0
    /// "Move this box", when it is one.
    var boxMove: BoxMoveForm?

    func document() -> HTMLDocument {
        PageLayout(title: location.name, context: context, pageClass: "location",
                   bar: TopBar(back: (label: "Places", url: LocationRoutes.list.url()), title: location.name), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("locations-layout")) {
            nav(.class("place-capture"), .aria("label", "Capture")) {
                if context.canEdit { a(.class("button primary"), .href(DraftRoutes.walk(location.id))) { "Walk This Room" } }
                a(.class("button drafts-link"), .href(DraftRoutes.list(in: location.id))) { "Drafts (\(draftCount.grouped))" }
            }
            HTML.form(.class("card location-form"), .method("post"), .action(location.url), .novalidate) {
                CSRFField(token: context.csrfToken).node
                if errors != nil { p(.class("form-error"), .role("alert")) { "Check the fields marked below; nothing was saved." } }
                let controls = FormControls(errors: errors, idPrefix: "location")
                controls.text("Name", name: "name", value: form.name, extra: [.maxlength(LocationInput.maxNameLength), .autocomplete("off"), .required])
                controls.choice("Inside", name: "parentId", selected: form.parentID, options: LocationChoices.options(destinations))
                controls.textArea("Notes", name: "notes", value: form.notes, maxLength: LocationInput.maxNotesLength)
                controls.checkbox(BoxWording.checkbox, name: "isBox", isOn: form.isBox)
                p(.class("muted")) { location.itemCount == 1 ? "Holds 1 item." : "Holds \(location.itemCount) items." }
                if context.canEdit {
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Save" } }
                }
            }
            if let boxMove, context.canEdit { boxMove.node }
            walkthroughs.node
            PrintLabelForm(parameter: "locations", id: String(location.id)).node
            if context.canEdit {
                HTML.form(.class("danger-zone"), .method("post"), .action(LocationRoutes.delete(location.id))) {
                    CSRFField(token: context.csrfToken).node
                    if let refusal { p(.class("notice warning"), .role("alert")) { refusal } }
                    button(.class("button destructive"), .type("submit")) { "Delete Place" }
                }
            }
        }
    }
}

enum LocationChoices {
    /// "Top level", then every place by path.
    static func options(_ locations: [LocationRowModel]) -> [(value: String, label: String)] {
        [("", "Nowhere (top level)")] + locations.map { (String($0.id), $0.path) }
    }
}
