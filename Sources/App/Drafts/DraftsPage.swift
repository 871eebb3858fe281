import HTML
import Inventory

/// One draft as the Drafts page shows it: its photo and the forms that name, merge and discard it.
struct DraftCardModel: Sendable {
    let id: Item.ID
    /// "Draft 3": how the page names a draft that has no name yet.
    let label: String
    let photoURL: String?
    /// The place it was taken in, when the page shows the whole home.
    let placePath: String?
    /// What was typed, when the name was refused.
    let typedName: String
    let error: String?
}

/// `/drafts` (the whole home) and `/drafts?location=` (one place): every draft with its photo and a
/// name field; Enter saves the name and moves to the next draft (a plain form post without scripts,
/// which comes back with the next draft's field focused). A grid on an iPad, a list on a phone.
struct DraftsPage {
    let drafts: [DraftCardModel]
    /// The place the page is about; nil for the whole home.
    let place: (id: Location.ID, name: String)?
    /// The draft whose name field has the focus.
    let focus: Item.ID?
    let context: PageContext

    var title: String { place.map { context.text("drafts.title-in", ["place": .text($0.name)]) } ?? context.text("drafts.title") }

    func document() -> HTMLDocument {
        var trailing: [HTMLNode] = []
        if let place, context.canEdit { trailing.append(a(.class("bar-button"), .href(DraftRoutes.walk(place.id))) { context.text("drafts.walk-this-room") }) }
        return PageLayout(title: title, context: context, pageClass: "drafts",
                          bar: TopBar(back: place.map { (label: $0.name, url: LocationRoutes.location($0.id)) } ?? (label: context.text("item.list.title"), url: ItemRoutes.list.url()),
                                      title: title, trailing: trailing),
                          content: content, translated: true).document()
    }

    private var content: HTMLNode {
        div(.class("drafts-layout")) {
            PageWords(prefix: "drafts.script.", words: context.localizer).node
            if drafts.isEmpty {
                div(.class("empty-state"), .id("drafts-empty")) {
                    h2 { context.text("drafts.empty-title") }
                    p { context.text("drafts.empty-text") }
                    if let place, context.canEdit { a(.class("button primary"), .href(DraftRoutes.walk(place.id))) { context.text("drafts.walk-this-room") } }
                }
            } else {
                p(.class("drafts-intro"), .id("drafts-intro")) {
                    context.text("drafts.to-name", ["count": .count(drafts.count)]) + " "
                    context.text("drafts.how")
                }
                ol(.class("draft-list"), .aria("labelledby", "drafts-intro")) {
                    for draft in drafts { card(draft) }
                }
                div(.class("drafts-done"), .id("drafts-done"), .tabindex(-1), .hidden) {
                    h2 { context.text("drafts.all-named") }
                    a(.class("button"), .href(ItemRoutes.list.url())) { context.text("drafts.back-to-items") }
                }
            }
        }
    }

    private func card(_ draft: DraftCardModel) -> HTMLNode {
        let fieldID = "draft-name-\(draft.id)", errorID = "draft-error-\(draft.id)"
        return li(.class("draft-card card"), .id("draft-\(draft.id)"), .data("id", String(draft.id))) {
            if let photoURL = draft.photoURL {
                img(.class("draft-photo"), .src(photoURL), .alt(context.text("drafts.photo-of", ["draft": .text(draft.label)])), .loading("lazy"), .decoding("async"))
            }
            div(.class("draft-body")) {
                if let placePath = draft.placePath { p(.class("draft-place muted")) { placePath } }
                if context.canEdit {
                    HTML.form(.class("draft-name-form"), .method("post"), .action(DraftRoutes.name(draft.id)),
                              .data("api", ItemRoutes.apiItem(draft.id)), .novalidate) {
                        CSRFField(token: context.csrfToken).node
                        if let place { input(.type("hidden"), .name("location"), .value(String(place.id))) }
                        label(.for(fieldID)) { context.text("drafts.name-of", ["draft": .text(draft.label)]) }
                        div(.class("draft-name-row")) {
                            nameField(draft, id: fieldID, errorID: errorID)
                            button(.class("button primary"), .type("submit")) { context.text("drafts.save") }
                        }
                        p(.class("field-error draft-error"), .id(errorID), .role("alert")) { draft.error ?? "" }
                    }
                    details(.class("draft-more")) {
                        summary { context.text("drafts.merge-or-discard", ["draft": .text(draft.label)]) }
                        mergeForm(draft)
                        HTML.form(.class("draft-discard-form"), .method("post"), .action(DraftRoutes.discard(draft.id))) {
                            CSRFField(token: context.csrfToken).node
                            if let place { input(.type("hidden"), .name("location"), .value(String(place.id))) }
                            button(.class("button destructive"), .type("submit")) { context.text("drafts.discard", ["draft": .text(draft.label)]) }
                        }
                    }
                } else {
                    p { draft.label }
                }
            }
        }
    }

    private func nameField(_ draft: DraftCardModel, id: String, errorID: String) -> HTMLNode {
        var attributes: [Attribute] = [.id(id), .type("text"), .name("name"), .value(draft.typedName), .autocomplete("off"),
                                       .enterkeyhint("next"), .maxlength(ItemInput.maxNameLength), .aria("describedby", errorID),
                                       .class("draft-name")]
        if draft.error != nil { attributes.append(.aria("invalid", "true")) }
        if draft.id == focus { attributes.append(.autofocus) }
        return .element("input", attributes, isVoid: true)
    }

    /// "Same thing as" another draft: this one's photo joins it.
    private func mergeForm(_ draft: DraftCardModel) -> HTMLNode {
        let others = drafts.filter { $0.id != draft.id }
        guard !others.isEmpty else { return .empty }
        let selectID = "draft-merge-\(draft.id)"
        return HTML.form(.class("draft-merge-form"), .method("post"), .action(DraftRoutes.merge(draft.id))) {
            CSRFField(token: context.csrfToken).node
            if let place { input(.type("hidden"), .name("location"), .value(String(place.id))) }
            label(.for(selectID)) { context.text("drafts.same-as") }
            select(.id(selectID), .name("into")) {
                for other in others { option(.value(String(other.id))) { other.label } }
            }
            button(.class("button"), .type("submit")) { context.text("drafts.merge") }
        }
    }
}
