import Database
import Households

/// A thing a background pass reads (a photo, a document) with the household it is in: the pass reads
/// and records it there, never in another household.
struct HouseholdShare<Thing> {
    let household: HouseholdAccess
    let thing: Thing

    /// The next batch of a pass that goes through every household in turn: the first household,
    /// from the one `last` was in on, whose `batch` finds something (after `last`'s thing in its own
    /// household), or nothing once every household is done.
    static func next(after last: HouseholdShare?, in households: HouseholdStore,
                     _ batch: (_ household: HouseholdAccess, _ after: Thing?) throws -> [Thing]) throws -> [HouseholdShare] {
        for household in try households.everyHousehold() where household.id.rawValue >= (last?.household.id.rawValue ?? 0) {
            let found = try batch(household, household.id == last?.household.id ? last?.thing : nil)
            if !found.isEmpty { return found.map { HouseholdShare(household: household, thing: $0) } }
        }
        return []
    }
}
