import HTML
import HTTPServer
import Inventory
import Messages

/// `/import`: choose a file to preview (a Homebox backup zip or CSV/TSV export, or our own export);
/// after an import, what it did.
struct ImportPage {
    /// What the last import did, when the page follows one.
    let outcome: ImportOutcome?
    /// Why the last upload was not taken.
    let error: Message?
    let context: PageContext

    func document() -> HTMLDocument {
        let title = context.text("files.import-page.title")
        return PageLayout(title: title, context: context, pageClass: "import",
                          bar: TopBar(back: (label: context.text("item.list.title"), url: SiteRoutes.home), title: title),
                          content: content(context), translated: true).document()
    }

    private func content(_ context: PageContext) -> HTMLNode {
        div(.class("import-layout")) {
            if let outcome {
                div(.class("notice success"), .role("status")) {
                    p { context.text(outcome.wording) }
                    p { a(.href(SiteRoutes.home)) { context.text("files.import-page.see-items") } }
                }
            }
            HTML.form(.class("card import-card"), .method("post"), .action(ImportRoutes.start.url()), .enctype("multipart/form-data")) {
                CSRFField(token: context.csrfToken).node
                h2 { context.text("files.import-page.heading") }
                p(.class("muted")) { context.text("files.import-page.intro") }
                let controls = FormControls(errors: error.map { ValidationError(errors: [FieldError(field: "file", $0)]) }, idPrefix: "import", format: context.format)
                controls.field(context.text("files.import-page.file"), name: "file",
                               hint: context.text("files.import-page.file-hint", ["size": .text(ByteCountFormatting.describe(ImportUpload.maxRequestBytes))])) { id, describedBy in
                    var attributes: [Attribute] = [.id(id), .name("file"), .type("file"), .required,
                                                   .accept(".csv,.tsv,.txt,.zip,text/csv,text/tab-separated-values,text/plain,application/zip")]
                    if let describedBy { attributes.append(.aria("describedby", describedBy)) }
                    if error != nil { attributes.append(.aria("invalid", "true")) }
                    return .element("input", attributes, isVoid: true)
                }
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { context.text("files.import-page.preview") } }
            }
            section(.class("card import-card"), .aria("labelledby", "import-how")) {
                h2(.id("import-how")) { context.text("files.import-page.how") }
                ul(.class("import-facts")) {
                    for fact in ["all-or-none", "places", "backup", "again", "columns", "amounts"] { li { context.text("files.import-page.fact." + fact) } }
                }
            }
        }
    }
}
