import Database
import HTTPServer
import Households
import Messages
import Synchronization

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
    /// The first household as open access owns it, read once: its id, prefix and folder never change,
    /// so a cached answer (the item list's) costs open access no query.
    private let first = FirstHousehold()

    init(households: HouseholdStore) {
        self.households = households
    }

    private final class FirstHousehold: Sendable {
        let access = Mutex<HouseholdAccess?>(nil)
    }

    private func openAccess() throws -> HouseholdAccess {
        if let known = first.access.withLock({ $0 }) { return known }
        let access = try households.openAccess()
        first.access.withLock { $0 = access }
        return access
    }

    /// The query parameter that names a household.
    static let parameter = "household"

    /// Refused with 403 (saying it is the household's role) when the caller's role in the household is below
    /// what the route asks (an editor's change, an owner's settings): a person may edit one household
    /// and only look at another.
    func household(of request: Request) throws -> HouseholdAccess {
        let access = try named(by: request)
        let route = request.route?.access ?? .manage
        let allowed = switch route {
        case .public, .read, .account: true
        case .write: access.role >= .editor
        case .manage: access.role == .owner
        }
        guard allowed else {
            throw AppError(.forbidden, route == .manage
                ? Message("error.household.owners-only", "Only an owner of this household can do this. Ask one of its owners.")
                : Message("error.household.viewers-look", "You can look at this household but not change it. Ask one of its owners to make you an editor."))
        }
        return access
    }

    private func named(by request: Request) throws -> HouseholdAccess {
        guard let caller = request.caller else { throw HouseholdError.householdNotFound }
        if caller.via == .openAccess {
            guard let named = request.query[Self.parameter] else { return try openAccess() }
            let first = try openAccess()
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
