import HTML
import Inventory

/// `/export`: the two exports, each with what it is for.
struct ExportPage {
    let itemCount: Int
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Export", context: context, pageClass: "export",
                   bar: TopBar(back: (label: "Places", url: LocationRoutes.list.url()), title: "Export"), content: content).document()
    }

    private var content: HTMLNode {
        div(.class("export-layout")) {
            p(.class("muted export-count")) { itemCount == 1 ? "1 item to export." : "\(itemCount.grouped) items to export." }
            section(.class("card export-option"), .aria("labelledby", "export-homepwner-title")) {
                h2(.id("export-homepwner-title")) { "Everything, for safekeeping" }
                p {
                    "One zip with every item and field, places, tags, each photo’s original and every receipt or manual. "
                    "Keep it somewhere outside your home; Homepwner can import it again into a new data folder, nothing lost."
                }
                a(.class("button primary"), .id("export-homepwner"), .href(ExportRoutes.download(.homepwner))) { "Download Export (.zip)" }
            }
            section(.class("card export-option"), .aria("labelledby", "export-homebox-title")) {
                h2(.id("export-homebox-title")) { "For Homebox or a spreadsheet" }
                p {
                    "A CSV that Homebox (any version since v0.10) imports as it is, one row per item with places and tags; "
                    "our other fields become Homebox custom fields. Photos and documents are not in it, and texts longer than Homebox keeps are shortened."
                }
                a(.class("button"), .id("export-homebox"), .href(ExportRoutes.download(.homeboxCSV))) { "Download Homebox CSV" }
            }
        }
    }
}
