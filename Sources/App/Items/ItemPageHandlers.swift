import Accounts
import Clocks
import Database
import Claims
import Foundation
import HTML
import Localization
import HTTPServer
import Inventory
import Reminders
import PhotoLibrary
import Messages

/// The item pages: the list, the detail editor, New Item and delete confirmation. Every change
/// is a form post answered with a redirect, so all of it works without scripts.
struct ItemPageHandlers: Sendable {
    private let store: HouseholdBound<ItemStore>
    private let claimStore: HouseholdBound<ClaimStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver
    /// What every page shares; each request adds who is signed in.
    let site: PageContext
    let maxUploadBytes: Int
    /// Whether a photo library is set up (the picker then offers it).
    let library: PhotoLibrary?
    var hasLibrary: Bool { library?.roots.isEmpty == false }
    /// What the list says about backups.
    let backups: BackupNotices?
    /// The time of day the backup notice goes by.
    let clock: any TimeSource
    /// The list's rows, remade only after the inventory changes (one set per household, `ItemListView`
    /// and language: the values are written in the page's).
    private let listRows = RevisionKeyedCache<ListRowsKey, ListRows>(capacity: 256)

    private struct ListRowsKey: Hashable {
        let household: HouseholdID
        let view: ItemListView
        let language: LanguageTag
    }

    struct ListRows: Sendable {
        let html: RenderedHTML
        let count: Int
        let total: ValueTotal
        let currency: Currency
        /// Disposed items this view leaves out.
        let hiddenDisposed: Int
        let readiness: ReadinessCardModel
        /// The rest of a long list, a window at a time.
        let nextURL: String?
    }

    /// The choices the search bar, the Select bar and the item form offer: every place and every tag
    /// in use, read once per household and inventory revision (counting tags reads every item's).
    private let choices = RevisionKeyedCache<HouseholdID, Choices>(capacity: 64)

    struct Choices: Sendable {
        let locations: [(id: Location.ID, path: String)]
        let tags: [String]
    }

    private func currentChoices(_ items: ItemStore) throws -> Choices {
        try choices.value(for: items.householdID, at: items.revision) {
            Choices(locations: try items.locations().map { (id: $0.id, path: $0.path) }, tags: try items.tags().map(\.name))
        }
    }

    /// How many items each recent search or filter finds (its "N items found"): counting reads an
    /// index of every match, so it is done once per household, query and search revision, not per window.
    private let searchCounts = RevisionKeyedCache<SearchCountKey, Int>(capacity: 256)

    private struct SearchCountKey: Hashable {
        let household: HouseholdID
        let query: String
    }

    /// Rows the plain list shows at once; longer lists continue with Show more (keyset windows), so
    /// a large inventory is never one huge page. Edit mode shows every row: reordering needs them.
    static let listWindow = 200

    init(items: ItemStore, claims: ClaimStore, households: HouseholdResolver, site: PageContext, maxUploadBytes: Int, library: PhotoLibrary?,
         backups: BackupNotices? = nil, clock: any TimeSource = WallClock(), reminders: ReminderFactsReader) {
        self.store = HouseholdBound(items)
        self.claimStore = HouseholdBound(claims)
        self.households = households
        self.site = site
        self.maxUploadBytes = maxUploadBytes
        self.library = library
        self.backups = backups
        self.clock = clock
        self.reminders = reminders
    }

    /// What the home page's "Due soon" card is made from.
    let reminders: ReminderFactsReader


    func register(in router: inout AppRouter) {
        router.get(ItemRoutes.list) { request in try list(request) }
        router.get(ItemRoutes.new) { request in
            _ = try households.items(store, of: request)
            return newItem(request, ItemForm(), errors: nil)
        }
        router.post(ItemRoutes.create) { request in try create(request) }
        router.get(ItemRoutes.item) { request in try detail(request) }
        router.post(ItemRoutes.item) { request in try save(request) }
        router.get(ItemRoutes.delete) { request in try confirmDelete(request) }
        router.post(ItemRoutes.delete) { request in try delete(request) }
        router.post(ItemRoutes.move) { request in try move(request) }
        router.post(ItemRoutes.photo, maxBodySize: maxUploadBytes, isSlow: true) { request in try uploadPhoto(request) }
        router.post(ItemRoutes.removePhoto) { request in try removePhoto(request) }
        router.post(ItemRoutes.pickPhoto, isSlow: true) { request in try pickFromLibrary(request) }
    }

