import Foundation
import HTML
import HTTPServer
import Inventory
import Localization
import PhotoLibrary

/// The library's pages: the groups, a group's grid (a page at a time) and the photo viewer.
struct LibraryPageHandlers: Sendable {
    let library: PhotoLibrary
    /// For the place of the item evidence is picked for, and what is linked to things kept there.
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// What every page shares; each request adds who is signed in.
    let site: PageContext
    static let gridPageSize = 120

    func register(in router: inout AppRouter) {
        router.get(LibraryRoutes.groups) { request in try groups(request) }
        router.get(LibraryRoutes.dates) { request in try dates(request) }
        router.get(LibraryRoutes.group) { request in try grid(request) }
        router.get(LibraryRoutes.asset) { request in try viewer(request) }
    }

    /// The explanation page when the caller may see no root, or no root can be read; else nil.
    private func unavailablePage(_ request: Request) -> Response? {
        // Every library page comes here first: the moment to notice folders changed since the last scan.
        library.refreshIfStale()
        let context = request.pageContext(site)
        if (try? request.visibleLibraryRoots(of: library)) == nil, request.caller?.via != .openAccess {
            let page = LibraryUnavailablePage(
                denied: true, headline: context.text("library.unavailable.not-granted"),
                explanation: context.text("library.unavailable.not-granted-text"), path: nil, context: context)
            return .html(page.document().renderedBytes(), status: .forbidden)
        }
        let status = library.status
        guard status.state == .inaccessible, let problem = status.problem else { return nil }
        let denied: Bool
        if case .permissionDenied = problem { denied = true } else { denied = false }
        let page = LibraryUnavailablePage(denied: denied, headline: problem.headline(words: context.localizer), explanation: problem.explanation(words: context.localizer),
                                          path: problem.path, context: context)
        return .html(page.document().renderedBytes())
    }

    /// `?pick=<item id>`: the library opened from an item's picker, where tapping a photo gives it to
    /// the item (`&as=evidence`: links it to the item).
    static func pickItem(_ request: Request) -> LibraryPick? {
        guard let id = request.query[LibraryRoutes.pickParameter].flatMap({ Item.ID($0) }) else { return nil }
        return LibraryPick(itemID: id, asEvidence: request.query[LibraryPick.evidenceParameter] == "evidence")
    }

    /// On to the photos taken between the form's two days, or the groups again with what to fix.
    private func dates(_ request: Request) throws -> Response {
        let query = LibraryDatesQuery(request)
        switch query.range() {
        case .success(let range):
            return .redirect(to: LibraryRoutes.group(range.groupID, picking: Self.pickItem(request)))
        case .failure(let errors):
            return try groups(request, dates: query, errors: errors)
        }
    }

