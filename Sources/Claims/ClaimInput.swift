import Inventory
import TextRules

/// The claim's free-text facts, with their API names and limits.
public enum ClaimText: String, Sendable, CaseIterable {
    case cause, policyholder, address, insurer, policyNumber, claimNumber, notes, otherInsurance, phone, email, contactAddress, policeReport, policeForce

    public var label: String {
        switch self {
        case .cause: "Cause of loss"
        case .policyholder: "Policyholder"
        case .address: "Address of the loss"
        case .insurer: "Insurer"
        case .policyNumber: "Policy number"
        case .claimNumber: "Claim number"
        case .notes: "Notes"
        case .otherInsurance: "Other insurance"
        case .phone: "Phone"
        case .email: "E-mail"
        case .contactAddress: "Contact address while displaced"
        case .policeReport: "Police report number"
        case .policeForce: "Police force or station"
        }
    }

    public var maxLength: Int {
        switch self {
        case .address, .notes, .otherInsurance, .contactAddress: ItemDetails.maxLongTextLength
        default: ItemDetails.maxShortTextLength
        }
    }

    /// The label as a catalogue message, for the rule's messages.
    public var labelWording: Message {
        switch self {
        case .cause: Message("error.field.label.cause", "Cause of loss")
        case .policyholder: Message("error.field.label.policyholder", "Policyholder")
        case .address: Message("error.field.label.loss-address", "Address of the loss")
        case .insurer: Message("error.field.label.insurer", "Insurer")
        case .policyNumber: Message("error.field.label.policy-number", "Policy number")
        case .claimNumber: Message("error.field.label.claim-number", "Claim number")
        case .notes: Message("error.field.label.notes", "Notes")
        case .otherInsurance: Message("error.field.label.other-insurance", "Other insurance")
        case .phone: Message("error.field.label.phone", "Phone")
        case .email: Message("error.field.label.email", "E-mail")
        case .contactAddress: Message("error.field.label.contact-address", "Contact address while displaced")
        case .policeReport: Message("error.field.label.police-report", "Police report number")
        case .policeForce: Message("error.field.label.police-force", "Police force or station")
        }
    }

    public var rule: TextRule { TextRule(labelWording, maxCharacters: maxLength, oneLine: false, tooLong: TextRule.useAtMost) }

    public var keyPath: WritableKeyPath<Claim, String> {
        switch self {
        case .cause: \.cause
        case .policyholder: \.policyholder
        case .address: \.address
        case .insurer: \.insurer
        case .policyNumber: \.policyNumber
        case .claimNumber: \.claimNumber
        case .notes: \.notes
        case .otherInsurance: \.otherInsurance
        case .phone: \.phone
        case .email: \.email
        case .contactAddress: \.contactAddress
        case .policeReport: \.policeReport
        case .policeForce: \.policeForce
        }
    }
}

/// Changes to a claim: `nil` leaves a field as it is; `.some(nil)` clears one that may be empty.
public struct ClaimInput: Sendable, Equatable {
    public var name: String?
    public var lossDate: CalendarDate??
    public var texts: [ClaimText: String] = [:]
    public var contentsLimit: Int64??
    public var proofOfLossDue: CalendarDate??
    public var salesTaxRate: SalesTaxRate??
    public var lossKind: LossKind??
    public var deductible: Int64??
    public var settlement: Settlement?
    /// The policy's useful-life table (the policy's only: a claim uses the household's).
    public var usefulLifeCountry: UsefulLifeCountry?
    public var policyStart: CalendarDate??
    public var policyEnd: CalendarDate??
    /// The packet's and adjuster's page's language, a BCP 47 tag the app checked it ships.
    public var language: String?
    /// The claim's whole set of lines, in order (lines kept keep what the tracker recorded).
    public var lines: [ClaimLineInput]?

    public init(name: String? = nil) { self.name = name }

    public static let maxNameLength = 200
    static let nameRule = TextRule(Message("error.field.label.claim-name", "The claim's name"), maxCharacters: maxNameLength, oneLine: false, tooLong: TextRule.useAtMost)
}

/// Changes to one line; `itemID` says which.
public struct ClaimLineInput: Sendable, Equatable {
    public let itemID: Item.ID
    public var quantityLost: Quantity?
    public var category: String??
    public var unitACVOverride: Int64??
    public var overrideReason: String?
    public var paid: Int64??
    public var replacedCost: Int64??
    public var replacedDate: CalendarDate??

    static let overrideReasonRule = TextRule(Message("error.field.label.override-reason", "The reason"), maxCharacters: ItemDetails.maxShortTextLength, oneLine: false, tooLong: TextRule.useAtMost)

    public init(itemID: Item.ID, quantityLost: Quantity? = nil) {
        self.itemID = itemID
        self.quantityLost = quantityLost
    }
}
