/// Why a zip archive was not read or written. Every case says what was wrong in words a person can
/// act on; nothing was left behind by the operation that threw it.
public enum ArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a zip archive, or is too damaged to read.
    case unreadable(String)
    /// An entry's name would land outside the folder, or is not a plain relative path.
    case unsafePath(path: String, reason: UnsafeName)
    /// A symbolic or hard link, a device, a FIFO or a socket: only files and folders are taken.
    case unsupportedEntry(path: String, kind: UnsupportedEntryKind)
    case encrypted(path: String)
    /// Two entries with the same name, or a file where a folder is needed.
    case duplicateEntry(path: String)
    case tooManyEntries(limit: Int)
    case entryTooLarge(path: String, limit: Int64)
    case tooLargeInTotal(limit: Int64)
    /// It unpacks to far more than its own size: a zip bomb.
    case compressionRatioTooHigh(limit: Int)
    /// The folder to unpack into is already there.
    case targetExists(path: String)
    /// Reading or writing a file failed.
    case io(String)
    /// The disk had no room for what was unpacked into `folder` (ENOSPC, or the user's quota); it was removed.
    case diskFull(folder: String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "The file is not a zip archive that can be read (\(reason))."
        case .unsafePath(let path, let reason): "The archive holds “\(Self.shown(path))”, which \(reason); it was not unpacked."
        case .unsupportedEntry(let path, let kind):
            "The archive holds \(kind) “\(Self.shown(path))”; only plain files and folders are taken, so it was not unpacked."
        case .encrypted(let path): "“\(Self.shown(path))” in the archive is encrypted; export it again without a password."
        case .duplicateEntry(let path): "The archive holds “\(Self.shown(path))” twice (or as both a file and a folder); it was not unpacked."
        case .tooManyEntries(let limit): "The archive holds more than \(limit) files; it was not unpacked."
        case .entryTooLarge(let path, let limit): "“\(Self.shown(path))” in the archive unpacks to more than \(Self.bytes(limit)); it was not unpacked."
        case .tooLargeInTotal(let limit): "The archive unpacks to more than \(Self.bytes(limit)) in all; it was not unpacked."
        case .compressionRatioTooHigh(let limit):
            "The archive unpacks to more than \(limit) times its own size, as a zip bomb does; it was not unpacked."
        case .targetExists(let path): "The folder \(path) is already there; the archive is only unpacked into a new folder."
        case .io(let reason): reason
        case .diskFull(let folder): "The disk holding \(folder) is full, so the archive could not be unpacked; nothing was kept. Free some space on it, then try again."
        }
    }

    /// A name from the archive as it may be shown: short, and without control characters.
    public static func shown(_ path: String) -> String {
        let visible = String(String.UnicodeScalarView(path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 120 ? visible.prefix(120) + "…" : visible
    }

    /// “64 MiB”: a limit as the messages say it.
    public static func bytes(_ count: Int64) -> String {
        count >= 1 << 30 ? "\(count >> 30) GiB" : count >= 1 << 20 ? "\(count >> 20) MiB" : "\(count) bytes"
    }
}
