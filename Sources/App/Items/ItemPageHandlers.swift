import Database
import Foundation
import HTML
import HTTPServer
import Inventory
import PhotoLibrary

/// The item pages: the list, the detail editor, New Item and delete confirmation. Every change
/// is a form post answered with a redirect, so all of it works without scripts.
struct ItemPageHandlers: Sendable {
    let items: ItemStore
    /// What every page shares; each request adds who is signed in.
    let site: PageContext
    let maxUploadBytes: Int
    /// Whether a photo library is set up (the picker then offers it).
    let library: PhotoLibrary?
    var hasLibrary: Bool { library?.roots.isEmpty == false }
    /// The list's rows, remade only after the inventory changes (one set for browsing, one for editing).
    private let listRows = [RevisionCache<ListRows>(), RevisionCache<ListRows>()]

    struct ListRows: Sendable {
        let html: RenderedHTML
        let count: Int
        let total: Int
    }

    init(items: ItemStore, site: PageContext, maxUploadBytes: Int, library: PhotoLibrary?) {
        self.items = items
        self.site = site
        self.maxUploadBytes = maxUploadBytes
        self.library = library
    }

    func register(in router: inout AppRouter) {
        router.get(ItemRoutes.list) { request in try list(request) }
        router.get(ItemRoutes.new) { request in newItem(request, ItemForm(), errors: nil) }
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
        let id = try request.itemID()
        _ = try items.givePhoto(to: id) { try ItemPhotoAPIHandlers.imageBytes(of: request) }
        return .redirect(to: ItemRoutes.item(id))
    }

    /// The library's pick mode without scripts: a photo chosen there is copied into the item.
    private func pickFromLibrary(_ request: Request) throws -> Response {
        let id = try request.itemID()
        guard let assetID = try request.formFields()["assetId"] else {
            throw AppError(.invalidAssetID, message: "No library photo was chosen. Go back and tap a photo.")
        }
        guard let library else { throw LibraryAPIHandlers.assetNotFound }
        _ = try items.givePhoto(to: id) { try library.photoBytes(of: assetID, visibleTo: try request.visibleLibraryRoots(of: library)) }
        return .redirect(to: ItemRoutes.item(id))
    }

    private func removePhoto(_ request: Request) throws -> Response {
        let id = try request.itemID()
        _ = try items.removeImage(id: id)
        return .redirect(to: ItemRoutes.item(id))
    }

    private func list(_ request: Request) throws -> Response {
        let context = request.pageContext(site)
        let editing = request.query["edit"] == "1" && context.canEdit
        let rows = try listRows[editing ? 1 : 0].value(at: items.revision) { try renderRows(editing: editing) }
        let page = ItemListPage(rows: rows.html, count: rows.count, totalText: DisplayFormat.dollars(rows.total), editing: editing,
                                newItemForm: ItemForm(), context: context)
        return .html(page.document().renderedBytes())
    }

    /// The rows alone: the same for everyone, so they are rendered once per inventory revision.
    private func renderRows(editing: Bool) throws -> ListRows {
        let all = try items.all()
        let rows = all.enumerated().map { index, item in
            ItemRowModel(
                id: item.id, name: item.name, serialNumber: item.serialNumber,
                valueText: DisplayFormat.dollars(item.valueInDollars), isValuable: item.valueInDollars >= 50,
                position: item.position, isFirst: index == 0, isLast: index == all.count - 1,
                detailURL: ItemRoutes.item(item.id), moveURL: ItemRoutes.move(item.id), deleteURL: ItemRoutes.delete(item.id),
                apiURL: ItemRoutes.apiItem(item.id), apiMoveURL: ItemRoutes.apiMove(item.id),
                photo: item.image.map(PhotoModel.init)
            )
        }
        let html = RenderedHTML(.fragment(rows.map { ItemRowView(row: $0, editing: editing).node }))
        return ListRows(html: html, count: all.count, total: all.reduce(0) { $0 + $1.valueInDollars })
    }

    private func newItem(_ request: Request, _ form: ItemForm, errors: ValidationError?) -> Response {
        .html(NewItemPage(form: form, errors: errors, context: request.pageContext(site)).document().renderedBytes(),
              status: errors == nil ? .ok : .unprocessableContent)
    }

    private func create(_ request: Request) throws -> Response {
        let form = ItemForm(fields: try request.formFields())
        do {
            let item = try items.create(try form.input(currency: try items.currency()))
            return request.prefersJSON ? ItemJSON.response(item, currency: try items.currency(), status: .created) : .redirect(to: ItemRoutes.list(showing: item.id))
        } catch InventoryError.invalid(let error) {
            if request.prefersJSON { throw InventoryError.invalid(error) }
            return newItem(request, form, errors: error)
        }
    }

