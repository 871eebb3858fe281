import Claims
import HTTPServer
import Inventory

/// A claim's bundles as the API shows them: each with its lines (items' ids, in the claim's order),
/// their numbers, the description the schedule prints and the row's sums (amounts as decimal strings).
enum ClaimBundleJSON {
    static func response(_ sheet: ClaimSheet, status: HTTPStatus = .ok) -> Response {
        var writer = JSONWriter(capacity: 256 + 256 * sheet.claim.bundles.count)
        writer.object { json in
            json.key("bundles"); write(sheet, to: &json)
        }
        return Response.json(writer, status: status)
    }

    static func response(_ bundleID: ClaimBundle.ID, in sheet: ClaimSheet, status: HTTPStatus = .ok) throws -> Response {
        guard let bundle = sheet.claim.bundles.first(where: { $0.id == bundleID }) else { throw ClaimError.bundleNotFound(claimID: sheet.claim.id, bundleID: bundleID) }
        var writer = JSONWriter(capacity: 512)
        write(bundle, row: row(of: bundleID, in: sheet), currency: sheet.currency, to: &writer)
        return Response.json(writer, status: status)
    }

    /// Every bundle of the claim, in the order they were made.
    static func write(_ sheet: ClaimSheet, to json: inout JSONWriter) {
        json.array(sheet.claim.bundles) { json, bundle in write(bundle, row: row(of: bundle.id, in: sheet), currency: sheet.currency, to: &json) }
    }

    private static func row(of id: ClaimBundle.ID, in sheet: ClaimSheet) -> ClaimScheduleBundle? {
        sheet.schedule.bundles.first { $0.id == id }
    }

    /// `row` is nil once every line of the bundle has left the claim.
    private static func write(_ bundle: ClaimBundle, row: ClaimScheduleBundle?, currency: Currency, to json: inout JSONWriter) {
        json.object { json in
            func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
            json.key("id"); json.value(bundle.id)
            json.key("name"); json.value(bundle.name)
            json.key("description"); json.value(row?.description ?? bundle.name)
            json.key("lines"); json.array(row?.lines ?? []) { json, line in json.value(line.itemID) }
            json.key("lineNumbers"); json.value(row?.numbers ?? "")
            json.key("quantity")
            if let quantity = row.map({ $0.quantity }) ?? .zero { json.rawNumber(quantity.text) } else { json.null() }
            json.key("originalCost"); amount(row?.originalCost)
            json.key("replacementCost"); amount(row?.totals.replacementCost ?? 0)
            json.key("tax"); amount(row?.totals.tax ?? 0)
            json.key("replacementCostWithTax"); amount(row?.totals.replacementCostWithTax ?? 0)
            json.key("depreciation"); amount(row?.totals.depreciation ?? 0)
            json.key("actualCashValue"); amount(row?.totals.actualCashValue ?? 0)
        }
    }
}
