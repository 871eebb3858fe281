import Accounts
import HTTPServer
import Households

/// A household and its members as the API writes them.
enum HouseholdJSON {
    /// `{"id", "name", "role", "current"}`: the caller's role in it, and whether it is the one the
    /// caller's requests work in.
    static func write(_ household: HouseholdMembership, current: Bool, to json: inout JSONWriter) {
        json.object { json in
            json.key("id"); json.value(household.id.rawValue)
            json.key("name"); json.value(household.name)
            json.key("role"); json.value(household.role.rawValue)
            json.key("current"); json.value(current)
        }
    }

    /// `{"accountId", "name", "role", "joined"}`.
    static func write(_ member: HouseholdMember, to json: inout JSONWriter) {
        json.object { json in
            json.key("accountId"); json.value(member.id.rawValue)
            json.key("name"); json.value(member.name)
            json.key("role"); json.value(member.role.rawValue)
            json.key("joined"); json.value(member.joined)
        }
    }
}
