import ClaimReport
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

extension Claim {
    /// The paper the claim's packet is printed on when a request does not say: its language's
    /// (US Letter for US English, A4 for the others).
    var paper: ReportPaper {
        let language = Localization.bundled.language(named: language) ?? .template
        return Localization.bundled.formats(for: language).printsOnLetter ? .letter : .a4
    }
}
