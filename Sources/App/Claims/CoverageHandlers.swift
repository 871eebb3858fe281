import Claims
import HTML
import HTTPServer
import Inventory

/// The coverage check: its page (with the policy's form) and `GET /api/v1/coverage`.
struct CoverageHandlers: Sendable {
    let claims: ClaimStore
    let items: ItemStore
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.coverage) { request in
            try page(request, form: nil, errors: nil, saved: request.query["saved"] != nil)
        }
        router.post(ClaimRoutes.coverage) { request in
            let fields = try request.formFields()
            let form = ClaimForm(fields: fields)
            do {
                _ = try claims.setPolicy(try form.input(currency: try items.currency(), fields: fields, naming: false))
                return .redirect(to: ClaimRoutes.coverage.url() + "?saved=1")
            } catch ClaimError.invalid(let errors) {
                return try page(request, form: form, errors: errors, saved: false)
            }
        }
        router.get(ClaimRoutes.apiCoverage) { _ in
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

    private func page(_ request: Request, form: ClaimForm?, errors: ValidationError?, saved: Bool) throws -> Response {
        let currency = try items.currency(), policy = try claims.policy()
        let check = CoverageCheck(items: try items.all(), contentsLimit: policy.contentsLimit)
        func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).formattedWithoutZeroFraction }
        let owned = money(CoverageCheck.rounded(check.contents.value, currency: currency))
        var headline = "You own about \(owned) of contents"
        var advice: [String] = []
        if let limit = check.contentsLimit {
            headline += "; your policy covers \(money(limit))."
            if let shortfall = check.shortfall, shortfall > 0 {
                advice.append("After a total loss about \(money(CoverageCheck.rounded(shortfall, currency: currency))) would not be paid back. Ask your insurer about raising the contents limit.")
            } else {
                advice.append("Your limit covers what you own, with \(money(limit - check.contents.value)) to spare.")
            }
        } else {
            headline += "."
            advice.append("Enter your policy’s contents limit below to see whether it covers them.")
        }
        if check.contents.unvalued > 0 {
            advice.append("\(check.contents.unvalued == 1 ? "1 item has" : "\(check.contents.unvalued.grouped) items have") no value yet, so the total is low by what \(check.contents.unvalued == 1 ? "it is" : "they are") worth.")
        }
        if !check.scheduled.isEmpty { advice.append("Scheduled items are insured by their riders and left out of this total.") }
        let rows = check.scheduled.map { item in
            CoveragePage.ScheduledRow(name: item.name, url: ItemRoutes.item(item.itemID), value: item.value.map(money) ?? "No value",
                                      rider: item.riderAmount.map(money) ?? "No rider amount",
                                      shortfall: item.shortfall.flatMap { $0 > 0 ? money($0) : nil })
        }
        let page = CoveragePage(headline: headline, advice: advice, scheduled: rows, form: form ?? ClaimForm(policy: policy, currency: currency),
                                errors: errors, currency: currency, saved: saved, context: request.pageContext(site))
        return .html(page.document().renderedBytes(), status: errors == nil ? .ok : .unprocessableContent)
    }
}
