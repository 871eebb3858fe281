import Foundation
import HTML
import Localization

/// The words a page's scripts say (`page-words.js`), in the page's language: `#page-words`'s
/// `data-words` (the site's own, said on every page, are `#site-words`'s), each message's
/// placeholders left as `{name}` for the script to fill (the scripts have no message formatter of
/// their own, so these messages are written without plurals).
struct PageWords {
    let keys: [String]
    let words: Localizer
    let id: String

    /// The messages whose keys start with `prefix`, and `keys` besides.
    init(prefix: String, keys: [String] = [], words: Localizer, id: String = "page-words") {
        self.keys = Localization.bundled.template.patterns.keys.filter { $0.hasPrefix(prefix) }.sorted() + keys
        self.words = words
        self.id = id
    }

    var node: HTMLNode {
        let template = Localization.bundled.template
        let texts = Dictionary(keys.map { key in
            let placeholders = template.placeholders(of: key) ?? []
            return (key, words.text(key, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, MessageArgument.text("{\($0)}")) })))
        }, uniquingKeysWith: { first, _ in first })
        let json = (try? JSONSerialization.data(withJSONObject: texts, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return div(.id(id), .hidden, .data("words", json)) {}
    }
}
