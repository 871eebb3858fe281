import Accounts
import Claims
import Clocks
import Inventory
import PhotoLibrary

/// Every route of the adjusters' links: the owner's API and forms, and the adjuster's pages.
struct ClaimLinkHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let library: PhotoLibrary
    let site: PageContext
    let clock: any TimeSource
    /// The household each owner's request works in; a link works in its own.
    let households: HouseholdResolver
    /// How every `/shared/{token}…` handler finds its link (one guessing cap for all of them): the
    /// claim packet's downloads for the adjuster go through it too.
    let access: SharedClaimAccess
    /// The claim packet's files for a link's token and claim, shown on the adjuster's page.
    let downloads: @Sendable (_ token: String, _ claim: Claim) -> SharedClaimDownloads

    init(claims: ClaimStore, items: ItemStore, library: PhotoLibrary, site: PageContext, clock: any TimeSource, households: HouseholdResolver,
         reads: ClaimReadLimit,
         downloads: @escaping @Sendable (_ token: String, _ claim: Claim) -> SharedClaimDownloads = { _, _ in .none }) {
        self.claims = HouseholdBound(claims)
        self.items = HouseholdBound(items)
        self.library = library
        self.site = site
        self.clock = clock
        self.households = households
        self.downloads = downloads
        access = SharedClaimAccess(claims: claims, households: households.households, clock: clock, guesses: ClaimLinkGuessLimit(), reads: reads)
    }

    func register(in router: inout AppRouter) {
        ClaimLinkAPIHandlers(claims: claims, clock: clock, households: households).register(in: &router)
        ClaimLinkPageHandlers(claims: claims, site: site, clock: clock, households: households).register(in: &router)
        SharedClaimHandlers(access: access, claims: claims, items: items, library: library, site: site, downloads: downloads).register(in: &router)
    }
}
