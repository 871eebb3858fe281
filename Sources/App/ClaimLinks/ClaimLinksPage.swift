import Claims
import HTML

/// `/claims/{id}/links`: the claim's "Share with the adjuster" section on a page of its own, until
/// the claim page shows it; in the page's language, the Copy button's words with it.
struct ClaimLinksPage {
    let claimName: String
    let claimID: Claim.ID
    let section: ClaimLinksSection
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: context.text("links.title", ["name": .text(claimName)]), context: context, pageClass: "claim-links",
                   bar: TopBar(back: (label: context.text("links.back"), url: ClaimRoutes.claim(claimID)), title: claimName),
                   content: div(.class("claim-links-layout")) {
                       section.node
                       PageWords(prefix: "links.script.", words: context.localizer).node
                   }, translated: true).document()
    }
}
