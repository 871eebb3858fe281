import Database
import Foundation
import Inventory

/// A claim after a loss: the facts an insurer asks for and the items lost. Amounts are minor units of
/// the inventory's currency. Open claims can be changed; a closed one is kept as it was.
public struct Claim: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<Claim>

    public let id: ID
    public var name: String
    public var lossDate: CalendarDate?
    public var cause: String
    public var policyholder: String
    public var address: String
    public var insurer: String
    public var policyNumber: String
    public var claimNumber: String
    /// The policy's limit for contents (coverage C in a US homeowners policy).
    public var contentsLimit: Int64?
    /// When the insurer wants the proof of loss; 60 days after the loss unless the policy says otherwise.
    public var proofOfLossDue: CalendarDate?
    public var notes: String
    public var closedAt: Date?
    public let createdAt: Date
    public var version: Int
    /// The items lost, in the schedule's order.
    public var lines: [ClaimLine]
    /// The sales tax rate where the things lost would be bought again; nil: none added.
    public var salesTaxRate: SalesTaxRate? = nil

    /// What kind of loss it was; nil until said. A theft closes its items as stolen.
    public var lossKind: LossKind? = nil
    /// The policy's deductible, copied from the policy when the claim was made.
    public var deductible: Int64? = nil
    public var settlement: Settlement = .replacementCost
    public var policyStart: CalendarDate? = nil
    public var policyEnd: CalendarDate? = nil
    public var otherInsurance = ""
    public var phone = ""
    public var email = ""
    public var contactAddress = ""
    /// A theft's police report: its number (crime reference) and the force or station that took it.
    public var policeReport = ""
    public var policeForce = ""
    /// Lines the schedule shows as one row each, in the order they were made; a line names its bundle.
    public var bundles: [ClaimBundle] = []
    /// The language of its packet and its adjuster's page, as a BCP 47 tag (the app knows which it ships).
    public var language = "en-US"

    public var isClosed: Bool { closedAt != nil }

    /// Days insurers commonly give for a proof of loss (the New York standard fire policy's 60 days,
    /// which most US policies follow).
    public static let proofOfLossDays = 60
}

extension Claim {
    /// A new claim with the policy's facts.
    init(name: String, policy: Policy, createdAt: Date) {
        self.init(id: 0, name: name, lossDate: nil, cause: "", policyholder: policy.policyholder, address: policy.address,
                  insurer: policy.insurer, policyNumber: policy.policyNumber, claimNumber: "", contentsLimit: policy.contentsLimit,
                  proofOfLossDue: nil, notes: "", closedAt: nil, createdAt: createdAt, version: 1, lines: [])
        deductible = policy.deductible
        settlement = policy.settlement
        policyStart = policy.periodStart
        policyEnd = policy.periodEnd
        otherInsurance = policy.otherInsurance
        phone = policy.phone
        email = policy.email
        contactAddress = policy.contactAddress
    }

    /// How the claim is paid: its copy of the policy's settlement, deductible and contents limit.
    public var terms: ClaimTerms { ClaimTerms(settlement: settlement, deductible: deductible, contentsLimit: contentsLimit) }

    /// The policy's facts as this claim holds them.
    public var policy: Policy {
        var policy = Policy()
        policy.policyholder = policyholder
        policy.address = address
        policy.insurer = insurer
        policy.policyNumber = policyNumber
        policy.contentsLimit = contentsLimit
        policy.deductible = deductible
        policy.settlement = settlement
        policy.periodStart = policyStart
        policy.periodEnd = policyEnd
        policy.otherInsurance = otherInsurance
        policy.phone = phone
        policy.email = email
        policy.contactAddress = contactAddress
        return policy
    }
}

/// One item in a claim: how many of it were lost, and what happened to it since.
public struct ClaimLine: Sendable, Equatable {
    public let itemID: Item.ID
    /// Above 0, at most what the item holds, in the item's unit (1.5 of 2.5 gal).
    public var quantityLost: Quantity
    /// The useful-life category depreciation is worked out with; nil: guessed from the item's tags and name.
    public var category: String?
    /// The actual cash value of one, set by hand instead of worked out, with why.
    public var unitACVOverride: Int64?
    public var overrideReason: String
    /// What the insurer paid for the line (the actual cash value, usually).
    public var paid: Int64?
    /// What replacing it cost, from the new receipt, and when.
    public var replacedCost: Int64?
    public var replacedDate: CalendarDate?
    /// The bundle the schedule shows this line in; nil: a row of its own.
    public var bundleID: ClaimBundle.ID?

    public init(itemID: Item.ID, quantityLost: Quantity, category: String? = nil, unitACVOverride: Int64? = nil, overrideReason: String = "",
                paid: Int64? = nil, replacedCost: Int64? = nil, replacedDate: CalendarDate? = nil, bundleID: ClaimBundle.ID? = nil) {
        self.bundleID = bundleID
        self.itemID = itemID
        self.quantityLost = quantityLost
        self.category = category
        self.unitACVOverride = unitACVOverride
        self.overrideReason = overrideReason
        self.paid = paid
        self.replacedCost = replacedCost
        self.replacedDate = replacedDate
    }
}
