@testable import App
import ClaimReport
import Database
import HTTPServer
import Inventory
import Testing

/// Every URL the app builds for its pages, forms, redirects, JSON and scripts lands on a registered
/// route, with the access a person would expect; and every registered route is reached by one.
@Suite struct RouteVocabularyTests {
    struct Link: CustomStringConvertible {
        let method: HTTPMethod
        let url: String
        let access: RouteAccess
        var description: String { "\(method) \(url)" }
        init(_ method: HTTPMethod, _ url: String, _ access: RouteAccess) {
            self.method = method
            self.url = url
            self.access = access
        }
    }

    /// What each builder makes, with sample values that need escaping where a value can hold any text.
    /// A library photo's id: 32 hex digits (no other text is one).
    static let photo = LibraryPhotoID("0123456789abcdef0123456789abcdef")!

    static let links: [Link] = [
        Link(.get, SiteRoutes.health.url(), .public),
        Link(.get, SiteRoutes.staticFile(version: "abc123", path: "js/app.js"), .public),
        Link(.get, SiteRoutes.favicon.url(), .public),
        Link(.get, OfflineAppRoutes.manifest.url(), .public),
        Link(.get, OfflineAppRoutes.serviceWorker.url(), .public),
        Link(.get, SiteRoutes.home, .read),
        Link(.get, APIRoutes.document.url(), .public),

        Link(.get, ItemRoutes.list(editing: true, showing: 7), .read),
        Link(.get, ItemRoutes.listByRoom(), .read),
        Link(.get, ItemRoutes.selecting(), .read),
        Link(.post, ItemRoutes.bulk.url(), .write),
        Link(.post, ItemRoutes.addPhotos(7), .write),
        Link(.post, ItemRoutes.changePhoto(7, 3), .write),
        Link(.post, ItemRoutes.addDocument(7), .write),
        Link(.post, ItemRoutes.deleteDocument(7, 3), .write),
        Link(.post, ItemRoutes.unlinkEvidence(7, photo), .write),
        Link(.get, LibraryRoutes.picker(LibraryPick(itemID: 7, asEvidence: true)), .read),
        Link(.get, ReadinessRoutes.fixNext.url(), .read),
        Link(.get, ReadinessRoutes.fix(ClaimGapLink(itemID: 7, anchor: "item-purchaseDate")), .read),
        Link(.get, LocationRoutes.list.url(), .read),
        Link(.post, LocationRoutes.list.url(), .write),
        Link(.get, LocationRoutes.location(7), .read),
        Link(.post, LocationRoutes.location(7), .write),
        Link(.post, LocationRoutes.delete(7), .write),
        Link(.post, LocationRoutes.move(7), .write),
        Link(.get, DraftRoutes.list(), .read),
        Link(.get, DraftRoutes.list(in: 7, focus: 9), .read),
        Link(.post, DraftRoutes.name(9), .write),
        Link(.post, DraftRoutes.merge(9), .write),
        Link(.post, DraftRoutes.discard(9), .write),
        Link(.get, DraftRoutes.walkChoice.url(), .read),
        Link(.get, DraftRoutes.walk(7), .read),
        Link(.post, DraftRoutes.walk(7), .write),
        Link(.get, ItemRoutes.new.url(), .read),
        Link(.post, ItemRoutes.create.url(), .write),
        Link(.get, ItemRoutes.item(7, saved: true), .read),
        Link(.post, ItemRoutes.item(7), .write),
        Link(.get, ItemRoutes.delete(7), .read),
        Link(.post, ItemRoutes.delete(7), .write),
        Link(.post, ItemRoutes.move(7), .write),
        Link(.post, ItemRoutes.photo(7), .write),
        Link(.post, ItemRoutes.removePhoto(7), .write),
        Link(.post, ItemRoutes.pickPhoto(7), .write),
        Link(.get, ItemRoutes.apiList.url(), .read),
        Link(.post, ItemRoutes.apiList.url(), .write),
        Link(.get, ExchangeRateRoutes.page.url(), .read),
        Link(.post, ExchangeRateRoutes.page.url(), .write),
        Link(.post, ExchangeRateRoutes.api.url(), .write),
        Link(.get, ExchangeRateRoutes.api.url(), .read),
        Link(.post, ExchangeRateRoutes.fetch.url(), .write),
        Link(.post, ExchangeRateRoutes.fetchAPI.url(), .write),
        Link(.get, ItemRoutes.apiItem(7), .read),
        Link(.patch, ItemRoutes.apiItem(7), .write),
        Link(.delete, ItemRoutes.apiItem(7), .write),
        Link(.post, ItemRoutes.apiMove(7), .write),
        Link(.put, ItemRoutes.apiPhoto(7), .write),
        Link(.delete, ItemRoutes.apiPhoto(7), .write),
        Link(.post, ItemRoutes.apiPhotos(7), .write),
        Link(.put, ItemRoutes.apiPhotoOrder(7), .write),
        Link(.patch, ItemRoutes.apiItemPhoto(7, 3), .write),
        Link(.delete, ItemRoutes.apiItemPhoto(7, 3), .write),
        Link(.post, ItemRoutes.apiDocuments(7), .write),
        Link(.delete, ItemRoutes.apiDocument(7, 5), .write),
        Link(.post, ItemRoutes.apiEvidence(7), .write),
        Link(.delete, ItemRoutes.apiEvidenceLink(7, photo), .write),
        Link(.post, ItemRoutes.linkEvidence(7), .write),
        Link(.get, SuggestionRoutes.api(7), .read),
        Link(.post, SuggestionRoutes.apiDismissals.url(7), .write),
        Link(.post, SuggestionRoutes.use(7), .write),
        Link(.post, SuggestionRoutes.dismiss(7), .write),
        Link(.get, ItemRoutes.documentFile(7, 5), .read),
        Link(.get, ItemRoutes.documentThumbnail(7, 5), .read),
        Link(.get, ItemRoutes.photoFile(hash: "ab12", file: "thumb-40.jpg"), .read),

        Link(.get, LocationRoutes.apiList.url(), .read),
        Link(.post, LocationRoutes.apiList.url(), .write),
        Link(.get, LocationRoutes.apiLocation(4), .read),
        Link(.patch, LocationRoutes.apiLocation(4), .write),
        Link(.delete, LocationRoutes.apiLocation(4), .write),
        Link(.post, DraftRoutes.apiDrafts(4), .write),
        Link(.post, DraftRoutes.apiMerge(7), .write),
        Link(.post, WalkthroughRoutes.apiUpload(4), .write),
        Link(.get, WalkthroughRoutes.apiWalkthrough(5), .read),
        Link(.post, WalkthroughRoutes.apiDrafts(5), .write),
        Link(.post, WalkthroughRoutes.drafts(5), .write),
        Link(.delete, WalkthroughRoutes.apiWalkthrough(5), .write),
        Link(.get, WalkthroughRoutes.video(5), .read),
        Link(.post, WalkthroughRoutes.upload(4), .write),
        Link(.post, WalkthroughRoutes.delete(5), .write),
        Link(.options, UploadRoutes.uploads.url(), .public),
        Link(.post, UploadRoutes.uploads.url(), .write),
        Link(.head, UploadRoutes.upload("0123456789abcdef0123456789abcdef"), .write),
        Link(.patch, UploadRoutes.upload("0123456789abcdef0123456789abcdef"), .write),
        Link(.delete, UploadRoutes.upload("0123456789abcdef0123456789abcdef"), .write),
        Link(.get, SettingsRoutes.api.url(), .read),
        Link(.get, TagRoutes.apiList.url(), .read),
        Link(.get, ExportRoutes.page.url(), .read),
        Link(.get, ExportRoutes.download(.homepwner), .read),
        Link(.patch, SettingsRoutes.api.url(), .manage),
        Link(.post, SettingsRoutes.offlineCopy.url(), .manage),
        Link(.get, ImportRoutes.start.url(), .write),
        Link(.get, ImportRoutes.done(ImportOutcome(added: 3, updated: 1)), .write),
        Link(.post, ImportRoutes.start.url(), .write),
        Link(.get, ImportRoutes.preview("0123456789abcdef0123456789abcdef"), .write),
        Link(.post, ImportRoutes.preview("0123456789abcdef0123456789abcdef"), .write),
        Link(.post, ImportRoutes.discard("0123456789abcdef0123456789abcdef"), .write),
        Link(.post, ImportRoutes.api.url(), .write),
        Link(.get, ClaimRoutes.list.url(), .read),
        Link(.post, ClaimRoutes.list.url(), .write),
        Link(.get, ClaimRoutes.claim(7, added: 2), .read),
        Link(.post, ClaimRoutes.claim(7), .write),
        Link(.post, ClaimRoutes.chooseItems(7), .write),
        Link(.get, ClaimRoutes.line(7, item: 3), .read),
        Link(.post, ClaimRoutes.line(7, item: 3), .write),
        Link(.post, ClaimRoutes.removeLine(7, item: 3), .write),
        Link(.post, ClaimRoutes.close(7), .write),
        Link(.post, ClaimRoutes.delete(7), .write),
        Link(.get, ClaimRoutes.coverage.url(), .read),
        Link(.post, ClaimRoutes.coverage.url(), .write),
        Link(.get, ClaimRoutes.usefulLives.url(), .read),
        Link(.post, ClaimRoutes.usefulLives.url(), .write),
        Link(.get, ClaimRoutes.apiList.url(), .read),
        Link(.post, ClaimRoutes.apiList.url(), .write),
        Link(.get, ClaimRoutes.apiClaim(7), .read),
        Link(.patch, ClaimRoutes.apiClaim(7), .write),
        Link(.delete, ClaimRoutes.apiClaim(7), .write),
        Link(.post, ClaimRoutes.apiItems(7), .write),
        Link(.patch, ClaimRoutes.apiLine(7, item: 3), .write),
        Link(.delete, ClaimRoutes.apiLine(7, item: 3), .write),
        Link(.post, ClaimRoutes.apiClose(7), .write),
        Link(.get, ClaimRoutes.apiSchedule(7), .read),
        Link(.get, ClaimRoutes.apiSchedule(7, profile: .claimXperience), .read),
        Link(.get, ClaimRoutes.apiScheduleWorkbook(7), .read),
        Link(.get, ClaimRoutes.apiReport(7, paper: .letter), .read),
        Link(.get, ClaimRoutes.apiEvidence(7), .read),
        Link(.get, ClaimRoutes.apiPoliceList(7, paper: .a4), .read),
        Link(.get, ClaimRoutes.apiPoliceListCSV(7), .read),
        Link(.get, ClaimRoutes.apiProofOfLoss(7, paper: .letter), .read),
        Link(.get, ClaimRoutes.apiExpenses(7), .read),
        Link(.post, ClaimRoutes.apiExpenses(7), .write),
        Link(.get, ClaimRoutes.apiExpense(7, expense: 4), .read),
        Link(.patch, ClaimRoutes.apiExpense(7, expense: 4), .write),
        Link(.delete, ClaimRoutes.apiExpense(7, expense: 4), .write),
        Link(.get, ClaimRoutes.apiExpenseReceipt(7, expense: 4), .read),
        Link(.put, ClaimRoutes.apiExpenseReceipt(7, expense: 4), .write),
        Link(.post, ClaimRoutes.addExpense(7), .write),
        Link(.post, ClaimRoutes.removeExpense(7, expense: 4), .write),
        Link(.get, ClaimRoutes.apiBundles(7), .read),
        Link(.post, ClaimRoutes.apiBundles(7), .write),
        Link(.get, ClaimRoutes.apiBundle(7, bundle: 2), .read),
        Link(.patch, ClaimRoutes.apiBundle(7, bundle: 2), .write),
        Link(.delete, ClaimRoutes.apiBundle(7, bundle: 2), .write),
        Link(.post, ClaimRoutes.addBundle(7), .write),
        Link(.post, ClaimRoutes.removeBundle(7, bundle: 2), .write),
        Link(.get, ClaimRoutes.apiPolicy.url(), .read),
        Link(.patch, ClaimRoutes.apiPolicy.url(), .write),
        Link(.get, ClaimRoutes.apiCoverage.url(), .read),
        Link(.get, ClaimRoutes.apiUsefulLives.url(), .read),
        Link(.patch, ClaimRoutes.apiUsefulLives.url(), .write),

        Link(.get, LibraryRoutes.picker(for: 7), .read),
        Link(.get, LibraryRoutes.group("a/b c?#", page: 2, pickingFor: 7, showing: photo), .read),
        Link(.get, LibraryRoutes.asset(photo, inGroup: "a b"), .read),
        Link(.get, LibraryRoutes.assetAtActualSize(photo), .read),
        Link(.get, LibraryRoutes.file(assetID: photo, fingerprint: "12-34", name: "thumb-256.jpg"), .read),
        Link(.get, LibraryRoutes.pickerAPI.status, .read),
        Link(.get, LibraryRoutes.pickerAPI.groups, .read),
        Link(.get, LibraryRoutes.pickerAPI.groupAssetsTemplate.replacingOccurrences(of: "{id}", with: "a1"), .read),
        Link(.get, LibraryRoutes.apiAsset.url("x"), .read),
        Link(.get, LibraryRoutes.dates.url(), .read),

        Link(.get, AccountRoutes.signIn(escapedNext: "%2Fitems%2F7"), .public),
        Link(.post, AccountRoutes.signIn.url(), .public),
        Link(.post, AccountRoutes.signOut.url(), .account),
        Link(.get, AccountRoutes.setup("t0k3n"), .public),
        Link(.post, AccountRoutes.setup("t0k3n"), .public),
        Link(.get, AccountRoutes.account(passwordNotice: "changed"), .account),
        Link(.post, AccountRoutes.password.url(), .account),
        Link(.post, AccountRoutes.tokens.url(), .account),
        Link(.post, AccountRoutes.revokeToken(3), .account),
        Link(.post, AccountRoutes.calendar.url(), .account),
        Link(.get, AccountRoutes.api.url(), .account),
        Link(.patch, AccountRoutes.api.url(), .account),
        Link(.post, AccountRoutes.apiCalendar.url(), .account),
        Link(.delete, AccountRoutes.apiCalendar.url(), .account),
        Link(.get, HouseholdRoutes.apiList.url(), .account),
        Link(.get, HouseholdRoutes.apiHousehold(2), .account),
        Link(.get, HouseholdRoutes.apiMembers(2), .account),
        Link(.get, ReminderRoutes.api.url(), .read),
        Link(.get, ReminderRoutes.page.url(), .read),
        Link(.get, ReminderRoutes.calendar("q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE"), .public),
        Link(.get, ReminderMailRoutes.unsubscribe(key: "q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE", kind: "warranty"), .public),
        Link(.post, ReminderMailRoutes.unsubscribe(key: "q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE", kind: "warranty"), .public),
        Link(.post, ReminderMailRoutes.settings.url(), .account),
        Link(.post, ReminderRoutes.calendarKinds.url(), .account),
        Link(.post, AccountRoutes.language.url(), .account),
        Link(.get, AccountRoutes.users.url(), .manage),
        Link(.post, AccountRoutes.users.url(), .manage),
        Link(.post, AccountRoutes.user(3), .manage),
        Link(.post, AccountRoutes.removeUser(3), .manage),

        Link(.get, ClaimLinkRoutes.page(4), .manage),
        Link(.post, ClaimLinkRoutes.page(4), .manage),
        Link(.post, ClaimLinkRoutes.revoke(4, link: 2), .manage),
        Link(.get, ClaimLinkRoutes.apiList(4), .manage),
        Link(.post, ClaimLinkRoutes.apiList(4), .manage),
        Link(.delete, ClaimLinkRoutes.apiLink(4, link: 2), .manage),
        Link(.get, ClaimLinkRoutes.shared("q8Yc1bWm0Tz4nV9rXe2KpLd7sHf3JuA6oGi5ByNwQxE"), .public),
        Link(.get, ClaimLinkRoutes.sharedPhoto("t0k3n", item: 7, photo: 3, file: "screen.jpg"), .public),
        Link(.get, ClaimLinkRoutes.sharedDocument("t0k3n", item: 7, document: 5), .public),
        Link(.get, ClaimLinkRoutes.sharedDocumentThumbnail("t0k3n", item: 7, document: 5), .public),
        Link(.get, ClaimLinkRoutes.sharedEvidence("t0k3n", item: 7, asset: photo, file: "thumb-256.jpg"), .public),
        Link(.get, ClaimLinkRoutes.sharedReport("t0k3n", paper: .a4), .public),
        Link(.get, ClaimLinkRoutes.sharedSchedule("t0k3n"), .public),
        Link(.get, ClaimLinkRoutes.sharedEvidenceArchive("t0k3n", paper: .letter), .public),
        Link(.get, ClaimLinkRoutes.sharedPoliceList("t0k3n", paper: .a4), .public),
        Link(.get, ClaimLinkRoutes.sharedPoliceListCSV("t0k3n"), .public),
        Link(.get, ClaimLinkRoutes.sharedPhotoViewer("t0k3n", item: 7, photo: 3), .public),
        Link(.get, ClaimLinkRoutes.sharedEvidenceViewer("t0k3n", item: 7, asset: photo), .public),

        Link(.get, ClaimRoutes.apiPackOut(4), .read),
        Link(.get, LabelRoutes.label(LabelCode(place: Location.ID(3))), .read),
        Link(.get, LabelRoutes.sheet(location: Location.ID(3), stock: .averyL7160), .read),
        Link(.get, LabelRoutes.sheet(item: Item.ID(7), stock: .tape29), .read),
    ]

