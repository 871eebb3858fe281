import Accounts
import Claims
import HTTPServer
import Inventory

/// The claim packet: the schedule as CSV, the PDF report, the evidence archive.
struct ClaimPacketHandlers: Sendable {
    let claims: ClaimStore
    let items: ItemStore

    func register(in router: inout AppRouter) {
        router.get(ClaimRoutes.apiSchedule) { request in
            let sheet = try ClaimSheet(claim: try claims.claim(id: try request.claimID()), items: items, claims: claims)
            var response = Response(body: .bytes(Array(ClaimScheduleCSV.make(sheet.schedule, currency: sheet.currency).utf8)))
            response.headers["Content-Type"] = "text/csv; charset=utf-8"
            response.headers["Content-Disposition"] = "attachment; filename=\"\(sheet.fileStem)-schedule.csv\""
            return response
        }
    }
}
