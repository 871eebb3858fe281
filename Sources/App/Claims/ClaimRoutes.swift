import ClaimReport
import Claims
import Inventory

/// Every path of claims, the policy, the coverage check and the useful-life table, spelled once.
enum ClaimRoutes {
    // Pages
    static let list = RoutePath("/claims")
    static let claim = RoutePath("/claims/{id}")
    static let chooseItems = RoutePath("/claims/{id}/choose")
    static let line = RoutePath("/claims/{id}/lines/{itemId}")
    static let removeLine = RoutePath("/claims/{id}/lines/{itemId}/remove")
    static let close = RoutePath("/claims/{id}/close")
    static let delete = RoutePath("/claims/{id}/delete")
    static let addExpense = RoutePath("/claims/{id}/expenses")
    static let removeExpense = RoutePath("/claims/{id}/expenses/{expenseId}/remove")
    static let addBundle = RoutePath("/claims/{id}/bundles")
    static let removeBundle = RoutePath("/claims/{id}/bundles/{bundleId}/remove")
    static let coverage = RoutePath("/coverage")
    static let usefulLives = RoutePath("/useful-lives")

    // JSON API
    static let apiList = RoutePath("/claims", in: APIRoutes.v1)
    static let apiClaim = RoutePath("/claims/{id}", in: APIRoutes.v1)
    static let apiItems = RoutePath("/claims/{id}/items", in: APIRoutes.v1)
    static let apiLine = RoutePath("/claims/{id}/items/{itemId}", in: APIRoutes.v1)
    static let apiClose = RoutePath("/claims/{id}/close", in: APIRoutes.v1)
    static let apiSchedule = RoutePath("/claims/{id}/schedule.csv", in: APIRoutes.v1)
    static let apiScheduleWorkbook = RoutePath("/claims/{id}/schedule.xlsx", in: APIRoutes.v1)
    static let apiReport = RoutePath("/claims/{id}/report.pdf", in: APIRoutes.v1)
    static let apiEvidence = RoutePath("/claims/{id}/evidence.zip", in: APIRoutes.v1)
    static let apiPoliceList = RoutePath("/claims/{id}/police-list.pdf", in: APIRoutes.v1)
    static let apiPoliceListCSV = RoutePath("/claims/{id}/police-list.csv", in: APIRoutes.v1)
    static let apiProofOfLoss = RoutePath("/claims/{id}/proof-of-loss.pdf", in: APIRoutes.v1)
    static let apiExpenses = RoutePath("/claims/{id}/expenses", in: APIRoutes.v1)
    static let apiExpense = RoutePath("/claims/{id}/expenses/{expenseId}", in: APIRoutes.v1)
    static let apiExpenseReceipt = RoutePath("/claims/{id}/expenses/{expenseId}/receipt", in: APIRoutes.v1)
    static let apiBundles = RoutePath("/claims/{id}/bundles", in: APIRoutes.v1)
    static let apiPackOut = RoutePath("/claims/{id}/pack-out", in: APIRoutes.v1)
    static let apiBundle = RoutePath("/claims/{id}/bundles/{bundleId}", in: APIRoutes.v1)
    static let apiPolicy = RoutePath("/policy", in: APIRoutes.v1)
    static let apiCoverage = RoutePath("/coverage", in: APIRoutes.v1)
    static let apiUsefulLives = RoutePath("/useful-lives", in: APIRoutes.v1)

    static func claim(_ id: Claim.ID) -> String { claim.url(id) }
    /// The claim's page saying how many items were just added.
    static func claim(_ id: Claim.ID, added: Int) -> String { claim.url(id) + "?added=\(added)" }
    /// The claim's page saying a line was saved.
    static func claim(_ id: Claim.ID, savedLine itemID: Item.ID) -> String { claim.url(id) + "?saved=\(itemID)" }
    /// The claim's page at its expenses, saying one was just added.
    static func claim(_ id: Claim.ID, addedExpense expenseID: ClaimExpense.ID) -> String { claim.url(id) + "?expense=\(expenseID)#expenses" }
    /// The claim's page at its bundles, saying one was just made (or unbundled).
    static func claim(_ id: Claim.ID, bundled: Bool) -> String { claim.url(id) + "?bundled=\(bundled ? 1 : 0)#bundles" }
    static func chooseItems(_ id: Claim.ID) -> String { chooseItems.url(id) }
    static func line(_ id: Claim.ID, item itemID: Item.ID) -> String { line.url(id, itemID) }
    static func removeLine(_ id: Claim.ID, item itemID: Item.ID) -> String { removeLine.url(id, itemID) }
    static func close(_ id: Claim.ID) -> String { close.url(id) }
    static func delete(_ id: Claim.ID) -> String { delete.url(id) }
    static func apiClaim(_ id: Claim.ID) -> String { apiClaim.url(id) }
    static func apiItems(_ id: Claim.ID) -> String { apiItems.url(id) }
    static func apiLine(_ id: Claim.ID, item itemID: Item.ID) -> String { apiLine.url(id, itemID) }
    static func apiClose(_ id: Claim.ID) -> String { apiClose.url(id) }
    static func apiSchedule(_ id: Claim.ID) -> String { apiSchedule.url(id) }
    static func apiSchedule(_ id: Claim.ID, profile: ClaimScheduleProfile) -> String { apiSchedule.url(id) + "?profile=\(profile.rawValue)" }
    static func apiScheduleWorkbook(_ id: Claim.ID) -> String { apiScheduleWorkbook.url(id) }
    static func apiReport(_ id: Claim.ID, paper: ReportPaper) -> String { apiReport.url(id) + "?paper=\(paper.rawValue)" }
    static func apiEvidence(_ id: Claim.ID) -> String { apiEvidence.url(id) }
    static func apiPoliceList(_ id: Claim.ID, paper: ReportPaper) -> String { apiPoliceList.url(id) + "?paper=\(paper.rawValue)" }
    static func apiPoliceListCSV(_ id: Claim.ID) -> String { apiPoliceListCSV.url(id) }
    static func apiProofOfLoss(_ id: Claim.ID, paper: ReportPaper) -> String { apiProofOfLoss.url(id) + "?paper=\(paper.rawValue)" }
    static func addExpense(_ id: Claim.ID) -> String { addExpense.url(id) }
    static func removeExpense(_ id: Claim.ID, expense expenseID: ClaimExpense.ID) -> String { removeExpense.url(id, expenseID) }
    static func apiExpenses(_ id: Claim.ID) -> String { apiExpenses.url(id) }
    static func apiExpense(_ id: Claim.ID, expense expenseID: ClaimExpense.ID) -> String { apiExpense.url(id, expenseID) }
    static func apiExpenseReceipt(_ id: Claim.ID, expense expenseID: ClaimExpense.ID) -> String { apiExpenseReceipt.url(id, expenseID) }
    static func addBundle(_ id: Claim.ID) -> String { addBundle.url(id) }
    static func removeBundle(_ id: Claim.ID, bundle bundleID: ClaimBundle.ID) -> String { removeBundle.url(id, bundleID) }
    static func apiBundles(_ id: Claim.ID) -> String { apiBundles.url(id) }
    static func apiPackOut(_ id: Claim.ID) -> String { apiPackOut.url(id) }
    static func apiBundle(_ id: Claim.ID, bundle bundleID: ClaimBundle.ID) -> String { apiBundle.url(id, bundleID) }
}