    @Test func everyBuiltURLLandsOnARouteWithTheAccessItShouldHave() throws {
        let app = try TestApp()
        for link in Self.links {
            guard let route = app.app.route(link.method, link.url) else {
                Issue.record("\(link) reaches no route")
                continue
            }
            #expect(route.access == link.access, "\(link) reaches \(route.pattern), open to \(route.access)")
        }
    }

    @Test func everyRouteIsReachedByABuiltURL() throws {
        let app = try TestApp()
        let reached = Set(Self.links.compactMap { link in app.app.route(link.method, link.url).map { "\(link.method) \($0.pattern)" } })
        for route in app.app.routes {
            #expect(reached.contains("\(route.method) \(route.pattern)"), "no URL builder reaches \(route.method) \(route.pattern)")
        }
    }

    @Test func valuesAreEscapedAsOnePathSegment() {
        #expect(LibraryRoutes.group("a/b c?#") == "/library/groups/a%2Fb%20c%3F%23")
        #expect(LibraryRoutes.group("e1", page: 2, pickingFor: 7, showing: Self.photo) == "/library/groups/e1?page=2&pick=7#asset-\(Self.photo)")
        #expect(SiteRoutes.staticFile(version: "v1", path: "js/app.js") == "/static/v1/js/app.js")
        #expect(ItemRoutes.list(editing: true, showing: 7) == "/?edit=1#item-7")
    }

