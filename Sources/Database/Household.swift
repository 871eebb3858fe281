/// A household: the home (or the holiday flat, a parent's house) whose inventory, people and claims
/// belong together. Only the kind of row an id names; what a household is lives in the Households
/// module. It is here, beside `RowID`, so that the inventory and the claims can take a household's id
/// and its access without knowing that module.
public enum Household {}

/// A household's id (`households.id`).
public typealias HouseholdID = RowID<Household>
