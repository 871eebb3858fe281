/// Why a library root cannot be read, as `AssetsDataIsInaccessibleViewController` explains it, or
/// why a photo in one cannot be shown.
public enum LibraryProblem: Sendable, Equatable {
    /// The server's user may not read the folder.
    case permissionDenied(path: String)
    case missing(path: String)
    case notADirectory(path: String)
    case unknown(path: String, detail: String)
    /// A photo whose header reads but whose pixels do not (damaged, or in a form this build cannot
    /// decode), found out when its thumbnail was made. `detail` says what is wrong.
    case unreadablePhoto(path: String, detail: LibraryPhotoProblem)

    /// `permission-denied`, `missing`, `not-a-directory`, `unknown`, `unreadable-photo`.
    public var reason: String {
        switch self {
        case .permissionDenied: "permission-denied"
        case .missing: "missing"
        case .notADirectory: "not-a-directory"
        case .unknown: "unknown"
        case .unreadablePhoto: "unreadable-photo"
        }
    }

    public var path: String {
        switch self {
        case .permissionDenied(let path), .missing(let path), .notADirectory(let path), .unknown(let path, _),
             .unreadablePhoto(let path, _): path
        }
    }

    /// The reason in a few words, as the seed's explanation screen puts it.
    public var headline: String {
        switch self {
        case .permissionDenied: "Access to the photo library was denied."
        case .missing: "The photo library folder is missing."
        case .notADirectory: "The photo library path is not a folder."
        case .unknown: "Reason unknown."
        case .unreadablePhoto: "A photo can’t be shown."
        }
    }

    /// What happened and what to do, for a person.
    public var explanation: String {
        switch self {
        case .permissionDenied(let path):
            "Access to the photo library was denied: the server’s user may not read \(path). Give that user read (and, for folders, execute) permission, then reload."
        case .missing(let path):
            "The photo library folder \(path) does not exist. Check the --library path, or mount the disk that holds it."
        case .notADirectory(let path):
            "\(path) is a file, not a folder. Point --library at the folder that holds your photos."
        case .unknown(let path, let detail):
            "The photo library at \(path) cannot be read for a reason Homepwner does not recognise: \(detail)"
        case .unreadablePhoto(let path, let detail):
            "\(path): \(detail.english) It is left out of albums, events and people until the file is replaced."
        }
    }
}
