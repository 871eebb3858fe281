import Claims
import HTML

/// `/claims/{id}/links`: the claim's "Share with the adjuster" section on a page of its own, until
/// the claim page shows it.
struct ClaimLinksPage {
    let claimName: String
    let claimID: Claim.ID
    let section: ClaimLinksSection
    let context: PageContext

    func document() -> HTMLDocument {
        PageLayout(title: "Share \(claimName)", context: context, pageClass: "claim-links",
                   bar: TopBar(back: (label: "Claim", url: ClaimRoutes.claim(claimID)), title: claimName),
                   content: div(.class("claim-links-layout")) { section.node }).document()
    }
}
