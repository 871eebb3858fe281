import Accounts
import Claims
import Inventory
import PhotoLibrary

/// Every route of the adjusters' links: the owner's API and forms, and the adjuster's pages.
struct ClaimLinkHandlers: Sendable {
    let claims: ClaimStore
    let items: ItemStore
    let library: PhotoLibrary
    let site: PageContext
    let clock: any TimeSource

    func register(in router: inout AppRouter) {
        ClaimLinkAPIHandlers(claims: claims, clock: clock).register(in: &router)
        ClaimLinkPageHandlers(claims: claims, site: site, clock: clock).register(in: &router)
        let access = SharedClaimAccess(claims: claims, clock: clock, guesses: ClaimLinkGuessLimit())
        SharedClaimHandlers(access: access, claims: claims, items: items, library: library, site: site).register(in: &router)
    }
}
