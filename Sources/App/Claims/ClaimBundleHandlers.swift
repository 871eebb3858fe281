import Claims
import Foundation
import HTTPServer
import Inventory

/// A claim's bundles: `/api/v1/claims/{id}/bundles` (list, make; one bundle: read, rename or
/// change its lines, unbundle) and the claim page's forms, which work without scripts (a mistake
/// shows the claim's page again with the form as filled in and what to fix). In the request's household.
struct ClaimBundleHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    /// The items the claim page shows again with a mistake.
    let items: HouseholdBound<ItemStore>
    let pages: ClaimPageHandlers
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.apiBundles) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            return ClaimBundleJSON.response(try claims.sheet(id: try request.claimID()))
        }
        router.post(ClaimRoutes.apiBundles) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let id = try request.claimID()
            let input = try ClaimBundleInput(json: try ItemAPIHandlers.jsonObject(of: request))
            guard let name = input.name, let lines = input.lines else {
                throw ClaimError.invalid(ValidationError(errors: [input.name == nil ? FieldError(field: "name", Message("error.claim.bundle.name-missing", "Name the bundle (for example “Lot of hand tools”).")) : nil,
                                                                  input.lines == nil ? FieldError(field: "lines", Message("error.claim.bundle.lines-missing", "Give the lines to bundle as their items' ids, like [3, 7].")) : nil].compactMap { $0 }))
            }
            let bundleID = try claims.addBundle(name: name, lines: lines, to: id).bundleID
            var response = try ClaimBundleJSON.response(bundleID, in: try claims.sheet(id: id), status: .created)
            response.headers["Location"] = ClaimRoutes.apiBundle(id, bundle: bundleID)
            return response
        }
        router.get(ClaimRoutes.apiBundle) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            return try ClaimBundleJSON.response(try request.bundleID(), in: try claims.sheet(id: try request.claimID()))
        }
        router.patch(ClaimRoutes.apiBundle) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let (id, bundleID) = (try request.claimID(), try request.bundleID())
            let input = try ClaimBundleInput(json: try ItemAPIHandlers.jsonObject(of: request))
            _ = try claims.updateBundle(bundleID, of: id, name: input.name, lines: input.lines)
            return try ClaimBundleJSON.response(bundleID, in: try claims.sheet(id: id))
        }
        router.delete(ClaimRoutes.apiBundle) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            _ = try claims.removeBundle(try request.bundleID(), of: try request.claimID())
            return .noContent
        }
        // The claim page's forms.
        router.post(ClaimRoutes.addBundle) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            let form = ClaimBundleForm(fields: try request.formFields())
            do {
                _ = try claims.addBundle(name: form.name, lines: form.itemIDs, to: id)
                return .redirect(to: ClaimRoutes.claim(id, bundled: true))
            } catch ClaimError.invalid(let errors) {
                return try pages.claimPage(request, claims: claims, items: items, id: id, form: nil, errors: nil, bundleForm: form, bundleErrors: errors)
            }
        }
        router.post(ClaimRoutes.removeBundle) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let id = try request.claimID()
            _ = try claims.removeBundle(try request.bundleID(), of: id)
            return .redirect(to: ClaimRoutes.claim(id, bundled: false))
        }
    }
}

extension Request {
    /// The `{bundleId}` of a bundle's route.
    func bundleID() throws -> ClaimBundle.ID {
        try id("bundleId", of: ClaimBundle.self) { AppError(.claimBundleNotFound, Message("error.claim.bundle.bad-id", "There is no bundle “\($0)” in this claim. Bundle ids are whole numbers.", ["id": .text($0)])) }
    }
}

/// The bundle form as filled in, kept to show again with what to fix.
struct ClaimBundleForm: Sendable {
    var name = ""
    var itemIDs: [Item.ID] = []

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        itemIDs = fields.all("line").compactMap { Item.ID($0) }
    }
}

/// A bundle's fields as the API sends them: `name` and `lines` (items' ids), each optional in a PATCH.
struct ClaimBundleInput {
    var name: String?
    var lines: [Item.ID]?

    static var schema: InputSchema<ClaimBundleInput> {
        let ids = Message("error.json.expected.item-ids", "a list of items' ids (whole numbers), like [3, 7]")
        return InputSchema(api: "ClaimBundleInput", fields: [
            .text("name", \.name),
            InputField(name: "lines", api: "array", expected: ids, json: { value, input, reading in
                let refusal = FieldError(field: reading.path, Message("error.claim.bundle.lines", "lines must be a list of items' ids (whole numbers), like [3, 7]."))
                guard case .array(let members) = value else { return reading.problems.append(refusal) }
                let found = members.compactMap { member -> Item.ID? in if case .integer(let id) = member, id > 0 { Item.ID(id) } else { nil } }
                if found.count == members.count { input.lines = found } else { reading.problems.append(refusal) }
            }),
        ], unknown: { Message("error.json.unknown.bundle", "Unknown field “\($0)”. A bundle's fields are name and lines.", ["field": .text($0)]) })
    }

    /// Reads a bundle from a JSON object, every wrong type and unknown field at once.
    init(json object: [String: JSONValue]) throws(ClaimError) {
        var problems: [FieldError] = [], input = ClaimBundleInput()
        Self.schema.read(json: object, into: &input, context: InputContext(), problems: &problems)
        self = input
        guard problems.isEmpty else { throw .invalid(ValidationError(errors: problems)) }
    }

    private init() {}
}
