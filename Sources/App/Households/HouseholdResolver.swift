import Database
import HTTPServer
import Households

/// The household a request works in, worked out from who calls and what the request names:
/// `?household={id}` when it names one (one of the caller's; any other, or text that is no id,
/// answers `404 household-not-found` exactly as an unknown one), else the caller's current household
/// (the lowest-numbered of theirs, as `GET /api/v1/households` calls it). While the server is open
/// without accounts the local user owns the first household, the only one there is.
///
/// A handler asks once, as it starts, and hands the answer to the stores (`items.in(_:)`,
/// `claims.in(_:)`), which bind it into every statement. Asked only by the handlers that read or
/// change a household's things, so a photo's cached file pays nothing for it.
struct HouseholdResolver: Sendable {
    let households: HouseholdStore

    /// The query parameter that names a household.
    static let parameter = "household"

    func household(of request: Request) throws -> HouseholdAccess {
        guard let caller = request.caller else { throw HouseholdError.householdNotFound }
        if caller.via == .openAccess {
            guard let named = request.query[Self.parameter] else { return try households.openAccess() }
            let first = try households.openAccess()
            guard HouseholdID(named) == first.id else { throw HouseholdError.householdNotFound }
            return first
        }
        if let named = request.query[Self.parameter] {
            guard let id = HouseholdID(named), let access = try households.access(to: id, for: caller.account.id) else {
                throw HouseholdError.householdNotFound
            }
            return access
        }
        guard let current = try households.currentAccess(for: caller.account.id) else { throw HouseholdError.householdNotFound }
        return current
    }
}
