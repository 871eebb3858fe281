/// The household's insurance policy: what a new claim starts from, and what the coverage check
/// sets the inventory against before any loss.
public struct Policy: Sendable, Equatable {
    public var policyholder = ""
    public var address = ""
    public var insurer = ""
    public var policyNumber = ""
    /// The limit for contents, in minor units of the inventory's currency; nil until known.
    public var contentsLimit: Int64?

    public init() {}
}