    /// The picker's form without scripts: a multipart upload, then back to the item.
    private func uploadPhoto(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        _ = try items.givePhoto(to: id) { try ItemPhotoAPIHandlers.imageBytes(of: request) }
        return .redirect(to: ItemRoutes.item(id))
    }

    /// The library's pick mode without scripts: a photo chosen there is copied into the item.
    private func pickFromLibrary(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        guard let assetID = try request.formFields()["assetId"] else {
            throw AppError(.invalidAssetID, Message("error.photo.library-none-chosen", "No library photo was chosen. Go back and tap a photo."))
        }
        guard let library else { throw LibraryAPIHandlers.assetNotFound }
        _ = try items.givePhoto(to: id) { try library.photoBytes(of: LibraryAsset.ID(assetID), visibleTo: try request.visibleLibraryRoots(of: library)) }
        return .redirect(to: ItemRoutes.item(id))
    }

    private func removePhoto(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        _ = try items.removeImage(id: id)
        return .redirect(to: ItemRoutes.item(id))
    }

    private func list(_ request: Request) throws -> Response {
        let (claims, items) = try households.stores(claimStore, store, of: request)
        let context = request.pageContext(site)
        let view = ItemListView(query: request.query, canEdit: context.canEdit)
        let search = try searchModel(request, items: items)
        if view != .editing, !ItemListQuery.isPlainList(request) || search.showDisposed {
            return try searchResults(request, items: items, search: search, context: context)
        }
        // The readiness card counts evidence still in the library: a rescan may change it.
        let revision = ContentRevision.key(items: items.revision, library: library?.revision ?? 0, today: items.clock.today)
        let format = context.format
        // Every page's language is a shipped one (or the pseudo-locale), each with its own rows.
        let rows = try listRows.value(for: ListRowsKey(household: items.householdID, view: view, language: format.language), at: revision) {
            try renderRows(view, items: items, format: format)
        }
        let page = ItemListPage(rows: rows.html, count: rows.count, summary: ItemListPage.summary(count: rows.count, total: rows.total, currency: rows.currency,
                                hiddenDisposed: rows.hiddenDisposed, words: context.localizer), view: view, search: search, nextURL: rows.nextURL,
                                readiness: view != .manual && view != .rooms || rows.count == 0 ? nil : rows.readiness,
                                bulk: view == .selecting ? try bulkModel(items: items, claims: claims) : nil, newItemForm: ItemForm(), context: context,
                                backup: view == .manual || view == .rooms ? backups?.model(now: clock.now, isOwner: context.canManage, words: context.localizer) : nil,
                                draftCount: try items.draftCount(), dueSoon: view == .manual || view == .rooms ? try dueSoon(request) : nil)
        return .html(page.document().renderedBytes())
    }

    /// The next few reminders for the caller; nil when nothing is due or soon due.
    private func dueSoon(_ request: Request) throws -> DueSoonCard? {
        guard let account = request.caller?.account else { return nil }
        let today = clock.today
        // Backups have their own notice on this page.
        let due = try reminders.due(for: account, on: today).filter { $0.kind.family != "backup" }
        return due.isEmpty ? nil : DueSoonCard(due, today: today, words: request.pageContext(site).localizer)
    }

    private func searchModel(_ request: Request, items: ItemStore) throws -> ItemSearchModel {
        let query = request.query
        return ItemSearchModel(
            text: query["q"] ?? "", locationID: query["location"] ?? "", tag: query["tag"] ?? "", condition: query["condition"] ?? "",
            warrantyEndingSoon: !(query["warrantyEndsWithin"] ?? "").isEmpty, missingEvidence: query["missingEvidence"] == "true", showDisposed: query["showDisposed"] == "1",
            sort: query["sort"] ?? "", locations: try currentChoices(items).locations, tags: try currentChoices(items).tags)
    }

