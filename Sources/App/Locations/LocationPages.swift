import HTML
import Messages
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
        let importLink = context.canEdit ? [a(.class("bar-button"), .href(ImportRoutes.start.url())) { context.text("place.list.import") }] : []
        let title = context.text("item.list.places")
        return PageLayout(title: title, context: context, pageClass: "locations",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: ItemRoutes.listByRoom()), title: title,
                                      trailing: importLink + [a(.class("bar-button"), .href(ExportRoutes.page.url())) { context.text("place.list.export") }]),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("locations-layout")) {
            if context.canEdit {
                HTML.form(.class("card location-form"), .method("post"), .action(LocationRoutes.list.url()), .novalidate) {
                    CSRFField(token: context.csrfToken).node
                    h2 { context.text("place.list.add-title") }
                    p(.class("muted")) { context.text("place.list.add-text") }
                    if errors != nil { p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") } }
                    let controls = FormControls(errors: errors, idPrefix: "location", format: context.format)
                    div(.class("field-row")) {
                        controls.text(context.text("item.field.name"), name: "name", value: form.name,
                                      extra: [.maxlength(LocationInput.maxNameLength), .autocomplete("off"),
                                              .placeholder(context.text("item.place-picker.placeholder")), .required])
                        controls.choice(context.text("item.place-picker.inside"), name: "parentId", selected: form.parentID,
                                        options: LocationChoices.options(locations, topLevel: context.text("item.place-picker.top-level")))
                    }
                    controls.checkbox(context.text("place.list.is-box"), name: "isBox", isOn: form.isBox)
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("item.picker.add") } }
                }
            }
            if locations.isEmpty {
                div(.class("empty-state")) {
                    h2 { context.text("place.list.empty-title") }
                    p { context.text("place.list.empty-text") }
                }
            } else {
                ol(.class("location-list card"), .aria("label", context.text("item.list.places"))) {
                    for location in locations {
                        li(.class("location-row"), .id("location-\(location.id)"), .data("depth", String(min(location.depth, 6)))) {
                            a(.class("location-link"), .href(location.url),
                              .aria("label", location.isBox ? context.text("place.list.box-label", ["path": .text(location.path)]) : location.path)) { location.name }
                            if location.isBox { span(.class("box-badge"), .aria("hidden", "true")) { context.text("place.list.box") } }
                            span(.class("location-count")) { context.text("item.list.count", ["count": .count(location.itemCount)]) }
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
    let refusal: Message?
    /// Its videos, with a form to upload another.
    let walkthroughs: WalkthroughSection
    let context: PageContext
    /// Photos from walking this place still to name.
    var draftCount = 0
    /// "Move this box", when it is one.
    var boxMove: BoxMoveForm?

    func document() -> HTMLDocument {
        PageLayout(title: location.name, context: context, pageClass: "location",
                   bar: TopBar(back: (label: context.text("item.list.places"), url: LocationRoutes.list.url()), title: location.name), content: content,
                   translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("locations-layout")) {
            nav(.class("place-capture"), .aria("label", context.text("place.page.capture"))) {
                if context.canEdit { a(.class("button primary"), .href(DraftRoutes.walk(location.id))) { context.text("place.page.walk") } }
                a(.class("button drafts-link"), .href(DraftRoutes.list(in: location.id))) { context.text("place.page.drafts", ["count": .count(draftCount)]) }
            }
            HTML.form(.class("card location-form"), .method("post"), .action(location.url), .novalidate) {
                CSRFField(token: context.csrfToken).node
                if errors != nil { p(.class("form-error"), .role("alert")) { context.text("item.detail.check-fields") } }
                let controls = FormControls(errors: errors, idPrefix: "location", format: context.format)
                controls.text(context.text("item.field.name"), name: "name", value: form.name,
                              extra: [.maxlength(LocationInput.maxNameLength), .autocomplete("off"), .required])
                controls.choice(context.text("item.place-picker.inside"), name: "parentId", selected: form.parentID,
                                options: LocationChoices.options(destinations, topLevel: context.text("item.place-picker.top-level")))
                controls.textArea(context.text("item.field.notes"), name: "notes", value: form.notes, maxLength: LocationInput.maxNotesLength)
                controls.checkbox(context.text("place.list.is-box"), name: "isBox", isOn: form.isBox)
                p(.class("muted")) { context.text("place.edit.holds", ["count": .count(location.itemCount)]) }
                if context.canEdit {
                    div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("item.detail.save") } }
                }
            }
            if let boxMove, context.canEdit { boxMove.node }
            walkthroughs.node
            PrintLabelForm(parameter: "locations", id: String(location.id), words: context.localizer).node
            if context.canEdit {
                HTML.form(.class("danger-zone"), .method("post"), .action(LocationRoutes.delete(location.id))) {
                    CSRFField(token: context.csrfToken).node
                    if let refusal { p(.class("notice warning"), .role("alert")) { context.text(refusal) } }
                    button(.class("button destructive"), .type("submit")) { context.text("place.edit.delete") }
                }
            }
        }
    }
}

enum LocationChoices {
    /// "Top level" (in the page's words, when it has them), then every place by path.
    static func options(_ locations: [LocationRowModel], topLevel: String = "Nowhere (top level)") -> [(value: String, label: String)] {
        [("", topLevel)] + locations.map { (String($0.id), $0.path) }
    }
}
