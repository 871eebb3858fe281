/// What an account may do. Each role can do everything the one below it can.
public enum Role: String, Sendable, CaseIterable, Comparable {
    /// Reads items, photos and the library roots it is granted.
    case viewer
    /// Also changes items and their photos.
    case editor
    /// Also manages accounts, library grants and settings.
    case owner

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .editor: 1
        case .owner: 2
        }
    }

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}