    private func groups(_ request: Request, dates: LibraryDatesQuery = LibraryDatesQuery(), errors: ValidationError? = nil) throws -> Response {
        let items = try households.items(store, of: request)
        if let unavailable = unavailablePage(request) { return unavailable }
        let item = Self.pickItem(request)
        let context = request.pageContext(site)
        let visible = try request.visibleLibraryRoots(of: library)
        let status = library.status.visible(to: visible)
        let all = try library.groups(visibleTo: visible)
        func cards(_ kind: LibraryGroup.Kind) -> [GroupCardModel] {
            all.filter { $0.kind == kind }.map { Self.card($0, pickFor: item, format: context.format) }
        }
        let page = LibraryGroupsPage(
            albums: cards(.album), events: cards(.event), people: cards(.faces),
            placeEvents: try item.flatMap { try placeEvents(for: $0, in: items, visibleTo: visible, format: context.format) },
            dates: LibraryDatesView(query: dates, errors: errors, action: LibraryRoutes.dates.url(), pick: item, words: context.localizer),
            progress: status.state == .scanning ? .init(scanned: status.scanned, total: status.total) : nil,
            problems: status.rootProblems.map { $0.explanation(words: context.localizer) } + status.folderProblems.map { context.text("library.problems.skipped-folder", ["folder": .text($0)]) }
                + status.unreadablePhotos.map { $0.explanation(words: context.localizer) },
            isConfigured: status.isConfigured, pickingFor: item.map { (url: ItemRoutes.item($0.itemID), title: context.text($0.titleKey)) }, context: context)
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .badRequest)
    }

    /// Linking evidence to an item kept somewhere: the events in which photos linked to anything kept
    /// there (or further in) were taken.
    private func placeEvents(for pick: LibraryPick, in items: ItemStore, visibleTo visible: LibraryAccess, format: DisplayFormat) throws -> PlaceEventsModel? {
        guard pick.asEvidence else { return nil }
        let placeID: Location.ID?
        do { placeID = try items.item(id: pick.itemID).locationID } catch InventoryError.itemNotFound { return nil }
        guard let placeID else { return nil }
        let place = try items.location(id: placeID)
        let events = try library.events(containingAssets: try items.evidenceAssetIDs(inLocationOrBelow: placeID), visibleTo: visible)
        return PlaceEventsModel(placeName: place.name, cards: events.map { Self.card($0, pickFor: pick, format: format) })
    }

    private func grid(_ request: Request) throws -> Response {
        if let unavailable = unavailablePage(request) { return unavailable }
        let context = request.pageContext(site)
        let id = request.parameters["id"] ?? ""
        let visible = try request.visibleLibraryRoots(of: library)
        guard let group = try library.group(id: id, visibleTo: visible) else { throw LibraryAPIHandlers.groupNotFound }
        let pageCount = max(1, (group.count + Self.gridPageSize - 1) / Self.gridPageSize)
        let requested = request.query["page"].flatMap { Int($0) } ?? 1
        let page = min(max(1, requested), pageCount)
        let photos = try library.assets(inGroup: id, offset: (page - 1) * Self.gridPageSize, limit: Self.gridPageSize, visibleTo: visible)?.assets ?? []
        let breadcrumb = try library.breadcrumb(ofAlbum: id).map {
            (name: $0.name, url: LibraryRoutes.group($0.id, picking: Self.pickItem(request)))
        }
        let pick = Self.pickItem(request)
        let albums = try library.subalbums(of: id, visibleTo: visible)
        // A folder that only holds folders says so, rather than "0 photos".
        let albumsInside = try library.subalbumCounts(of: albums.filter { $0.count == 0 }.map(\.id))
        let format = context.format
        let subalbums = albums.map { Self.card($0, pickFor: pick, albumsInside: albumsInside[$0.id] ?? 0, format: format) }
        let cells = photos.map { asset in
            let urls = LibraryURLs(asset)
            return GridCellModel(
                assetID: asset.id, url: LibraryRoutes.asset(asset.id, inGroup: id), thumbnailURL: urls.thumbnail,
                thumbnailSourceSet: urls.thumbnailSourceSet, label: context.text("library.grid.photo-taken", ["when": .text(format.photoTime(asset.takenAt))]),
                problem: asset.problem.map { context.text($0.wording) })
        }
        let grid = LibraryGridPage(
            title: format.groupName(group),
            summary: Self.countText(group.count, albumsInside: subalbums.count, words: context.localizer)
                + (group.detail.map { context.text("common.list-separator") + context.text("library.grid.in-folder", ["folder": .text($0)]) } ?? ""),
            breadcrumb: breadcrumb, subalbums: subalbums, cells: cells, groupID: id, page: page, pageCount: pageCount,
            pageURL: { LibraryRoutes.group(id, page: $0, picking: pick) },
            backURL: pick.map(LibraryRoutes.picker) ?? LibraryRoutes.groups.url(),
            emptyMessage: group.kind == .dates ? context.text("library.grid.empty-dates") : nil,
            pickFormURL: pick?.formURL, pickLabel: context.text(pick?.asEvidence == true ? "library.pick.link-evidence" : "library.pick.use"), context: context)
        return .html(grid.document().renderedBytes())
    }

    private func viewer(_ request: Request) throws -> Response {
        let visible = try request.visibleLibraryRoots(of: library)
        guard let asset = try library.asset(id: try request.libraryPhotoID { _ in LibraryAPIHandlers.assetNotFound }, visibleTo: visible) else {
            throw LibraryAPIHandlers.assetNotFound
        }
        let groupID = request.query["group"].flatMap { id in (try? library.group(id: id, visibleTo: visible)) != nil ? id : nil } ?? "a" + asset.albumID
        let position = try library.position(of: asset, inGroup: groupID, visibleTo: visible)
        let index = position?.index ?? 0, total = position?.total ?? 1
        let urls = LibraryURLs(asset)
        let context = request.pageContext(site)
        let format = context.format
        var details: [(label: String, value: String)] = [
            (context.text(asset.takenAtIsFromCamera ? "library.viewer.taken" : "library.viewer.file-date"), format.photoTime(asset.takenAt)),
        ]
        if let camera = asset.camera { details.append((context.text("library.viewer.camera"), camera)) }
        details.append((context.text("library.viewer.size"),
                        context.text("library.viewer.pixels", ["width": .text(format.integer(asset.width)), "height": .text(format.integer(asset.height))])))
        if let latitude = asset.latitude, let longitude = asset.longitude {
            details.append((context.text("library.viewer.place"), LibraryFormat.place(latitude: latitude, longitude: longitude)))
        }
        if !asset.people.isEmpty { details.append((context.text("library.viewer.people"), asset.people.joined(separator: ", "))) }
        details.append((context.text("library.viewer.file"), asset.fileName))
        let page = (index / Self.gridPageSize) + 1
        let model = ViewerModel(
            assetID: asset.id.rawValue,
            positionText: context.text("library.viewer.position", ["index": .text(format.integer(index + 1)), "total": .text(format.integer(total))]),
            backURL: LibraryRoutes.group(groupID, page: page, showing: asset.id), backLabel: context.text("library.viewer.back-to-album"),
            previousURL: position?.previous.map { LibraryRoutes.asset($0, inGroup: groupID) },
            nextURL: position?.next.map { LibraryRoutes.asset($0, inGroup: groupID) },
            screenURL: urls.screen, fullURL: asset.format?.isShownByBrowsers == true ? urls.original : urls.full,
            originalURL: urls.original, width: asset.width, height: asset.height, problem: asset.problem.map { context.text($0.wording) }, details: details,
            mapURL: asset.latitude.flatMap { latitude in
                asset.longitude.map { "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\($0)#map=15/\(latitude)/\($0)" }
            })
        return .html(LibraryViewerPage(model: model, context: context).document().renderedBytes())
    }

    static func card(_ group: LibraryGroup, pickFor pick: LibraryPick? = nil, albumsInside: Int = 0, format: DisplayFormat) -> GroupCardModel {
        GroupCardModel(
            name: format.groupName(group), detail: group.detail, countText: countText(group.count, albumsInside: albumsInside, words: format.words),
            url: LibraryRoutes.group(group.id, picking: pick),
            posterURL: group.posterAssetID.flatMap { id in group.posterFingerprint.map { LibraryURLs(assetID: id, fingerprint: $0).thumbnail } })
    }

    /// "3 photos"; for a folder with no photo of its own but albums in it, "2 albums".
    static func countText(_ count: Int, albumsInside: Int = 0, words: Localizer) -> String {
        if count == 0, albumsInside > 0 { return words.text("library.count.albums", ["count": .count(albumsInside)]) }
        return words.text("item.photos.count", ["count": .count(count)])
    }
}
