import Accounts
import Claims
import Clocks
import Foundation
import HTTPServer
import Inventory

/// `/api/v1/claims…`, `/api/v1/policy`: claims after a loss, their items and the policy. Every
/// answer that holds a whole claim (its JSON, the list) is made on a worker, within the caller's
/// share (`ClaimReadLimit`). Each works in the request's household.
struct ClaimAPIHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let clock: any TimeSource
    let reads: ClaimReadLimit
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        router.add(.get, ClaimRoutes.apiList, readingClaimsWithin: reads) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            let sheets = try claims.sheets()
            var writer = JSONWriter(capacity: 1024 * sheets.count + 2)
            writer.array(sheets) { json, sheet in ClaimJSON.write(sheet, today: today, to: &json) }
            return Response.json(writer)
        }
        router.add(.post, ClaimRoutes.apiList, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            var input = try ClaimInput(json: try ItemAPIHandlers.jsonObject(of: request), currency: try items.currency())
            // Its packet in the caller's language unless it says which.
            if input.language == nil { input.language = request.pageLanguage.tag }
            let claim = try claims.create(input, now: clock.now)
            var response = try answer(claim.id, in: claims, status: .created)
            response.headers["Location"] = ClaimRoutes.apiClaim(claim.id)
            return response
        }
        router.add(.get, ClaimRoutes.apiClaim, readingClaimsWithin: reads) { request in
            try answer(try request.claimID(), in: try households.stores(self.claims, self.items, of: request).claims)
        }
        router.add(.get, ClaimRoutes.apiPackOut, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            return try ClaimPackOut(sheet: try claims.sheet(id: try request.claimID()), items: items).response()
        }
        router.add(.patch, ClaimRoutes.apiClaim, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try request.claimID()
            let input = try ClaimInput(json: try ItemAPIHandlers.jsonObject(of: request), currency: try items.currency())
            return try answer(try claims.update(id: id, input).id, in: claims)
        }
        router.delete(ClaimRoutes.apiClaim) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            try claims.delete(id: try request.claimID())
            return .noContent
        }
        router.add(.post, ClaimRoutes.apiItems, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let id = try claims.claim(id: try request.claimID()).id
            let selection = try ClaimSelection(json: try ItemAPIHandlers.jsonObject(of: request))
            let added = try claims.addItems(try selection.itemIDs(in: items), to: id).added
            var writer = JSONWriter(capacity: 1024)
            let sheet = try claims.sheet(id: id)
            writer.object { json in
                json.key("added"); json.value(added)
                json.key("claim"); ClaimJSON.write(sheet, today: today, to: &json)
            }
            return Response.json(writer)
        }
        router.add(.patch, ClaimRoutes.apiLine, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let (id, itemID) = (try request.claimID(), try request.claimLineItemID())
            var problems: [FieldError] = []
            let object = try ItemAPIHandlers.jsonObject(of: request)
            guard let input = ClaimLineInput(json: object, field: "item", itemID: itemID, currency: try items.currency(), into: &problems) else {
                throw ClaimError.invalid(ValidationError(errors: problems.map { FieldError(field: String($0.field.dropFirst("item.".count)), $0.wording) }))
            }
            return try answer(try claims.updateLine(input, of: id).id, in: claims)
        }
        router.add(.delete, ClaimRoutes.apiLine, readingClaimsWithin: reads) { request in
            let claims = try households.stores(self.claims, self.items, of: request).claims
            return try answer(try claims.removeItem(try request.claimLineItemID(), from: try request.claimID()).id, in: claims)
        }
        router.add(.post, ClaimRoutes.apiClose, readingClaimsWithin: reads) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            return try answer(try claims.close(id: try request.claimID(), items: items, now: clock.now).id, in: claims)
        }
        router.get(ClaimRoutes.apiPolicy) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            return PolicyJSON.response(try claims.policy(), currency: try items.currency())
        }
        router.patch(ClaimRoutes.apiPolicy) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let currency = try items.currency()
            let input = try PolicyJSON.input(try ItemAPIHandlers.jsonObject(of: request), currency: currency)
            return PolicyJSON.response(try claims.setPolicy(input), currency: currency)
        }
    }

    private var today: CalendarDate { CalendarDate(clock.now) }

    /// The claim `id` of `claims`' household as it is now, with its items and schedule.
    private func answer(_ id: Claim.ID, in claims: ClaimStore, status: HTTPStatus = .ok) throws -> Response {
        var writer = JSONWriter(capacity: 1024)
        ClaimJSON.write(try claims.sheet(id: id), today: today, to: &writer)
        return Response.json(writer, status: status)
    }
}

extension Request {
    /// The `{id}` of a claim route; an id that cannot exist is simply not found.
    func claimID() throws -> Claim.ID {
        try id(of: Claim.self) { AppError(.claimNotFound, Message("error.claim.bad-id", "There is no claim “\($0)”. Claim ids are whole numbers; list them at \(ClaimRoutes.apiList.url()).",
                                         ["id": .text($0), "address": .text(ClaimRoutes.apiList.url())])) }
    }

    /// The `{itemId}` of a claim line's route.
    func claimLineItemID() throws -> Item.ID {
        try id("itemId", of: Item.self) { AppError(.claimLineNotFound, Message("error.claim.line.bad-id", "There is no item “\($0)” in this claim. Item ids are whole numbers.", ["id": .text($0)])) }
    }
}