    private func detail(_ request: Request) throws -> Response {
        let item = try items.item(id: try request.itemID())
        let notice: ItemDetailPage.Notice? = request.query["saved"] == "1" ? .saved : nil
        return try detailPage(request, item, form: ItemForm(item: item, currency: try items.currency()), errors: nil, notice: notice)
    }

    /// Saves the detail form. Scripts send the same form asking for JSON, and get the item back.
    private func save(_ request: Request) throws -> Response {
        let id = try request.itemID()
        let form = ItemForm(fields: try request.formFields())
        do {
            let item = try items.update(id: id, try form.input(currency: try items.currency()), expectedVersion: form.version)
            return request.prefersJSON ? ItemJSON.response(item, currency: try items.currency()) : .redirect(to: ItemRoutes.item(id, saved: true))
        } catch InventoryError.invalid(let error) {
            if request.prefersJSON { throw InventoryError.invalid(error) }
            return try detailPage(request, try items.item(id: id), form: form, errors: error, notice: nil)
        } catch InventoryError.versionMismatch(let current) {
            if request.prefersJSON {
                throw AppError(.itemChanged, message: "This item was changed elsewhere while you edited it, so your changes were not saved. Reload the page to see the current values, then edit again.")
            }
            var form = form
            form.version = current.version
            return try detailPage(request, current, form: form, errors: nil, notice: .conflict, status: .conflict)
        }
    }

    private func detailPage(_ request: Request, _ item: Item, form: ItemForm, errors: ValidationError?, notice: ItemDetailPage.Notice?,
                            status: HTTPStatus? = nil) throws -> Response {
        let model = ItemDetailModel(
            id: item.id, title: item.name,
            createdISO: DisplayFormat.iso8601(item.dateCreated), createdText: DisplayFormat.date(item.dateCreated),
            etag: ItemJSON.etag(of: item), formURL: ItemRoutes.item(item.id), apiURL: ItemRoutes.apiItem(item.id),
            deleteURL: ItemRoutes.delete(item.id), photo: item.image.map(PhotoModel.init),
            photoFormURL: ItemRoutes.photo(item.id), photoAPIURL: ItemRoutes.apiPhoto(item.id),
            removePhotoURL: ItemRoutes.removePhoto(item.id),
            libraryPickURL: hasLibrary && (try? library.map { try request.visibleLibraryRoots(of: $0) }) != nil ? LibraryRoutes.picker(for: item.id) : nil,
            libraryAPI: LibraryRoutes.pickerAPI,
            currency: try items.currency(),
            locations: try items.locations().map { (id: $0.id, path: $0.path) },
            tagNames: try items.tags().map(\.name)
        )
        let page = ItemDetailPage(item: model, form: form, errors: errors, notice: notice, context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: status ?? (errors == nil ? .ok : .unprocessableContent))
    }

    private func confirmDelete(_ request: Request) throws -> Response {
        let item = try items.item(id: try request.itemID())
        let page = DeleteItemPage(name: item.name, deleteURL: ItemRoutes.delete(item.id), cancelURL: ItemRoutes.item(item.id),
                                  context: request.pageContext(site))
        return .html(page.document().renderedBytes())
    }

    private func delete(_ request: Request) throws -> Response {
        try items.delete(id: try request.itemID())
        return .redirect(to: ItemRoutes.list.url())
    }

    private func move(_ request: Request) throws -> Response {
        let id = try request.itemID()
        let fields = try request.formFields()
        guard let position = fields["position"].flatMap({ Int($0) }) else {
            throw AppError(.invalidPosition, message: "The move did not say where to; use the arrow buttons on the list.")
        }
        _ = try items.move(id: id, to: position)
        return .redirect(to: ItemRoutes.list(editing: true, showing: id))
    }
}

extension Request {
    /// The fields of a urlencoded form body.
    func formFields() throws -> FormFields {
        if let type = contentType, type != "application/x-www-form-urlencoded" {
            throw AppError(.unsupportedMediaType, message: "This form must be sent as application/x-www-form-urlencoded, not \(type).")
        }
        guard let fields = FormFields(urlEncoded: body) else {
            throw AppError(.invalidForm, message: "The form data is damaged (a malformed %-escape or text that is not UTF-8). Reload the page and try again.")
        }
        return fields
    }
}
