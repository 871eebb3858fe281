import Foundation
import HTML
import Localization
import Synchronization

/// The words a page's scripts say (`page-words.js`), in the page's language: `#page-words`'s
/// `data-words` (the site's own, said on every page, are `#site-words`'s), each message's
/// placeholders left as `{name}` for the script to fill (the scripts have no message formatter of
/// their own, so these messages are written without plurals).
struct PageWords {
    /// The messages whose keys start with `prefix`, and `keys` besides.
    let prefix: String
    var keys: [String] = []
    let words: Localizer
    var id = "page-words"

    var node: HTMLNode {
        div(.id(id), .hidden, .data("words", json)) {}
    }

    /// The messages as JSON, made once per language and set of keys: the catalogues do not change
    /// while the server runs, and every translated page carries the site's.
    private var json: String {
        let cacheKey = "\(words.language.tag)\u{0}\(prefix)\u{0}" + keys.joined(separator: "\u{0}")
        if let made = Self.made.withLock({ $0[cacheKey] }) { return made }
        let template = Localization.bundled.template
        let keys = template.patterns.keys.filter { $0.hasPrefix(prefix) }.sorted() + keys
        let texts = Dictionary(keys.map { key in
            let placeholders = template.placeholders(of: key) ?? []
            return (key, words.text(key, Dictionary(uniqueKeysWithValues: placeholders.map { ($0, MessageArgument.text("{\($0)}")) })))
        }, uniquingKeysWith: { first, _ in first })
        let json = (try? JSONSerialization.data(withJSONObject: texts, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        Self.made.withLock { $0[cacheKey] = json }
        return json
    }

    private static let made = Mutex<[String: String]>([:])
}
