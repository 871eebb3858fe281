import Claims
import HTTPServer
import Localization

extension Claim {
    /// The words of the claim's packet and adjuster's page: its `language`, or, for one request,
    /// the `?lang=` it names (a shipped language; anything else is ignored).
    func words(for request: Request? = nil) -> Localizer {
        let asked = request?.query["lang"].flatMap(Localization.bundled.language(named:))
        return Localization.bundled.localizer(for: asked ?? Localization.bundled.language(named: language) ?? .template)
    }
}