    /// A search or filtered list: one window at a time (keyset), never cached (each query is its own).
    private func searchResults(_ request: Request, items: ItemStore, search: ItemSearchModel, context: PageContext) throws -> Response {
        var query = try ItemListQuery.query(from: request, today: items.clock.today)
        if query.disposed == nil && !search.showDisposed { query.disposed = false }
        query.limit = query.limit ?? Self.searchWindow
        let window = try items.items(matching: query)
        var everything = query
        everything.limit = nil
        everything.after = nil
        let countKey = request.query.pairs.filter { $0.name != "after" && $0.name != "limit" }.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let count = try searchCounts.value(for: SearchCountKey(household: items.householdID, query: countKey), at: items.searchRevision) { try items.count(matching: everything) }
        let currency = try items.currency()
        let rows = window.items.map { rowModel($0, currency: currency, format: context.format, isFirst: false, isLast: false) }
        let html = RenderedHTML(ol(.class("item-list"), .id("item-list"), .data("editing", "false"), .aria("label", context.text("item.list.found"))) {
            HTMLNode.fragment(rows.map { ItemRowView(row: $0, editing: false, words: context.localizer).node })
        })
        let nextURL = window.next.map { ItemListQuery.nextURL(query, after: $0, base: ItemRoutes.list.url()) + (search.showDisposed ? "&showDisposed=1" : "") }
        let summary = count == 0 ? context.text("item.search.nothing-found") : context.text("item.search.found", ["count": .count(count)])
        let page = ItemListPage(rows: html, count: count, summary: summary, view: .manual, search: search, nextURL: nextURL,
                                readiness: nil, bulk: nil, newItemForm: ItemForm(), context: context)
        return .html(page.document().renderedBytes())
    }

    private func bulkModel(items: ItemStore, claims: ClaimStore) throws -> ItemBulkBar.Model {
        ItemBulkBar.Model(locations: try currentChoices(items).locations, tags: try currentChoices(items).tags,
                          claims: try claims.claims().filter { !$0.isClosed }.map { (id: $0.id, name: $0.name) })
    }

    /// Items per window of a search on the page.
    static let searchWindow = 100

    /// The rows alone: the same for everyone reading one language, so they are rendered once per
    /// inventory revision and language.
    private func renderRows(_ view: ItemListView, items: ItemStore, format: DisplayFormat) throws -> ListRows {
        var all = try items.all()
        _ = try library?.resolveEvidence(of: &all)
        let shown = view.showsDisposed ? all : all.filter { $0.details.disposal == nil }
        let currency = try items.currency()
        let totals = try items.totals()
        func model(_ item: Item, isFirst: Bool, isLast: Bool) -> ItemRowModel { rowModel(item, currency: currency, format: format, isFirst: isFirst, isLast: isLast) }
        let html: RenderedHTML
        if view == .rooms {
            let byLocation = Dictionary(grouping: shown, by: \.locationID)
            let places: [(id: Location.ID?, path: String)] = try items.locations().map { ($0.id, $0.path) } + [(nil, format.words.text("item.field.nowhere"))]
            let sections = places.compactMap { place -> ItemSectionModel? in
                guard let inPlace = byLocation[place.id] else { return nil }
                let total = totals.byLocation[place.id] ?? ValueTotal()
                return ItemSectionModel(title: place.path, totalText: format.total(total, in: currency),
                                        rows: inPlace.map { model($0, isFirst: false, isLast: false) })
            }
            html = RenderedHTML(div(.class("item-sections"), .id("item-list")) {
                for (index, section) in sections.enumerated() { ItemSectionView(section: section, index: index, words: format.words).node }
            })
        } else {
            let windowed = view == .manual && shown.count > Self.listWindow
            let rows = (windowed ? Array(shown.prefix(Self.listWindow)) : shown).enumerated().map { index, item in
                model(item, isFirst: index == 0, isLast: index == shown.count - 1)
            }
            html = RenderedHTML(ol(.class(view == .selecting ? "item-list selecting" : "item-list"), .id("item-list"),
                                   .data("editing", view == .editing ? "true" : "false"), .aria("label", format.words.text("item.list.title"))) {
                HTMLNode.fragment(rows.map { ItemRowView(row: $0, editing: view == .editing, selecting: view == .selecting, words: format.words).node })
            })
        }
        let readiness = ReadinessSummary(items: all, evidence: \.claimEvidence, today: items.clock.today)
        var nextURL: String?
        if view == .manual && shown.count > Self.listWindow {
            var first = ItemQuery(sort: .manual, limit: Self.listWindow)
            first.disposed = false
            nextURL = try items.items(matching: first).next.map { ItemListQuery.nextURL(first, after: $0, base: ItemRoutes.list.url()) }
        }
        return ListRows(html: html, count: shown.count, total: totals.all, currency: currency,
                        hiddenDisposed: all.count - shown.count, readiness: ReadinessPageHandlers.card(readiness, currency: currency), nextURL: nextURL)
    }

