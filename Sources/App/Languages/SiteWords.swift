import Foundation
import HTML
import Localization

/// The words the site's own scripts say on every page (the outbox, the offline copy, the app's
/// update notices: `site.script.…`), in the page's language, for `page-words.js`. Each placeholder
/// is left as `{name}` for the script to fill; the messages are written without plurals, as the
/// scripts have no message formatter.
struct SiteWords {
    let context: PageContext

    var node: HTMLNode {
        let template = Localization.bundled.template
        let texts = Dictionary(uniqueKeysWithValues: template.patterns.keys.filter { $0.hasPrefix("site.script.") }.map { key in
            let placeholders = template.placeholders(of: key) ?? []
            return (key, context.text(key, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, MessageArgument.text("{\($0)}")) })))
        })
        let json = (try? JSONSerialization.data(withJSONObject: texts, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return div(.id("site-words"), .hidden, .data("words", json)) {}
    }
}
