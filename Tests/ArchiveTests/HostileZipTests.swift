import Archive
import Foundation
import Testing

/// Zip files an attacker could send (made by Fixtures/make_fixtures.py): each is refused with a
/// clear error, and the folder it was to be unpacked into is not left behind.
@Suite struct HostileZipTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!.path
    }

    /// Unpacks fixture `name` into a new folder: the error it throws, after checking nothing was left.
    static func refusal(_ name: String, limits: ArchiveLimits = .inventory) throws -> ArchiveError? {
        let scratch = try Scratch()
        let target = "\(scratch.path)/out"
        defer { try? FileManager.default.removeItem(atPath: "/tmp/homepwner-escaped.txt") }
        do {
            _ = try ZipReader.extract(zipAt: fixture(name), into: target, limits: limits)
            Issue.record("\(name) was unpacked")
            return nil
        } catch {
            #expect(!FileManager.default.fileExists(atPath: target), "\(name) left \(target) behind")
            #expect(scratch.contents(of: scratch.path).isEmpty, "\(name) wrote \(scratch.contents(of: scratch.path))")
            #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/escaped.txt"))
            #expect(!FileManager.default.fileExists(atPath: "/tmp/homepwner-escaped.txt"))
            return error
        }
    }

    @Test func namesThatClimbOutOfTheFolderAreRefused() throws {
        for name in ["dotdot.zip", "dotdot-inside.zip"] {
            guard case .unsafePath(_, let reason) = try Self.refusal(name) else { Issue.record("\(name)"); continue }
            #expect(reason == .climbsOut)
        }
        guard case .unsafePath(let path, let reason) = try Self.refusal("absolute.zip") else { Issue.record("absolute"); return }
        #expect(path == "/tmp/homepwner-escaped.txt" && reason == .absolute)
        // libarchive reads a backslash as a Windows separator, so `..\\x` is `../x`: refused either way.
        guard case .unsafePath = try Self.refusal("backslash.zip") else { Issue.record("backslash"); return }
    }

    @Test func linksAndDevicesAreRefused() throws {
        #expect(try Self.refusal("symlink.zip") == .unsupportedEntry(path: "link", kind: .symbolicLink))
        #expect(try Self.refusal("device.zip") == .unsupportedEntry(path: "disk", kind: .special))
    }

    @Test func aFIFOEntryBecomesAPlainFileNeverAFIFO() throws {
        // libarchive's zip reader keeps only the folder and link bits of a mode: anything else is a file.
        let scratch = try Scratch()
        let entries = try ZipReader.extract(zipAt: Self.fixture("fifo.zip"), into: "\(scratch.path)/out", limits: .inventory)
        #expect(entries.map(\.path.description) == ["pipe"])
        let type = try FileManager.default.attributesOfItem(atPath: "\(scratch.path)/out/pipe")[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }

    @Test func aNameTakenTwiceIsRefused() throws {
        #expect(try Self.refusal("duplicate.zip") == .duplicateEntry(path: "a.txt"))
        #expect(try Self.refusal("file-then-folder.zip") == .duplicateEntry(path: "a/b.txt"))
    }

    @Test func encryptedEntriesAndFilesThatAreNoZipAreRefused() throws {
        #expect(try Self.refusal("encrypted.zip") == .encrypted(path: "secret.txt"))
        guard case .unreadable = try Self.refusal("not-a-zip.zip") else { Issue.record("not a zip"); return }
    }

    @Test func aZipBombIsRefusedFromItsHeaderAtOnce() throws {
        // Refused by the ratio cap, from the header: its bytes are never inflated (bench, not a timed test, says how fast).
        #expect(try Self.refusal("bomb.zip") == .compressionRatioTooHigh(limit: 100))
        #expect(try Self.refusal("bomb.zip", limits: ArchiveLimits(maxEntries: 10, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 40))
                == .entryTooLarge(path: "zeros.bin", limit: 1 << 20))
    }

    @Test func aZipBombWhoseHeadersLieIsStoppedAsItsBytesComeOut() throws {
        #expect(try Self.refusal("lying-bomb.zip") == .compressionRatioTooHigh(limit: 100))
        let total = ArchiveLimits(maxEntries: 10, maxEntryBytes: 1 << 40, maxTotalBytes: 4 << 20, maxCompressionRatio: 10_000)
        #expect(try Self.refusal("lying-bomb.zip", limits: total) == .tooLargeInTotal(limit: 4 << 20))
    }

    @Test func tooManyEntriesAreRefused() throws {
        let scratch = try Scratch()
        let archive = try scratch.zip("many.zip", (0..<11).map { ("file-\($0).txt", [UInt8]("x".utf8)) })
        let limits = ArchiveLimits(maxEntries: 10, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20)
        #expect(throws: ArchiveError.tooManyEntries(limit: 10)) {
            _ = try ZipReader.extract(zipAt: archive, into: "\(scratch.path)/out", limits: limits)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/out"))
    }

    /// Counted from the central directory before anything is unpacked: a zip of one entry too many
    /// once wrote every file up to the limit (200,000 with `.inventory`) before it was refused.
    @Test func tooManyEntriesAreCountedBeforeAnyIsUnpacked() throws {
        let scratch = try Scratch()
        let archive = try scratch.zip("many.zip", (0..<2_001).map { ("file-\($0).txt", [UInt8]("x".utf8)) })
        let limits = ArchiveLimits(maxEntries: 2_000, maxEntryBytes: 1 << 20, maxTotalBytes: 1 << 20)
        let before = try Self.writeCallsOfThisThread()
        #expect(throws: ArchiveError.tooManyEntries(limit: 2_000)) {
            _ = try ZipReader.extract(zipAt: archive, into: "\(scratch.path)/out", limits: limits)
        }
        let written = try Self.writeCallsOfThisThread() - before
        #expect(written == 0, "no file was written before the refusal (\(written) write calls)")
        #expect(scratch.contents(of: scratch.path) == ["many.zip"])
    }

    /// `write` calls made by this thread so far (the kernel's count in /proc/thread-self/io).
    static func writeCallsOfThisThread() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("syscw:") })
        return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aTruncatedArchiveIsRefusedAndLeavesNothing() throws {
        let scratch = try Scratch()
        let archive = try scratch.zip("whole.zip", [("a.bin", (0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7919) })], compress: false)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        let cut = "\(scratch.path)/cut.zip"
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: ArchiveError.self) { _ = try ZipReader.extract(zipAt: cut, into: "\(scratch.path)/out", limits: .inventory) }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/out"))
    }

    @Test func messagesSayWhatWasWrong() {
        #expect(ArchiveError.compressionRatioTooHigh(limit: 100).description.contains("zip bomb"))
        #expect(ArchiveError.unsafePath(path: "../x", reason: .climbsOut).description
                == "The archive holds “../x”, which climbs out of its folder with “..”; it was not unpacked.")
    }
}
