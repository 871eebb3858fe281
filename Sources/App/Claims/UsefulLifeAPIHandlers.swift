import Claims
import HTTPServer
import Inventory

/// `/api/v1/useful-lives`: the table depreciation is worked out with, and the household's changes,
/// in the request's household.
struct UsefulLifeAPIHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    /// The claims of the request's household.
    private func householdClaims(_ request: Request) throws -> ClaimStore {
        claims.in(try households.household(of: request))
    }

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.apiUsefulLives) { request in Self.response(try householdClaims(request).usefulLifeTable()) }
        router.patch(ClaimRoutes.apiUsefulLives) { request in
            let claims = try householdClaims(request)
            let object = try ItemAPIHandlers.jsonObject(of: request)
            var problems: [FieldError] = []
            let years = UsefulLivesInput.read(json: object, problems: &problems)
            guard problems.isEmpty else {
                var error = AppError(.invalidUsefulLife, ValidationError(errors: problems).summaryWording)
                error.fieldWordings = problems.map { (field: $0.field, message: $0.wording) }
                throw error
            }
            return Self.response(try claims.changeUsefulLives(years))
        }
    }

    /// `[{"category","label","years","defaultYears","source"}]`, the table's order.
    static func response(_ table: UsefulLifeTable) -> Response {
        var writer = JSONWriter(capacity: 256 * table.entries.count)
        writer.array(table.entries) { json, entry in
            json.object { json in
                json.key("category"); json.value(entry.category)
                json.key("label"); json.value(entry.label)
                json.key("years")
                if let years = entry.years { json.value(years) } else { json.null() }
                json.key("defaultYears")
                if let years = entry.defaultYears { json.value(years) } else { json.null() }
                json.key("source"); json.value(entry.sourceNote)
            }
        }
        return Response.json(writer)
    }
}