    @Test func apiRoutesAnswerInJSONAndPagesDoNot() throws {
        let app = try TestApp()
        for route in app.app.routes {
            #expect(route.isAPI == route.pattern.hasPrefix("/api/v1/"), "\(route.method) \(route.pattern)")
        }
    }

    // MARK: What AppRouter records

    private static let ok: @Sendable (Request) throws -> Response = { _ in .text("ok") }

    @Test func publicRoutesGetTheSmallPublicBodyLimitUnlessTheySayOtherwise() {
        var router = AppRouter(defaultMaxBodySize: 1 << 20, publicMaxBodySize: 16 << 10)
        router.post(RoutePath("/signin"), access: .public, Self.ok)
        router.post(RoutePath("/setup/{token}"), maxBodySize: 64 << 10, access: .public, Self.ok)
        router.post(RoutePath("/items"), Self.ok)
        router.post(RoutePath("/items/{id}/image"), maxBodySize: 20 << 20, Self.ok)
        #expect(router.router.plan(method: .post, pathSegments: ["signin"]).maxBodySize == 16 << 10)
        #expect(router.router.plan(method: .post, pathSegments: ["setup", "t"]).maxBodySize == 64 << 10)
        #expect(router.router.plan(method: .post, pathSegments: ["items"]).maxBodySize == 1 << 20)
        #expect(router.router.plan(method: .post, pathSegments: ["items", "1", "image"]).maxBodySize == 20 << 20)
    }

    @Test func thePublicLimitNeverExceedsTheDefault() {
        #expect(AppRouter(defaultMaxBodySize: 1_000, publicMaxBodySize: 16 << 10).publicMaxBodySize == 1_000)
    }

    @Test func getRoutesAreForReadersAndOthersForWritersUnlessTheySayOtherwise() {
        var router = AppRouter()
        router.get(RoutePath("/a"), Self.ok)
        router.post(RoutePath("/b"), isSlow: true, Self.ok)
        router.delete(RoutePath("/c"), access: .manage, Self.ok)
        #expect(router.router.plan(method: .get, pathSegments: ["a"]).route?.access == .read)
        #expect(router.router.plan(method: .post, pathSegments: ["b"]).route?.access == .write)
        #expect(router.router.plan(method: .post, pathSegments: ["b"]).isSlow)
        #expect(router.router.plan(method: .delete, pathSegments: ["c"]).route?.access == .manage)
    }

    @Test func theAppsPublicFormsTakeSmallBodies() throws {
        let app = try TestApp()
        for route in app.app.routes where route.access == .public && route.method != .get {
            #expect((route.maxBodySize ?? .max) <= 16 << 10, "\(route.method) \(route.pattern)")
        }
    }
}
