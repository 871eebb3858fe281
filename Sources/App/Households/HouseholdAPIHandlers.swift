import Accounts
import Database
import HTTPServer
import Households
import Messages

/// `/api/v1/households…`: the households the caller belongs to, and who else is in one. Read only
/// for now: a household made before the stores are scoped to one would show the first household's
/// inventory (docs/plans/households.md, session 3).
struct HouseholdAPIHandlers: Sendable {
    let households: HouseholdStore

    func register(in router: inout AppRouter) {
        router.get(HouseholdRoutes.apiList, access: .account) { request in
            let memberships = try households.households(of: try account(of: request))
            let current = Self.current(among: memberships)
            var writer = JSONWriter(capacity: 96 * memberships.count + 2)
            writer.array(memberships) { json, household in HouseholdJSON.write(household, current: household.id == current, to: &json) }
            return .json(writer)
        }
        router.get(HouseholdRoutes.apiHousehold, access: .account) { request in
            let memberships = try households.households(of: try account(of: request))
            let id = try householdID(of: request)
            guard let household = memberships.first(where: { $0.id == id }) else { throw HouseholdError.householdNotFound }
            var writer = JSONWriter(capacity: 128)
            HouseholdJSON.write(household, current: household.id == Self.current(among: memberships), to: &writer)
            return .json(writer)
        }
        router.get(HouseholdRoutes.apiMembers, access: .account) { request in
            let caller = try account(of: request)
            guard let household = try households.access(to: try householdID(of: request), for: caller) else { throw HouseholdError.householdNotFound }
            let members = try households.members(of: household)
            var writer = JSONWriter(capacity: 128 * members.count + 2)
            writer.array(members) { json, member in HouseholdJSON.write(member, to: &json) }
            return .json(writer)
        }
    }

    /// The household the caller's requests work in: until a request can name one (the session's or
    /// `?household=`, session 3 of docs/plans/households.md), the lowest-numbered of theirs, which
    /// is the one every store still reads.
    static func current(among memberships: [HouseholdMembership]) -> HouseholdID? {
        memberships.map(\.id).min()
    }

    /// The `{id}` of the path. Text that is no positive whole number names no household: the same
    /// answer as an unknown household's, or another's.
    private func householdID(of request: Request) throws -> HouseholdID {
        guard let id = HouseholdID(request.parameters["id"] ?? "") else { throw HouseholdError.householdNotFound }
        return id
    }

    /// The signed-in account. Open access (no accounts yet) has none, so no households of its own:
    /// the account API's answer, `404 no-account`.
    private func account(of request: Request) throws -> Account.ID { try request.signedInCaller().account.id }
}
