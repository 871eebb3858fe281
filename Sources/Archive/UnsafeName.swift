/// Why an entry's name is not taken (`ArchiveError.unsafePath`): it could land outside the folder it is
/// unpacked into, or is not a plain relative path. Its `description` ends the sentence “… “name”, which <it>”.
public enum UnsafeName: Sendable, Equatable, CustomStringConvertible {
    case notUTF8
    case empty
    case tooLong
    case absolute
    case backslash
    case controlCharacters
    case driveLetter
    case tooDeep
    case climbsOut
    case emptyPart
    case partTooLong

    public var description: String {
        switch self {
        case .notUTF8: "is not a UTF-8 name"
        case .empty: "has no name"
        case .tooLong: "is longer than \(ArchivePath.maxLength) bytes"
        case .absolute: "is an absolute path"
        case .backslash: "contains a backslash"
        case .controlCharacters: "contains control characters"
        case .driveLetter: "starts with a drive letter"
        case .tooDeep: "is more than \(ArchivePath.maxDepth) folders deep"
        case .climbsOut: "climbs out of its folder with “..”"
        case .emptyPart: "has an empty or “.” part"
        case .partTooLong: "has a part longer than \(ArchivePath.maxComponentLength) bytes"
        }
    }
}

/// An entry that is neither a file nor a folder (`ArchiveError.unsupportedEntry`).
public enum UnsupportedEntryKind: String, Sendable, Equatable, CustomStringConvertible {
    case hardLink
    case symbolicLink
    /// A device, a FIFO or a socket.
    case special

    public var description: String {
        switch self {
        case .hardLink: "a hard link"
        case .symbolicLink: "a symbolic link"
        case .special: "a device, FIFO or socket"
        }
    }
}
