import Foundation
import Localization

extension Localization {
    /// The catalogues in the app bundle's `Locales/`: the template read when the server starts
    /// (`HomepwnerApp`), each translation when first asked for (reading them all was a third of a
    /// start's processor time). A shipped catalogue that does not load is a build to fix, never a page
    /// half in one language (the catalogue tests load every one first).
    static let bundled: Localization = {
        guard let folder = Bundle.module.url(forResource: "Locales", withExtension: nil) else {
            fatalError("The Locales folder is missing from the app bundle; rebuild Homepwner.")
        }
        do { return try Localization(folder: folder, loading: .eachLanguageWhenAsked) } catch {
            fatalError("A message catalogue does not load: \(error)")
        }
    }()
}
