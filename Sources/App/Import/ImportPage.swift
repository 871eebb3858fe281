import HTML
import HTTPServer
import Inventory

/// `/import`: choose a file to preview (a Homebox backup zip or CSV/TSV export, or our own export);
/// after an import, what it did.
struct ImportPage {
    /// What the last import did, when the page follows one.
    let outcome: ImportOutcome?
    /// Why the last upload was not taken.
    let error: String?
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Import", context: context, pageClass: "import",
                   bar: TopBar(back: (label: "Items", url: SiteRoutes.home), title: "Import"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("import-layout")) {
            if let outcome {
                div(.class("notice success"), .role("status")) {
                    p { outcome.sentence }
                    p { a(.href(SiteRoutes.home)) { "See your items" } }
                }
            }
            HTML.form(.class("card import-card"), .method("post"), .action(ImportRoutes.start.url()), .enctype("multipart/form-data")) {
                CSRFField(token: context.csrfToken).node
                h2 { "Import from Homebox" }
                p(.class("muted")) {
                    "Bring everything from Homebox v0.26 and later with its backup: Tools → Backup & Restore → Start Backup, then Download. "
                    "From any version, export the items as CSV: Tools (Items in older versions) → Import/Export → Export. "
                    "Choose that file here: you see what it holds before anything is saved."
                }
                let controls = FormControls(errors: error.map { ValidationError(errors: [FieldError(field: "file", message: $0)]) }, idPrefix: "import")
                controls.field("Homebox backup (.zip), CSV or TSV file", name: "file",
                               hint: "Files from every Homebox version work. A Homepwner export (.zip) is imported here too, into an empty inventory. "
                                   + "Up to \(ByteCountFormatting.describe(ImportUpload.maxRequestBytes)).") { id, describedBy in
                    var attributes: [Attribute] = [.id(id), .name("file"), .type("file"), .required,
                                                   .accept(".csv,.tsv,.txt,.zip,text/csv,text/tab-separated-values,text/plain,application/zip")]
                    if let describedBy { attributes.append(.aria("describedby", describedBy)) }
                    if error != nil { attributes.append(.aria("invalid", "true")) }
                    return .element("input", attributes, isVoid: true)
                }
                div(.class("form-actions")) { button(.class("button primary"), .type("submit")) { "Preview" } }
            }
            section(.class("card import-card"), .aria("labelledby", "import-how")) {
                h2(.id("import-how")) { "What happens" }
                ul(.class("import-facts")) {
                    li { "Nothing is saved until you press Import on the preview, and then all of it is, or none." }
                    li { "Places (such as “Home / Garage”) and tags are made as needed; existing ones are used whatever their case." }
                    li { "A backup brings each item’s photos, and its receipts, manuals and warranties as documents; photos and files of places are not kept." }
                    li { "Importing the same file again updates the items it made instead of adding them twice." }
                    li { "A column the file lacks never empties a field; an empty cell does." }
                    li { "Amounts are read in this inventory’s currency. Insured, archived and asset id become custom fields." }
                }
            }
        }
    }
}
