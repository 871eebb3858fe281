import ClaimReport
import Foundation
import HTTPServer
import Inventory
import Messages

/// A label's short address, which a phone's camera opens (signed out, the sign-in page asks first
/// and comes back here: `AccessMiddleware`), and the sheets of labels as a PDF.
struct LabelHandlers: Sendable {
    let store: HouseholdBound<ItemStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    let site: PageContext
    let temporaryFolder: URL

    /// At most this many things are named on a place's label; the drawing prints as many as fit.
    static let contentsShown = 40

    func register(in router: inout AppRouter) {
        router.get(LabelRoutes.label) { request in try open(request) }
        router.get(LabelRoutes.apiSheet) { request in try sheet(request) }
    }

    private func open(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let text = request.parameters["code"] ?? ""
        guard let code = LabelCode(text) else {
            throw AppError(.labelNotFound, Message("error.label.not-a-code", "“\(text.prefix(24))” is not a label's code: check it against the label (a P or T, then four or more letters and digits).", ["text": .text(String(text.prefix(24)))]))
        }
        switch try items.labelTarget(code) {
        case .place(let location):
            return .redirect(to: LocationRoutes.location(location.id))
        case .item(let item):
            return .redirect(to: ItemRoutes.item(item.id))
        case .deleted(let kind, let name):
            let page = LabelDeletedPage(code: code.description, kind: kind, name: name, context: request.pageContext(site))
            return .html(page.document().renderedBytes(), status: HTTPStatus(code: 410, reason: "Gone"))
        case .unknown:
            throw AppError(.labelNotFound, Message("error.label.unknown", "No place or item has the label \(code). Check the code on the label.", ["code": .text("\(code)")]))
        }
    }

    private func sheet(_ request: Request) throws -> Response {
        let items = try households.items(store, of: request)
        let query = try LabelSheetQuery(request)
        let document = LabelSheetDocument(labels: try labels(query, in: items, for: request), stock: query.stock, start: query.start)
        let target = temporaryFolder.appendingPathComponent("labels-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: target) }
        do {
            try LabelSheetRenderer.render(document, to: target)
        } catch .drawing(.diskFull) {
            throw DiskFull.refusal
        } catch {
            throw AppError(.reportFailed, Message("error.label.failed", "The labels could not be made: \(error) Nothing was sent; try again.", ["problem": .text("\(error)")]))
        }
        var response = Response(body: .bytes(try [UInt8](Data(contentsOf: target))))
        response.headers["Content-Type"] = "application/pdf"
        response.headers["Content-Disposition"] = "inline; filename=\"labels-\(query.stock.rawValue).pdf\""
        return response
    }

    /// Each label's address, code, name and lines, places first, in the order asked; every id known.
    private func labels(_ query: LabelSheetQuery, in items: ItemStore, for request: Request) throws -> [LabelSheetDocument.Label] {
        let places = Dictionary(uniqueKeysWithValues: try items.locations().map { ($0.id, $0) })
        let missingPlaces = query.locations.filter { places[$0] == nil }
        var labels: [LabelSheetDocument.Label] = []
        for id in query.locations {
            guard let place = places[id] else { continue }
            let contents = try items.labelContents(of: id, limit: Self.contentsShown)
            labels.append(label(LabelCode(place: id), name: place.name, lines: [], contents: contents.names, contentsTotal: contents.total, for: request))
        }
        var missingItems: [Item.ID] = []
        for id in query.items {
            do {
                let item = try items.item(id: id)
                let place = item.locationID.flatMap { places[$0] }?.path
                labels.append(label(LabelCode(item: id), name: item.name, lines: place.map { [$0] } ?? [], for: request))
            } catch InventoryError.itemNotFound {
                missingItems.append(id)
            }
        }
        guard missingPlaces.isEmpty, missingItems.isEmpty else {
            var error = AppError(.unknownLabelTarget, LabelWording.missing(places: missingPlaces.map(\.description), items: missingItems.map(\.description)))
            if !missingPlaces.isEmpty { error.fieldWordings.append((field: "locations", message: error.wording)) }
            if !missingItems.isEmpty { error.fieldWordings.append((field: "items", message: error.wording)) }
            throw error
        }
        return labels
    }

    private func label(_ code: LabelCode, name: String, lines: [String], contents: [String] = [], contentsTotal: Int = 0,
                       for request: Request) -> LabelSheetDocument.Label {
        LabelSheetDocument.Label(address: request.siteURL(LabelRoutes.label(code)), code: code.description, name: name, lines: lines,
                                 contents: contents, contentsTotal: contentsTotal)
    }
}
