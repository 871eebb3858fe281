/// What kind of loss a claim is for. A theft closes its items as stolen, every other kind as lost.
public enum LossKind: String, Sendable, CaseIterable {
    case fire, water, theft, other

    public var label: String {
        switch self {
        case .fire: "Fire or smoke"
        case .water: "Water or flood"
        case .theft: "Theft or burglary"
        case .other: "Other"
        }
    }
}
