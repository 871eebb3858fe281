import Accounts
import Backup
import Foundation
import Localization

extension BackupIndexWords {
    /// A backup's `index.html` words in `words`' language (`files.backup.<key>`), its counts with the
    /// language's plurals (`files.backup.count.<noun>`) and its amounts in the language's format.
    init(_ words: Localizer) {
        var filled: [String: String] = [:]
        for (key, english) in Self.english {
            let names = english.matches(of: /\{([a-z]+)\}/).map { String($0.output.1) }
            filled[key] = words.text("files.backup." + key, Dictionary(names.map { ($0, MessageArgument.text("{\($0)}")) }) { first, _ in first })
        }
        let format = DisplayFormat(words: words)
        self.init(words: filled, count: { noun, count in words.text("files.backup.count." + noun, ["count": .count(count)]) },
                  money: { format.exactMoney($0, in: $1) })
        language = words.language.tag
        isRightToLeft = words.language.isRightToLeft
    }

    /// The household's words: the language of the first owner who chose one (a backup is the
    /// household's, not one reader's); US English when no owner did, or there are no accounts.
    static func household(_ accounts: AccountStore) -> BackupIndexWords {
        let owners = (try? accounts.all())?.filter { $0.role == .owner }.sorted { $0.id < $1.id } ?? []
        let language = owners.lazy.compactMap { $0.language.flatMap(Localization.bundled.language(named:)) }.first
        return BackupIndexWords(Localization.bundled.localizer(for: language ?? .template))
    }
}