    private func rowModel(_ item: Item, currency: Currency, format: DisplayFormat, isFirst: Bool, isLast: Bool) -> ItemRowModel {
        let valuable = Int64(50) * currency.minorUnitsPerMajorUnit
        let threshold = format.money(valuable, in: currency)
        let lineValue = item.details.lineValue ?? 0
        return ItemRowModel(
            id: item.id, name: item.shownName, serialNumber: item.serialNumber,
            valueText: (item.details.quantity == 1 && item.details.quantityUnit.isPieces ? "" : "\(format.quantity(item.details.quantity, item.details.quantityUnit)) × ") + format.money(item.details.unitValue, in: currency),
            isValuable: lineValue >= valuable,
            valueTitle: format.words.text(lineValue >= valuable ? "item.list.valuable" : "item.list.modest", ["amount": .text(threshold)]),
            disposedText: item.details.disposal?.kind.label,
            position: item.position, isFirst: isFirst, isLast: isLast,
            detailURL: ItemRoutes.item(item.id), moveURL: ItemRoutes.move(item.id), deleteURL: ItemRoutes.delete(item.id),
            apiURL: ItemRoutes.apiItem(item.id), apiMoveURL: ItemRoutes.apiMove(item.id),
            photo: item.image.map(PhotoModel.init)
        )
    }

    private func newItem(_ request: Request, _ form: ItemForm, errors: ValidationError?) -> Response {
        .html(NewItemPage(form: form, errors: errors, context: request.pageContext(site)).document().renderedBytes(),
              status: errors == nil ? .ok : .unprocessableContent)
    }

    private func create(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let fields = try request.formFields()
        var form = ItemForm(fields: fields)
        do {
            try readLocalValue(of: &form, writtenIn: fields[TypedNumbers.field], currency: try items.currency())
            let item = try items.create(try form.input(currency: try items.currency(), now: items.clock.now))
            return request.prefersJSON ? try ItemJSON.response(item, currency: try items.currency(), today: items.clock.today, library: library, sight: sight(request), status: .created)
                : .redirect(to: ItemRoutes.list(showing: item.id))
        } catch InventoryError.invalid(let error) {
            if request.prefersJSON { throw InventoryError.invalid(error) }
            return newItem(request, form, errors: error)
        }
    }

    /// The New Item sheet of a page in another language sends its value as that language writes it
    /// (`1.234` in German), and says which; the value is read by that language's rules and handed on in
    /// the form's own (whole units, as the untranslated New Item page sends them). Refused with an
    /// example written that language's way.
    private func readLocalValue(of form: inout ItemForm, writtenIn tag: String?, currency: Currency) throws(InventoryError) {
        guard let tag, let language = Localization.bundled.language(named: tag), language != .template,
              !form.value.allSatisfy(\.isWhitespace) else { return }
        let format = DisplayFormat(words: Localization.bundled.localizer(for: language))
        do {
            let money = try Money.parse(form.value, currency: currency, writtenAs: format.amountNotation(for: currency))
            form.value = money.minorUnits % currency.minorUnitsPerMajorUnit == 0 ? String(money.wholeMajorUnits) : money.decimalString
        } catch {
            throw .invalid(ValidationError(errors: [FieldError(field: "valueInDollars", error.wording(naming: Message("item.field.value", "Value")))]))
        }
    }

