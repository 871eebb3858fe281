import Claims
import Foundation
import HTTPServer
import Inventory

/// Claims as the JSON API shows them, with every line's worked-out figures. Amounts are decimal
/// strings in the inventory's currency, dates `YYYY-MM-DD`; what was never said is `null` or `""`.
enum ClaimJSON {
    static func write(_ sheet: ClaimSheet, today: CalendarDate, to json: inout JSONWriter) {
        let claim = sheet.claim, currency = sheet.currency
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
            json.key("salesTaxRate")
            if let rate = claim.salesTaxRate { json.value(rate.percentText) } else { json.null() }
            json.key("deductible"); amount(claim.deductible)
            json.key("settlement"); json.value(claim.settlement.rawValue)
            json.key("policyStart"); date(claim.policyStart)
            json.key("policyEnd"); date(claim.policyEnd)
            json.key("lossKind")
            if let kind = claim.lossKind { json.value(kind.rawValue) } else { json.null() }
            json.key("proofOfLossDue"); date(claim.proofOfLossDue)
            json.key("language"); json.value(claim.language)
            json.key("proofOfLossDaysLeft")
            if let due = claim.proofOfLossDue, !claim.isClosed { json.value(today.days(until: due)) } else { json.null() }
            json.key("closed"); json.value(claim.isClosed)
            json.key("closedAt")
            if let closedAt = claim.closedAt { json.value(closedAt) } else { json.null() }
            json.key("createdAt"); json.value(claim.createdAt)
            json.key("version"); json.value(claim.version)
            json.key("currency"); json.value(currency.code)
            json.key("items")
            json.array(sheet.schedule.lines) { json, line in
                writeLine(line, claimLine: claim.lines.first { $0.itemID == line.itemID }, currency: currency, to: &json)
            }
            json.key("bundles"); ClaimBundleJSON.write(sheet, to: &json)
            json.key("totals"); writeTotals(sheet.schedule.totals, owed: sheet.schedule.owed, currency: currency, to: &json)
            json.key("method"); json.array(sheet.schedule.method) { json, paragraph in json.value(paragraph) }
        }
    }

    private static func writeLine(_ line: ClaimScheduleLine, claimLine: ClaimLine?, currency: Currency, to json: inout JSONWriter) {
        let valuation = line.valuation
        json.object { json in
            func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
            json.key("itemId"); json.value(line.itemID)
            json.key("line"); json.value(line.number)
            json.key("name"); json.value(line.name)
            json.key("room"); json.value(line.room)
            json.key("quantityLost"); json.rawNumber(line.quantityLost.text)
            json.key("quantityUnit"); json.value(line.quantityUnit.symbol)
            json.key("category")
            if let category = claimLine?.category { json.value(category) } else { json.null() }
            json.key("actualCashValueOverride"); amount(claimLine?.unitACVOverride)
            json.key("overrideReason"); json.value(claimLine?.overrideReason ?? "")
            json.key("paid"); amount(line.paid)
            json.key("replacedCost"); amount(line.replacedCost)
            json.key("replacedDate"); ClaimJSON.date(line.replacedDate, to: &json)
            json.key("bundleId")
            if let bundleID = claimLine?.bundleID { json.value(bundleID) } else { json.null() }
            json.key("purchasePaid"); ItemJSON.write(purchasePaid: line.purchasePaid, to: &json)
            json.key("valuation")
            json.object { json in
                func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
                json.key("category"); json.value(valuation.category)
                json.key("categoryLabel"); json.value(valuation.categoryLabel)
                json.key("categoryGuessed"); json.value(valuation.categoryGuessed)
                json.key("usefulLifeYears")
                if let years = valuation.usefulLifeYears { json.value(years) } else { json.null() }
                json.key("ageInMonths")
                if let months = valuation.ageInMonths { json.value(months) } else { json.null() }
                json.key("age"); json.value(line.ageText)
                json.key("unitOriginalCost"); amount(valuation.unitOriginalCost)
                json.key("unitReplacementCost"); amount(valuation.unitReplacementCost)
                json.key("depreciationPercent"); json.value(Depreciation.percentText(valuation.depreciationBasisPoints).replacingOccurrences(of: "%", with: ""))
                json.key("unitDepreciation"); amount(valuation.unitDepreciation)
                json.key("unitActualCashValue"); amount(valuation.unitActualCashValue)
                json.key("lineReplacementCost"); amount(valuation.lineReplacementCost)
                json.key("lineTax"); amount(line.tax)
                json.key("lineReplacementCostWithTax"); amount(line.replacementCostWithTax)
                json.key("lineDepreciation"); amount(valuation.lineDepreciation)
                json.key("lineActualCashValue"); amount(valuation.lineActualCashValue)
                json.key("recoverableDepreciation"); amount(line.recoverableDepreciation)
                json.key("againstRider"); json.value(line.againstRider)
                json.key("riderAmount"); amount(line.riderAmount)
                json.key("amountClaimed"); amount(line.amountClaimed)
                json.key("paidAboveClaim"); amount(line.paidAboveClaim)
                json.key("basis"); json.value(valuation.basis)
                json.key("toDos"); json.array(valuation.toDos) { json, toDo in json.value(toDo) }
            }
        }
    }

    private static func writeTotals(_ totals: ClaimScheduleTotals, owed: ClaimOwed, currency: Currency, to json: inout JSONWriter) {
        json.object { json in
            func amount(_ minorUnits: Int64?) { ClaimJSON.amount(minorUnits, currency: currency, to: &json) }
            json.key("replacementCost"); amount(totals.replacementCost)
            json.key("tax"); amount(totals.tax)
            json.key("replacementCostWithTax"); amount(totals.replacementCostWithTax)
            json.key("depreciation"); amount(totals.depreciation)
            json.key("actualCashValue"); amount(totals.actualCashValue)
            json.key("paid"); amount(totals.paid)
            json.key("recoverableDepreciation"); amount(totals.recoverableDepreciation)
            json.key("settlement"); json.value(owed.settlement.rawValue)
            json.key("wholeLoss"); amount(owed.wholeLoss)
            json.key("deductible"); amount(owed.deductible)
            json.key("aboveContentsLimit"); amount(owed.aboveContentsLimit)
            json.key("againstRiders"); amount(owed.againstRiders)
            json.key("aboveRiders"); amount(owed.aboveRiders)
            json.key("amountClaimed"); amount(owed.amountClaimed)
            json.key("balance"); amount(owed.balance)
            json.key("paidAboveClaim"); amount(owed.paidAboveClaim)
            json.key("recoverableOnceReplaced"); amount(owed.recoverableOnceReplaced)
            json.key("riderLines"); json.array(owed.riderLines) { json, number in json.value(number) }
            json.key("overpaidLines"); json.array(owed.overpaidLines) { json, number in json.value(number) }
        }
    }

    static func amount(_ minorUnits: Int64?, currency: Currency, to json: inout JSONWriter) {
        if let minorUnits { json.value(Money(minorUnits: minorUnits, currency: currency).decimalString) } else { json.null() }
    }

    static func date(_ date: CalendarDate?, to json: inout JSONWriter) {
        if let date { json.value(date.iso) } else { json.null() }
    }
}
