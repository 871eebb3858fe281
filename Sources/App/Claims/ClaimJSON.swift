import Claims
import Foundation
import HTTPServer
import Inventory

/// Claims as the JSON API shows them. Amounts are decimal strings in the inventory's currency, dates
/// `YYYY-MM-DD`; what was never said is `null` or `""`.
enum ClaimJSON {
    static func write(_ claim: Claim, names: [Int64: String], currency: Currency, today: CalendarDate, to json: inout JSONWriter) {
        json.object { json in
            func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
            func date(_ date: CalendarDate?) { ClaimJSON.date(date, to: &json) }
            json.key("id"); json.value(claim.id)
            json.key("name"); json.value(claim.name)
            json.key("lossDate"); date(claim.lossDate)
            for text in ClaimText.allCases {
                json.key(text.rawValue); json.value(claim[keyPath: text.keyPath])
            }
            json.key("contentsLimit"); amount(claim.contentsLimit)
            json.key("proofOfLossDue"); date(claim.proofOfLossDue)
            json.key("proofOfLossDaysLeft")
            if let due = claim.proofOfLossDue, !claim.isClosed { json.value(today.days(until: due)) } else { json.null() }
            json.key("closed"); json.value(claim.isClosed)
            json.key("closedAt")
            if let closedAt = claim.closedAt { json.value(closedAt) } else { json.null() }
            json.key("createdAt"); json.value(claim.createdAt)
            json.key("version"); json.value(claim.version)
            json.key("items")
            json.array(claim.lines) { json, line in
                json.object { json in
                    func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
                    func date(_ date: CalendarDate?) { ClaimJSON.date(date, to: &json) }
                    json.key("itemId"); json.value(line.itemID)
                    json.key("name"); json.value(names[line.itemID] ?? "")
                    json.key("quantityLost"); json.value(line.quantityLost)
                    json.key("category")
                    if let category = line.category { json.value(category) } else { json.null() }
                    json.key("actualCashValueOverride"); amount(line.unitACVOverride)
                    json.key("overrideReason"); json.value(line.overrideReason)
                    json.key("paid"); amount(line.paid)
                    json.key("replacedCost"); amount(line.replacedCost)
                    json.key("replacedDate"); date(line.replacedDate)
                }
            }
        }
    }

    static func amount(_ minorUnits: Int64?, currency: Currency, to json: inout JSONWriter) {
        if let minorUnits { json.value(Money(minorUnits: minorUnits, currency: currency).decimalString) } else { json.null() }
    }

    static func date(_ date: CalendarDate?, to json: inout JSONWriter) {
        if let date { json.value(date.iso) } else { json.null() }
    }
}
