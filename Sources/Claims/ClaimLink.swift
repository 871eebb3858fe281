import Database
import Foundation
import Inventory
import TextRules

/// A read-only link to one claim for the insurer's adjuster: whoever holds its token sees that
/// claim, nothing else, until it expires or is revoked. Only the token's SHA-256 is stored; the
/// token itself is shown once, when the link is made.
public struct ClaimLink: Sendable, Equatable, Identifiable {
    public typealias ID = RowID<ClaimLink>

    public let id: ID
    public let claimID: Claim.ID
    /// The household its claim is in: where the adjuster's pages read, the token being the only access.
    public let household: HouseholdID
    /// Who it was made for ("Acme adjuster"), for the owner's list; may be empty.
    public let label: String
    public let created: Date
    public let expires: Date
    public let revoked: Date?
    /// Whether its evidence zip carries photos as they are, with where they were taken (GPS); by
    /// default a photo whose file says where goes as a copy without it, as the link's own pages
    /// never show an original.
    public let includesLocation: Bool
    /// When and from where it was opened, newest first (the last `maxOpeningsKept`); empty from `resolve`.
    public let openings: [ClaimLinkOpening]

    public init(id: ID, claimID: Claim.ID, household: HouseholdID, label: String, created: Date, expires: Date, revoked: Date?, includesLocation: Bool = false,
                openings: [ClaimLinkOpening] = []) {
        self.id = id
        self.claimID = claimID
        self.household = household
        self.label = label
        self.created = created
        self.expires = expires
        self.revoked = revoked
        self.includesLocation = includesLocation
        self.openings = openings
    }

    /// Whether the link opens its claim at `now`: not revoked and not yet expired.
    public func isActive(at now: Date) -> Bool { revoked == nil && now < expires }

    /// The longest a link may last: a proof of loss is due within about 60 days, and an adjuster
    /// rarely needs a link past the settlement.
    public static let longestLifetime: TimeInterval = 90 * 86_400
    public static let maxLabelLength = 200
    static let labelRule = TextRule(Message("error.field.label.link-label", "The label"), maxCharacters: maxLabelLength, oneLine: true, tooLong: TextRule.useAtMost)
    /// Openings kept per link: a link opened in a loop by a script must not fill the disk.
    public static let maxOpeningsKept = 1_000
}

/// One time a link was used: a page or a file that was opened.
public struct ClaimLinkOpening: Sendable, Equatable {
    public let at: Date
    /// The client's address as the server saw it (a trusted proxy's word for it behind one).
    public let address: String
    /// What was opened, below the link (`/`, `/items/7/documents/3`): never the token.
    public let path: String

    public init(at: Date, address: String, path: String) {
        self.at = at
        self.address = address
        self.path = path
    }
}

/// Why a link operation did not happen; nothing was changed.
public enum ClaimLinkError: Error, Sendable, Equatable {
    case invalid(ValidationError)
    case linkNotFound(id: ClaimLink.ID, claimID: Claim.ID)
}
