import Archive
import Testing

/// Entry names are checked as the bytes the file system will see, not as Swift `Character`s: a
/// combining mark after "/" makes one `Character` of the two, yet the file system still reads a "/".
@Suite struct ArchivePathTests {
    @Test func aSlashFollowedByACombiningMarkIsStillASlash() throws {
        let refused: [(String, UnsafeName)] = [
            ("/\u{301}etc/passwd", .absolute),
            ("a/../\u{301}b", .climbsOut),
            ("a/./\u{301}b", .emptyPart),
            ("a//\u{301}b", .emptyPart),
            ("a\\\u{301}b", .backslash),
        ]
        for (name, reason) in refused {
            #expect(throws: ArchiveError.unsafePath(path: name, reason: reason), "\(name.debugDescription)") { _ = try ArchivePath(name) }
        }
        // A part may start with a combining mark; it never holds a "/" of its own.
        #expect(try ArchivePath("a/\u{301}b").components == ["a", "\u{301}b"])
        #expect(try ArchivePath("e\u{301}t\u{301}e\u{301}/photo.jpg").components == ["e\u{301}t\u{301}e\u{301}", "photo.jpg"])
    }

    @Test func noPartEverHoldsASeparatorWhateverFollowsIt() throws {
        for mark in ["\u{301}", "\u{20DD}", "\u{FE0F}", "\u{200D}"] {
            for name in ["x/\(mark)y", "x/\(mark)y/z", "\(mark)x/y/\(mark)"] {
                let path = try ArchivePath(name)
                #expect(path.components.allSatisfy { !$0.utf8.contains(UInt8(ascii: "/")) }, "\(name.debugDescription) → \(path.components)")
                #expect(path.description == (name.hasSuffix("/") ? String(name.dropLast()) : name))
            }
        }
    }
}
