import Claims
import HTTPServer
import Inventory

extension HouseholdResolver {
    /// `items` working in the household `request` works in: what a handler asks for once, as it starts.
    func items(_ items: HouseholdBound<ItemStore>, of request: Request) throws -> ItemStore {
        items.in(try household(of: request))
    }

    /// `claims` and `items` working in the household `request` works in: what a claim handler asks
    /// for once, as it starts, and uses alone afterwards.
    func stores(_ claims: HouseholdBound<ClaimStore>, _ items: HouseholdBound<ItemStore>, of request: Request) throws -> (claims: ClaimStore, items: ItemStore) {
        let household = try household(of: request)
        return (claims.in(household), items.in(household))
    }
}
