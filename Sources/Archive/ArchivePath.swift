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
        func refuse(_ reason: String) -> ArchiveError { .unsafePath(path: text, reason: reason) }
        let bytes = Array(text.utf8)
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard !bytes.isEmpty else { throw refuse("has no name") }
        guard bytes.count <= Self.maxLength else { throw refuse("is longer than \(Self.maxLength) bytes") }
        guard bytes.first != slash else { throw refuse("is an absolute path") }
        guard !bytes.contains(UInt8(ascii: "\\")) else { throw refuse("contains a backslash") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw refuse("contains control characters")
        }
        var parts = bytes.split(separator: slash, omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        if let first = parts.first, first.count == 2, first.last == UInt8(ascii: ":") { throw refuse("starts with a drive letter") }
        guard parts.count <= Self.maxDepth else { throw refuse("is more than \(Self.maxDepth) folders deep") }
        for part in parts {
            if part.elementsEqual([dot, dot]) { throw refuse("climbs out of its folder with “..”") }
            if part.isEmpty || part.elementsEqual([dot]) { throw refuse("has an empty or “.” part") }
            if part.count > Self.maxComponentLength { throw refuse("has a part longer than \(Self.maxComponentLength) bytes") }
        }
        // Each part is whole scalars: "/" is one byte in UTF-8 and never inside another scalar's bytes.
        components = parts.map { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { components.joined(separator: "/") }
}
