import Accounts
import Claims
import Clocks
import Foundation
import HTTPServer
import Households
import Inventory
import PhotoLibrary
import Uploads

/// Every route of the app, from each feature's handlers, with who may call it.
enum AppRoutes {
    static func make(items: ItemStore, claims: ClaimStore, library: PhotoLibrary, accounts: AccountStore, households: HouseholdStore, throttle: SignInThrottle,
                     assets: StaticAssets, apiDocument: OpenAPIDocument, maxUploadBytes: Int, temporaryFolder: URL,
                     pendingImports: PendingImports, backups: BackupNotices? = nil, clock: any TimeSource = WallClock(),
                     claimReads: ClaimReadLimit = ClaimReadLimit(), walkthroughFrames: WalkthroughFrameMaker? = nil,
                     maxVideoUploadBytes: Int = AppConfiguration.defaultMaxVideoUploadBytes,
                     uploads: UploadStore, reminders: ReminderFactsReader, sendsReminderMail: Bool = false,
                     exchangeRateFetcher: ExchangeRateFetcher? = nil, admittedCaller: @escaping @Sendable (Request) throws -> Caller) -> Router {
        let handOff = UploadHandOff(uploads: uploads)
        let offlineCopy = OfflineCopySwitch(items: items)
        var site = assets.pageContext
        site.offlineCopySwitch = offlineCopy
        var router = AppRouter(defaultMaxBodySize: 1 << 20)
        router.get(SiteRoutes.health, access: .public) { _ in .text("ok") }
        router.get(SiteRoutes.staticFile, access: .public) { request in
            try assets.response(path: request.parameters["path"] ?? "", requestedVersion: request.parameters["version"] ?? "", request: request)
        }
        router.get(SiteRoutes.favicon, access: .public) { request in
            try assets.response(path: "icons/icon.svg", requestedVersion: "", request: request)
        }
        OfflineAppHandlers(assets: assets).register(in: &router)
        AccountPageHandlers(accounts: accounts, throttle: throttle, site: site, roots: library.roots, sendsReminderMail: sendsReminderMail).register(in: &router)
        apiDocument.register(in: &router)
        let resolver = HouseholdResolver(households: households)
        // What the handlers hold: a store they reach only through the household a request works in.
        let boundItems = HouseholdBound(items), boundClaims = HouseholdBound(claims)
        ItemAPIHandlers(items: items, library: library, households: resolver).register(in: &router)
        LocationAPIHandlers(store: boundItems, households: resolver).register(in: &router)
        LocationPageHandlers(store: boundItems, households: resolver, site: site).register(in: &router)
        SettingsAPIHandlers(store: boundItems, households: resolver, offlineCopy: offlineCopy).register(in: &router)
        SettingsPageHandlers(offlineCopy: offlineCopy).register(in: &router)
        ExchangeRateHandlers(items: items, site: site, fetcher: exchangeRateFetcher).register(in: &router)
        TagAPIHandlers(store: boundItems, households: resolver).register(in: &router)
        ItemPhotoAPIHandlers(store: boundItems, households: resolver, library: library, maxUploadBytes: maxUploadBytes, handOff: handOff).register(in: &router)
        ItemPhotosAPIHandlers(store: boundItems, households: resolver, library: library, maxUploadBytes: maxUploadBytes, handOff: handOff).register(in: &router)
        ItemDocumentAPIHandlers(store: boundItems, households: resolver, handOff: handOff).register(in: &router)
        DraftAPIHandlers(store: boundItems, households: resolver, library: library, maxUploadBytes: maxUploadBytes, handOff: handOff).register(in: &router)
        ItemEvidenceAPIHandlers(store: boundItems, households: resolver, library: library).register(in: &router)
        SuggestionHandlers(store: boundItems, households: resolver, library: library, readers: SuggestionReaders.awaited).register(in: &router)
        LibraryAPIHandlers(library: library).register(in: &router)
        LibraryFileHandler(library: library).register(in: &router)
        LibraryPageHandlers(library: library, store: boundItems, households: resolver, site: site).register(in: &router)
        ItemPhotoFileHandler(images: items.images).register(in: &router)
        ItemBulkHandlers(store: boundItems, claimStore: boundClaims, households: resolver, site: site).register(in: &router)
        ItemMediaPageHandlers(store: boundItems, households: resolver, maxUploadBytes: maxUploadBytes).register(in: &router)
        ItemDocumentFileHandler(store: boundItems, households: resolver).register(in: &router)
        ItemPageHandlers(items: items, claims: claims, households: resolver, site: site, maxUploadBytes: maxUploadBytes, library: library, backups: backups, clock: clock,
                         reminders: reminders).register(in: &router)
        ReadinessPageHandlers(store: boundItems, households: resolver, library: library, site: site).register(in: &router)
        DraftPageHandlers(store: boundItems, households: resolver, site: site, maxUploadBytes: maxUploadBytes).register(in: &router)
        ExportHandlers(store: boundItems, households: resolver, library: library, site: site).register(in: &router)
        let importer = Importer(items: items, workFolder: temporaryFolder, maxPhotoBytes: maxUploadBytes)
        ImportAPIHandlers(importer: importer, households: resolver).register(in: &router)
        ImportPageHandlers(importer: importer, households: resolver, pending: pendingImports, site: site).register(in: &router)
        ClaimAPIHandlers(claims: boundClaims, items: boundItems, clock: clock, reads: claimReads, households: resolver).register(in: &router)
        CoverageHandlers(claims: boundClaims, items: boundItems, site: site, households: resolver).register(in: &router)
        let claimLinks = ClaimLinkHandlers(claims: claims, items: items, library: library, site: site, clock: clock, households: resolver, reads: claimReads,
                                           downloads: { token, claim in ClaimLinkRoutes.sharedDownloads(token, claim: claim) })
        claimLinks.register(in: &router)
        ClaimPacketHandlers(claims: boundClaims, items: boundItems, library: library, temporaryFolder: temporaryFolder, shared: claimLinks.access,
                            reads: claimReads, households: resolver).register(in: &router)
        let claimPages = ClaimPageHandlers(claims: boundClaims, items: boundItems, site: site, clock: clock, reads: claimReads, households: resolver)
        claimPages.register(in: &router)
        ClaimExpenseHandlers(claims: boundClaims, items: boundItems, pages: claimPages, households: resolver).register(in: &router)
        ClaimBundleHandlers(claims: boundClaims, items: boundItems, pages: claimPages, households: resolver).register(in: &router)
        UsefulLifeAPIHandlers(claims: boundClaims, households: resolver).register(in: &router)
        WalkthroughHandlers(store: boundItems, households: resolver, frames: walkthroughFrames ?? WalkthroughFrameMaker(items: items, households: households, log: { _ in }),
                            maxVideoBytes: maxVideoUploadBytes, temporaryFolder: temporaryFolder, handOff: handOff).register(in: &router)
        UploadHandlers(uploads: uploads, admittedCaller: admittedCaller).register(in: &router)
        WalkthroughDraftHandlers(store: boundItems, households: resolver, library: library).register(in: &router)
        LabelHandlers(store: boundItems, households: resolver, site: site, temporaryFolder: temporaryFolder).register(in: &router)
        AccountAPIHandlers(accounts: accounts, sendsReminderMail: sendsReminderMail).register(in: &router)
        HouseholdAPIHandlers(households: households).register(in: &router)
        ReminderMailHandlers(accounts: accounts, site: site).register(in: &router)
        ReminderHandlers(reader: reminders, accounts: accounts, clock: clock, site: site).register(in: &router)
        return router.router
    }
}

extension Router {
    /// The segment before every `{token}` of a route (`/shared/{token}`, `/import/{token}`,
    /// `/setup/{token}`): what follows it is a secret, which the logs never show
    /// (`ServerConfiguration.secretPathPrefixes`). Found from the routes, so a new token route is
    /// kept out of the logs too.
    var secretPathPrefixes: Set<String> {
        Set(routes.compactMap { route in
            let segments = route.pattern.split(separator: "/")
            guard let token = segments.firstIndex(of: "{token}"), token > segments.startIndex else { return nil }
            return segments[token - 1].lowercased()
        })
    }
}
