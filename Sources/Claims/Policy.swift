import Inventory

/// The household's insurance policy: what a new claim starts from, and what the coverage check
/// sets the inventory against before any loss.
public struct Policy: Sendable, Equatable {
    public var policyholder = ""
    public var address = ""
    public var insurer = ""
    public var policyNumber = ""
    /// The limit for contents, in minor units of the inventory's currency; nil until known.
    public var contentsLimit: Int64?
    /// What the household bears of each loss before the policy pays; nil until known.
    public var deductible: Int64?
    public var settlement: Settlement = .replacementCost
    /// The policy period, from its first day to its last.
    public var periodStart: CalendarDate?
    public var periodEnd: CalendarDate?
    /// Any other insurance on the same things (a second policy, a credit card's cover), in words.
    public var otherInsurance = ""
    /// How the insurer reaches the claimant, while displaced too.
    public var phone = ""
    public var email = ""
    public var contactAddress = ""
    /// Whose published useful-life table the defaults come from; the general one until chosen.
    public var usefulLifeCountry = UsefulLifeCountry.unitedStates

    public init() {}
}
