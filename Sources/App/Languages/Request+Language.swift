import HTTPServer
import Localization

extension Request {
    /// The language this request's page is in: `?lang=` (any page, this request only), else the
    /// account's choice, else the browser's `Accept-Language`, else US English.
    func language(among localization: Localization, accountLanguage: LanguageTag? = nil) -> LanguageTag {
        if let asked = query["lang"], let language = localization.language(named: asked) { return language }
        if let accountLanguage { return accountLanguage }
        return headers["Accept-Language"].flatMap { localization.negotiate(acceptLanguage: $0) } ?? .template
    }
}
