import Archive
import Messages

extension ArchiveError {
    /// Why a zip was refused, in words the app writes in the reader's language; `description`'s US
    /// English to the byte. libarchive's and the system's own words stay as they wrote them.
    public var wording: Message {
        switch self {
        case .unreadable(let reason):
            Message("error.archive.zip.unreadable", "The file is not a zip archive that can be read (\(reason)).", ["reason": .text(reason)])
        case .unsafePath(let path, let reason):
            Message("error.archive.zip.unsafe-name", "The archive holds “\(Self.shown(path))”, which \(reason.wording.english); it was not unpacked.",
                    ["path": .text(Self.shown(path)), "reason": .message(reason.wording)])
        case .unsupportedEntry(let path, let kind):
            Message("error.archive.zip.not-a-file", "The archive holds \(kind) “\(Self.shown(path))”; only plain files and folders are taken, so it was not unpacked.",
                    ["kind": .text(kind.rawValue), "path": .text(Self.shown(path))])
        case .encrypted(let path):
            Message("error.archive.zip.encrypted", "“\(Self.shown(path))” in the archive is encrypted; export it again without a password.", ["path": .text(Self.shown(path))])
        case .duplicateEntry(let path):
            Message("error.archive.zip.twice", "The archive holds “\(Self.shown(path))” twice (or as both a file and a folder); it was not unpacked.",
                    ["path": .text(Self.shown(path))])
        case .tooManyEntries(let limit):
            Message("error.archive.zip.too-many-files", "The archive holds more than \(limit) files; it was not unpacked.", ["limit": .text(String(limit))])
        case .entryTooLarge(let path, let limit):
            Message("error.archive.zip.file-too-large", "“\(Self.shown(path))” in the archive unpacks to more than \(Self.bytes(limit)); it was not unpacked.",
                    ["path": .text(Self.shown(path)), "limit": .text(Self.bytes(limit))])
        case .tooLargeInTotal(let limit):
            Message("error.archive.zip.too-large", "The archive unpacks to more than \(Self.bytes(limit)) in all; it was not unpacked.", ["limit": .text(Self.bytes(limit))])
        case .compressionRatioTooHigh(let limit):
            Message("error.archive.zip.bomb", "The archive unpacks to more than \(limit) times its own size, as a zip bomb does; it was not unpacked.",
                    ["limit": .text(String(limit))])
        case .targetExists(let path):
            Message("error.archive.zip.folder-exists", "The folder \(path) is already there; the archive is only unpacked into a new folder.", ["path": .text(path)])
        case .io(let reason):
            // This machine's failure, in the system's own sentence; other languages say what failed around it.
            Message("error.archive.zip.io", "\(reason)", ["detail": .text(reason)])
        case .diskFull(let folder):
            Message("error.archive.zip.disk-full", "The disk holding \(folder) is full, so the archive could not be unpacked; nothing was kept. "
                    + "Free some space on it, then try again.", ["folder": .text(folder)])
        }
    }
}

extension UnsafeName {
    /// The end of “The archive holds “name”, which …”, in the reader's language.
    var wording: Message {
        switch self {
        case .notUTF8: Message("error.archive.name.not-utf8", "is not a UTF-8 name")
        case .empty: Message("error.archive.name.empty", "has no name")
        case .tooLong: Message("error.archive.name.too-long", "is longer than \(ArchivePath.maxLength) bytes", ["max": .text(String(ArchivePath.maxLength))])
        case .absolute: Message("error.archive.name.absolute", "is an absolute path")
        case .backslash: Message("error.archive.name.backslash", "contains a backslash")
        case .controlCharacters: Message("error.archive.name.control-characters", "contains control characters")
        case .driveLetter: Message("error.archive.name.drive-letter", "starts with a drive letter")
        case .tooDeep: Message("error.archive.name.too-deep", "is more than \(ArchivePath.maxDepth) folders deep", ["max": .text(String(ArchivePath.maxDepth))])
        case .climbsOut: Message("error.archive.name.climbs-out", "climbs out of its folder with “..”")
        case .emptyPart: Message("error.archive.name.empty-part", "has an empty or “.” part")
        case .partTooLong:
            Message("error.archive.name.part-too-long", "has a part longer than \(ArchivePath.maxComponentLength) bytes", ["max": .text(String(ArchivePath.maxComponentLength))])
        }
    }
}
