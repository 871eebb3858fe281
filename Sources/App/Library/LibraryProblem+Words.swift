import Localization
import PhotoLibrary

extension LibraryProblem {
    /// `headline` in `words`' language.
    func headline(words: Localizer) -> String {
        switch self {
        case .permissionDenied: words.text("library.problem.denied")
        case .missing: words.text("library.problem.missing")
        case .notADirectory: words.text("library.problem.not-a-folder")
        case .unknown: words.text("library.problem.unknown")
        case .unreadablePhoto: words.text("library.variant.photo-cannot-be-shown")
        }
    }

    /// `explanation` in `words`' language.
    func explanation(words: Localizer) -> String {
        switch self {
        case .permissionDenied(let path): words.text("library.problem.denied-text", ["path": .text(path)])
        case .missing(let path): words.text("library.problem.missing-text", ["path": .text(path)])
        case .notADirectory(let path): words.text("library.problem.not-a-folder-text", ["path": .text(path)])
        case .unknown(let path, let detail): words.text("library.problem.unknown-text", ["path": .text(path), "detail": .text(detail)])
        case .unreadablePhoto(let path, let detail):
            words.text("library.variant.photo-cannot-be-shown-text", ["path": .text(path), "detail": .text(DisplayFormat(words: words).text(detail.wording))])
        }
    }
}
