import Claims
import Database
import Inventory

/// A store that can be bound to a household (`ItemStore`, `ClaimStore`).
protocol HouseholdViews: Sendable {
    func `in`(_ access: HouseholdAccess) -> Self
}

extension ItemStore: HouseholdViews {}
extension ClaimStore: HouseholdViews {}

/// A store as a handler holds it: its only way to a household's things is `in(_:)`, with the
/// household the request works in (`HouseholdResolver`). A handler that used the store without
/// asking which household would not compile.
struct HouseholdBound<Store: HouseholdViews>: Sendable {
    private let store: Store

    init(_ store: Store) { self.store = store }

    func `in`(_ access: HouseholdAccess) -> Store { store.in(access) }
}
