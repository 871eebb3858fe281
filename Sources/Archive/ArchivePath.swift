/// An entry's name, checked to be a plain relative path that stays inside the folder it is unpacked
/// into: no absolute path, no `..`, no backslash, no drive letter, no control characters. Checked
/// as the bytes the file system will read, never as Swift `Character`s: "/" followed by a combining
/// mark is one `Character`, neither a leading "/" nor a separator to `String`, and still a "/" to
/// the file system.
public struct ArchivePath: Sendable, Equatable, CustomStringConvertible {
    /// The parts, from the top: `["photos", "ab….jpg"]`.
    public let components: [String]

    public static let maxLength = 1_024
    public static let maxComponentLength = 255
    public static let maxDepth = 32

    /// Checks `text` (a trailing `/` marks a folder and is dropped); throws `unsafePath` saying why not.
    public init(_ text: String) throws(ArchiveError) {
        func refuse(_ reason: UnsafeName) -> ArchiveError { .unsafePath(path: text, reason: reason) }
        let bytes = Array(text.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard !bytes.isEmpty else { throw refuse(.empty) }
        guard bytes.count <= Self.maxLength else { throw refuse(.tooLong) }
        guard bytes.first != slash else { throw refuse(.absolute) }
        guard !bytes.contains(UInt8(ascii: "\\")) else { throw refuse(.backslash) }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refuse(.controlCharacters)
        }
        var parts = bytes.split(separator: slash, omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        if let first = parts.first, first.count == 2, first.last == UInt8(ascii: ":") { throw refuse(.driveLetter) }
        guard parts.count <= Self.maxDepth else { throw refuse(.tooDeep) }
        for part in parts {
            if part.elementsEqual([dot, dot]) { throw refuse(.climbsOut) }
            if part.isEmpty || part.elementsEqual([dot]) { throw refuse(.emptyPart) }
            if part.count > Self.maxComponentLength { throw refuse(.partTooLong) }
        }
        // Each part is whole scalars: "/" is one byte in UTF-8 and never inside another scalar's bytes.
        components = parts.map { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { components.joined(separator: "/") }
}