    private func detail(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let item = try items.item(id: try request.itemID())
        let notice: ItemDetailPage.Notice? = request.query["saved"] == "1" ? .saved : nil
        return try detailPage(request, items: items, item, form: ItemForm(item: item, currency: try items.currency(), numbers: TypedNumbers(language: request.pageLanguage)), errors: nil, notice: notice)
    }

    /// Saves the detail form. Scripts send the same form asking for JSON, and get the item back.
    private func save(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let form = ItemForm(fields: try request.formFields())
        do {
            let item = try items.update(id: id, try form.input(currency: try items.currency(), now: items.clock.now), expectedVersion: form.version)
            return request.prefersJSON ? try ItemJSON.response(item, currency: try items.currency(), today: items.clock.today, library: library, sight: sight(request))
                : .redirect(to: ItemRoutes.item(id, saved: true))
        } catch InventoryError.invalid(let error) {
            if request.prefersJSON { throw InventoryError.invalid(error) }
            return try detailPage(request, items: items, try items.item(id: id), form: form, errors: error, notice: nil)
        } catch InventoryError.versionMismatch(let current) {
            if request.prefersJSON {
                throw AppError(.itemChanged, Message("error.item.changed-elsewhere", "This item was changed elsewhere while you edited it, so your changes were not saved. Reload the page to see the current values, then edit again."))
            }
            var form = form
            form.version = current.version
            return try detailPage(request, items: items, current, form: form, errors: nil, notice: .conflict, status: .conflict)
        }
    }

    private func detailPage(_ request: Request, items: ItemStore, _ item: Item, form: ItemForm, errors: ValidationError?, notice: ItemDetailPage.Notice?,
                            status: HTTPStatus? = nil) throws -> Response {
        var item = item
        let evidenceFiles = try library?.resolveEvidence(of: &item, describedTo: sight(request)) ?? .none
        let canSeeLibrary = hasLibrary && (try? library.map { try request.visibleLibraryRoots(of: $0) }) != nil
        let model = ItemDetailModel(
            id: item.id, title: item.shownName,
            createdISO: DisplayFormat.iso8601(item.dateCreated), createdText: DisplayFormat.date(item.dateCreated),
            etag: ItemJSON.etag(of: item), formURL: ItemRoutes.item(item.id), apiURL: ItemRoutes.apiItem(item.id),
            deleteURL: ItemRoutes.delete(item.id), photo: item.image.map(PhotoModel.init),
            photoFormURL: ItemRoutes.photo(item.id), photoAPIURL: ItemRoutes.apiPhoto(item.id),
            removePhotoURL: ItemRoutes.removePhoto(item.id),
            libraryPickURL: canSeeLibrary ? LibraryRoutes.picker(for: item.id) : nil,
            libraryAPI: LibraryRoutes.pickerAPI,
            currency: try items.currency(),
            locations: try currentChoices(items).locations,
            tagNames: try currentChoices(items).tags,
            gaps: item.claimReadiness(today: items.clock.today).gaps.map { (gap: $0, anchor: ReadinessPageHandlers.anchor(of: $0)) },
            cameFromFixNext: request.query["from"] == "fix",
            photos: item.photos.map { photo in
                PhotoEntryModel(id: photo.id, thumbnailURL: ItemPhotoURLs(photo.image).rendition(.thumbnail80), screenURL: ItemPhotoURLs(photo.image).screen,
                                kind: photo.kind, changeURL: ItemRoutes.changePhoto(item.id, photo.id))
            },
            documents: item.documents.map { document in
                DocumentEntryModel(name: document.name, kind: document.kind,
                                   sizeText: ByteCountFormatter.string(fromByteCount: Int64(document.byteSize), countStyle: .file),
                                   url: ItemRoutes.documentFile(item.id, document.id),
                                   thumbnailURL: document.hasThumbnail ? ItemRoutes.documentThumbnail(item.id, document.id) : nil,
                                   deleteURL: ItemRoutes.deleteDocument(item.id, document.id))
            },
            documentedSince: item.documentedSince.map(DisplayFormat.day),
            evidence: item.evidence.map { link in
                let urls = evidenceFiles.urls(of: link.assetID)
                let unlinkURL = ItemRoutes.unlinkEvidence(item.id, link.assetID)
                if evidenceFiles.withheld.contains(link.assetID) {
                    return EvidenceEntryModel(thumbnailURL: nil, viewerURL: nil, caption: .withheld, missingPath: nil, unlinkURL: unlinkURL)
                }
                return EvidenceEntryModel(
                    thumbnailURL: link.isMissing == true ? nil : urls?.thumbnail,
                    viewerURL: link.isMissing == true || urls == nil ? nil : LibraryRoutes.assetAtActualSize(link.assetID),
                    caption: .photo(taken: link.takenAt.map(LibraryFormat.dateTime), camera: link.camera),
                    missingPath: link.isMissing == true ? link.lastPath : nil,
                    unlinkURL: unlinkURL)
            },
            linkEvidenceURL: canSeeLibrary ? LibraryRoutes.picker(LibraryPick(itemID: item.id, asEvidence: true)) : nil,
            suggestions: try items.suggestions(for: item.id, awaiting: []).suggestions.map { suggestion in
                let photo: ItemPhoto? = if case .photo(let id) = suggestion.source { item.photos.first { $0.id == id } } else { nil }
                return SuggestionEntryModel(field: suggestion.field, value: suggestion.value, source: suggestion.source,
                                            photo: photo.map { (ItemPhotoURLs($0.image).screen, $0.image.width, $0.image.height) },
                                            region: suggestion.region)
            },
            sightings: try library.map { library in
                try LibrarySighting.of(item.id, items: items, library: library, access: canSeeLibrary ? try? request.visibleLibraryRoots(of: library) : nil)
            } ?? []
        )
        var shown = model
        shown.walkthroughOrigin = item.walkthroughOrigin.map { origin in (url: origin.videoFragmentURL, clock: WalkthroughModel.clock(origin.second)) }
        shown.packing = try items.packing(of: item.id).map { packing in
            (url: LocationRoutes.location(packing.box.id), boxCode: LabelCode(place: packing.box.id).description, boxName: packing.box.name,
             cameFrom: packing.cameFrom?.name)
        }
        let page = ItemDetailPage(item: shown, form: form, errors: errors, notice: notice, context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: status ?? (errors == nil ? .ok : .unprocessableContent))
    }

