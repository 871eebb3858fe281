import CGettextPO
import Synchronization

/// libgettextpo keeps its reader's state (the error handlers, the grammar's) in globals: one read at a time.
private let reading = Mutex(())

/// One message of a PO file as GNU gettext's reader gives it.
public struct POMessage: Sendable, Equatable {
    /// `msgctxt`: the message's stable key (`item.list.title`).
    public let key: String
    /// `msgid`: the US-English text the translation was made from.
    public let source: String
    /// `msgstr`: the translation; empty when not translated yet.
    public let translation: String
    /// `#, fuzzy`: a translator's guess to check, used as gettext does: not at all.
    public let isFuzzy: Bool
    /// Whether the message has a `msgid_plural` (gettext's plurals; ours are ICU's, inside one message).
    public let hasGettextPlural: Bool
}

/// A PO file read by libgettextpo (`po_file_read`), the one owner of its `po_file_t`; its live
/// messages (not the header, not obsolete `#~` ones) copied out in file order.
final class POFile {
    private let handle: po_file_t
    let path: String

    init(path: String) throws(LocalizationError) {
        var error = [CChar](repeating: 0, count: 512)
        let handle = reading.withLock { _ in hp_po_file_read(path, &error, error.count) }
        guard let handle else {
            let text = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw LocalizationError(.unreadableFile, "\(path) cannot be read as a PO file: \(text.isEmpty ? "no reason given" : text)")
        }
        self.handle = handle
        self.path = path
    }

    deinit { po_file_free(handle) }

    var messages: [POMessage] {
        reading.withLock { _ in read() }
    }

    private func read() -> [POMessage] {
        guard let iterator = po_message_iterator(handle, nil) else { return [] }
        defer { po_message_iterator_free(iterator) }
        var messages: [POMessage] = []
        while let message = po_next_message(iterator) {
            let source = String(cString: po_message_msgid(message))
            guard po_message_is_obsolete(message) == 0, !source.isEmpty else { continue }
            messages.append(POMessage(
                key: po_message_msgctxt(message).map { String(cString: $0) } ?? "",
                source: source,
                translation: String(cString: po_message_msgstr(message)),
                isFuzzy: po_message_is_fuzzy(message) != 0,
                hasGettextPlural: po_message_msgid_plural(message) != nil
            ))
        }
        return messages
    }
}
