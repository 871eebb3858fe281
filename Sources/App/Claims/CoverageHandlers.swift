import Claims
import HTML
import HTTPServer
import Inventory
import Localization

/// The coverage check: its page (with the policy's form) and `GET /api/v1/coverage`, in the request's household.
struct CoverageHandlers: Sendable {
    let claims: HouseholdBound<ClaimStore>
    let items: HouseholdBound<ItemStore>
    let site: PageContext
    /// The household each request works in (`?household=`, else the caller's current one).
    let households: HouseholdResolver

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.coverage) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            return try page(request, claims: claims, items: items, form: nil, errors: nil, saved: request.query["saved"] != nil)
        }
        router.post(ClaimRoutes.coverage) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let fields = try request.formFields()
            let form = ClaimForm(fields: fields)
            do {
                _ = try claims.setPolicy(try form.input(currency: try items.currency(), fields: fields, naming: false, policy: true))
                return .redirect(to: ClaimRoutes.coverage.url() + "?saved=1")
            } catch ClaimError.invalid(let errors) {
                return try page(request, claims: claims, items: items, form: form, errors: errors, saved: false)
            }
        }
        router.get(ClaimRoutes.apiCoverage) { request in
            let (claims, items) = try households.stores(self.claims, self.items, of: request)
            let currency = try items.currency()
            let check = CoverageCheck(items: try items.all(), contentsLimit: try claims.policy().contentsLimit)
            var writer = JSONWriter(capacity: 256 + 128 * check.scheduled.count)
            writer.object { json in
                json.key("currency"); json.value(currency.code)
                json.key("contentsValue"); ClaimJSON.amount(check.contents.value, currency: currency, to: &json)
                json.key("itemsCounted"); json.value(check.contents.items)
                json.key("unvaluedItems"); json.value(check.contents.unvalued)
                json.key("contentsLimit"); ClaimJSON.amount(check.contentsLimit, currency: currency, to: &json)
                json.key("shortfall"); ClaimJSON.amount(check.shortfall, currency: currency, to: &json)
                json.key("scheduled")
                json.array(check.scheduled) { json, item in
                    json.object { json in
                        json.key("itemId"); json.value(item.itemID)
                        json.key("name"); json.value(item.name)
                        json.key("value"); ClaimJSON.amount(item.value, currency: currency, to: &json)
                        json.key("riderAmount"); ClaimJSON.amount(item.riderAmount, currency: currency, to: &json)
                        json.key("shortfall"); ClaimJSON.amount(item.shortfall, currency: currency, to: &json)
                    }
                }
            }
            return Response.json(writer)
        }
    }

    private func page(_ request: Request, claims: ClaimStore, items: ItemStore, form: ClaimForm?, errors: ValidationError?, saved: Bool) throws -> Response {
        let currency = try items.currency(), policy = try claims.policy()
        let check = CoverageCheck(items: try items.all(), contentsLimit: policy.contentsLimit)
        let context = request.pageContext(site)
        func money(_ minorUnits: Int64) -> MessageArgument { .text(context.format.money(minorUnits, in: currency)) }
        let owned = money(CoverageCheck.rounded(check.contents.value, currency: currency))
        var headline: String
        var advice: [String] = []
        if let limit = check.contentsLimit {
            headline = context.text("coverage.headline-limit", ["owned": owned, "limit": money(limit)])
            if let shortfall = check.shortfall, shortfall > 0 {
                advice.append(context.text("coverage.short", ["amount": money(CoverageCheck.rounded(shortfall, currency: currency))]))
            } else {
                advice.append(context.text("coverage.spare", ["amount": money(limit - check.contents.value)]))
            }
        } else {
            headline = context.text("coverage.headline", ["owned": owned])
            advice.append(context.text("coverage.no-limit"))
        }
        if check.contents.unvalued > 0 { advice.append(context.text("coverage.unvalued", ["count": .count(check.contents.unvalued)])) }
        if !check.scheduled.isEmpty { advice.append(context.text("coverage.scheduled-note")) }
        let rows = check.scheduled.map { item in
            CoveragePage.ScheduledRow(name: item.name, url: ItemRoutes.item(item.itemID),
                                      value: item.value.map { context.format.money($0, in: currency) } ?? context.text("coverage.no-value"),
                                      rider: item.riderAmount.map { context.format.money($0, in: currency) } ?? context.text("coverage.no-rider"),
                                      shortfall: item.shortfall.flatMap { $0 > 0 ? context.format.money($0, in: currency) : nil })
        }
        let page = CoveragePage(headline: headline, advice: advice, scheduled: rows, form: form ?? ClaimForm(policy: policy, currency: currency, numbers: TypedNumbers(language: context.localizer.language)),
                                errors: errors, currency: currency, saved: saved, context: context)
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }
}
