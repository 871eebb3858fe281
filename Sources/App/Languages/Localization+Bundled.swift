import Foundation
import Localization

extension Localization {
    /// The catalogues in the app bundle's `Locales/`, loaded and checked once, when the server starts
    /// (`HomepwnerApp`): a shipped catalogue that does not load is a build to fix, never a page half
    /// in one language (the catalogue tests find it first).
    static let bundled: Localization = {
        guard let folder = Bundle.module.url(forResource: "Locales", withExtension: nil) else {
            fatalError("The Locales folder is missing from the app bundle; rebuild Homepwner.")
        }
        do { return try Localization(folder: folder) } catch {
            fatalError("A message catalogue does not load: \(error)")
        }
    }()
}