    /// How far this caller is told about library photos linked as evidence.
    private func sight(_ request: Request) -> EvidenceSight {
        library.map { request.evidenceSight(of: $0) } ?? .everything
    }

    private func confirmDelete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let item = try items.item(id: try request.itemID())
        let page = DeleteItemPage(name: item.shownName, deleteURL: ItemRoutes.delete(item.id), cancelURL: ItemRoutes.item(item.id),
                                  context: request.pageContext(site))
        return .html(page.document().renderedBytes())
    }

    private func delete(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        try items.delete(id: try request.itemID())
        return .redirect(to: ItemRoutes.list.url())
    }

    private func move(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let id = try request.itemID()
        let fields = try request.formFields()
        guard let position = fields["position"].flatMap({ Int($0) }) else {
            throw AppError(.invalidPosition, Message("error.item.move-no-position", "The move did not say where to; use the arrow buttons on the list."))
        }
        _ = try items.move(id: id, to: position)
        return .redirect(to: ItemRoutes.list(editing: true, showing: id))
    }
}

extension Request {
    /// The fields of a urlencoded form body.
    func formFields() throws -> FormFields {
        if let type = contentType, type != "application/x-www-form-urlencoded" {
            throw AppError(.unsupportedMediaType, Message("error.media.send-form", "This form must be sent as application/x-www-form-urlencoded, not \(type).", ["type": .text(type)]))
        }
        guard let fields = FormFields(urlEncoded: body) else {
            throw AppError(.invalidForm, Message("error.form.damaged", "The form data is damaged (a malformed %-escape or text that is not UTF-8). Reload the page and try again."))
        }
        return fields
    }
}
