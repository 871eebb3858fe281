import Foundation
import Glibc
import Imaging
import PhotoLibrary
import Testing

/// Trees that try to trap or mislead the scanner: symlink loops, links out of the root, folders that
/// cannot be opened, odd names and special files, and roots that are missing or not folders.
@Suite(.timeLimit(.minutes(2))) struct HostileTreeTests {
    @Test func symlinkLoopsTerminateAndEveryPhotoIsListedOnce() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Alpha/p1.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Alpha/Beta/p2.jpg", taken: "2019:05:04 11:00:00")
        try fixture.symlink("Alpha/up", to: "..")                // the root itself
        try fixture.symlink("Alpha/self", to: ".")               // its own folder
        try fixture.symlink("Alpha/Beta/loop", to: "../..")      // the root, two levels up
        try fixture.symlink("Alpha/Beta/back", to: "..")         // Alpha, which holds Beta
        try fixture.symlink("Alpha/Beta/absolute", to: fixture.url("Alpha").path)
        try fixture.symlink("top", to: fixture.root.path)
        try fixture.symlink("Cee", to: "Dee")                    // Cee and Dee point at each other
        try fixture.symlink("Dee", to: "Cee")
        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)

        #expect(status.state == .ready)
        #expect(try library.allAssets().map(\.fileName).sorted() == ["p1.jpg", "p2.jpg"])
        #expect(status.total == 2)
        #expect(try library.albumGroups().map(\.name) == ["Alpha", "Beta"])
    }

    @Test func aFolderWithAOneCharacterNameDoesNotCrashTheScanner() async {
        // Foundation on Linux traps in NSString.deletingLastPathComponent for a one-character string
        // ("A"); the scanner calls it on each album's folder path, so the scan (and the server) would
        // crash. Run in a child process so the crash fails this test alone.
        await #expect(processExitsWith: .success) {
            let fixture = try! LibraryFixture()
            try! fixture.photo("A/p.jpg", taken: "2019:05:04 10:00:00")
            try! fixture.photo("2/Day/q.jpg", taken: "2019:05:04 11:00:00")
            let library = try! fixture.scannedLibrary()
            guard (try? library.allAssets().count) == 2, (try? library.albumGroups().map(\.name)) == ["Day", "A"] else { exit(2) }
        }
    }

    @Test func symlinksThatLeaveTheRootAreNotFollowed() throws {
        let fixture = try LibraryFixture()
        let outside = fixture.base.appendingPathComponent("outside")
        try fixture.photo("secret.jpg", taken: "2001:01:01 00:00:00", under: outside)
        try fixture.photo("Nested/deep-secret.jpg", taken: "2001:01:01 00:00:00", under: outside)
        // A sibling whose name starts like the root's: a prefix check without the "/" would let it in.
        let sibling = fixture.base.appendingPathComponent("Photos-evil")
        try fixture.photo("evil.jpg", taken: "2001:01:01 00:00:00", under: sibling)
        try fixture.photo("own.jpg", taken: "2019:05:04 10:00:00")
        try fixture.symlink("relative-out", to: "../outside")
        try fixture.symlink("absolute-out", to: outside.path)
        try fixture.symlink("Album/leak.jpg", to: outside.appendingPathComponent("secret.jpg").path)
        try fixture.symlink("Album/leak-relative.jpg", to: "../../outside/secret.jpg")
        try fixture.symlink("evil", to: "../Photos-evil")
        try fixture.symlink("etc", to: "/etc")
        try fixture.symlink("passwd.jpg", to: "/etc/passwd")
        try fixture.symlink("dangling.jpg", to: "nowhere.jpg")
        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)

        #expect(try library.allAssets().map(\.fileName) == ["own.jpg"])
        #expect(try library.albumGroups().map(\.name) == ["Photos"])
        #expect(status.total == 1, "links that are not followed are not counted either")
        #expect(status.skipped == 0)
    }

    @Test func aSymlinkInsideTheRootIsFollowedOnce() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Real/r1.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Real/r2.jpg", taken: "2019:05:04 10:00:01")
        try fixture.symlink("Alias", to: "Real")
        try fixture.symlink("Zed/Alias", to: "../Real")
        let library = try fixture.scannedLibrary()

        let names = try library.allAssets().map(\.fileName).sorted()
        #expect(names == ["r1.jpg", "r2.jpg"], "each photo once, however many links lead to its folder")
        #expect(try library.albumGroups().map(\.count).reduce(0, +) == 2)
        // The photo is served from inside the root.
        let asset = try #require(try library.asset(named: "r1.jpg"))
        let original = try #require(try library.openOriginal(assetID: asset.id))
        #expect(original.location.hasPrefix(DirectoryWalkerPath.real(fixture.root.path) + "/"))
    }

    @Test func aRootThatIsASymlinkIsFollowed() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/p.jpg", taken: "2019:05:04 10:00:00")
        let link = fixture.base.appendingPathComponent("Linked Photos")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: fixture.root.path)
        let library = try fixture.library(roots: [link.path])
        library.scan(prefillRenditions: false)
        let asset = try #require(try library.asset(named: "p.jpg"))
        #expect(try library.openOriginal(assetID: asset.id) != nil)
    }

    @Test func aFileSwappedForALinkOutOfTheRootAfterTheScanIsNotServed() throws {
        let fixture = try LibraryFixture()
        let outside = fixture.base.appendingPathComponent("outside")
        let secret = try fixture.photo("p.jpg", taken: "2001:01:01 00:00:00", under: outside)
        try fixture.photo("Album/p.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Other/q.jpg", taken: "2019:05:04 10:00:00")
        let library = try fixture.scannedLibrary()
        let p = try #require(try library.asset(named: "p.jpg"))
        let q = try #require(try library.asset(named: "q.jpg"))

        // The file becomes a link to a file outside; the folder of the other becomes a link outside.
        try fixture.remove("Album/p.jpg")
        try fixture.symlink("Album/p.jpg", to: outside.appendingPathComponent("p.jpg").path)
        try fixture.remove("Other")
        try fixture.symlink("Other", to: outside.path)
        try fixture.photo("q.jpg", taken: "2001:01:01 00:00:00", under: outside)

        for asset in [p, q] {
            #expect(try library.openOriginal(assetID: asset.id) == nil)
            #expect(try library.openOriginal(assetID: asset.id, fingerprint: asset.fingerprint) == nil)
            #expect(try library.renditionFile(assetID: asset.id, fingerprint: asset.fingerprint, name: "thumb-256") == nil)
            #expect(try library.renditionFile(assetID: asset.id, fingerprint: asset.fingerprint, name: "full") == nil)
        }
        _ = secret
        library.scan(prefillRenditions: false)
        #expect(try library.allAssets().isEmpty)
    }

    @Test func aFolderThatCannotBeOpenedIsReportedAndSkipped() throws {
        // Tests run as root, where chmod 000 does not stop a read; a folder whose path is longer than
        // PATH_MAX cannot be opened by anyone, which takes the walker down the same path (opendir fails).
        let fixture = try LibraryFixture()
        try fixture.photo("Deep/shallow.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Elsewhere/other.jpg", taken: "2019:05:04 11:00:00")
        var folder = open(fixture.url("Deep").path, O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<25 {
            try #require(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            try #require(next >= 0)
            folder = next
        }
        let bytes = try LibraryFixture.jpeg(taken: "2019:05:04 12:00:00")
        let file = openat(folder, "too-deep.jpg", O_WRONLY | O_CREAT, 0o644)
        try #require(file >= 0)
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        close(folder)

        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .ready)
        #expect(try library.allAssets().map(\.fileName).sorted() == ["other.jpg", "shallow.jpg"])
        #expect(status.folderProblems.count == 1)
        #expect(status.folderProblems.first?.hasPrefix(fixture.root.path + "/Deep/") == true)
        #expect(status.folderProblems.first?.contains("too long") == true, "\(status.folderProblems)")
        #expect(library.status.folderProblems == status.folderProblems)
    }

    @Test func anUnreadableSubfolderIsReportedAndSkipped() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Locked/hidden.jpg", taken: "2019:05:04 10:00:00")
        try fixture.photo("Open/seen.jpg", taken: "2019:05:04 11:00:00")
        chmod(fixture.url("Locked").path, 0)
        defer { chmod(fixture.url("Locked").path, 0o755) }
        let library = try fixture.library()
        let status = withUnprivilegedFileAccess { library.scan(prefillRenditions: false) }
        #expect(status.state == .ready)
        #expect(try library.allAssets().map(\.fileName) == ["seen.jpg"])
        #expect(status.folderProblems.count == 1)
        #expect(status.folderProblems.first?.contains("Locked") == true)
        #expect(status.folderProblems.first?.contains("Permission denied") == true)
    }

    @Test func anUnreadableRootIsPermissionDenied() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("p.jpg")
        // What an ordinary user would not be allowed to make in root's temporary folder, made first.
        _ = try fixture.database()
        try FileManager.default.createDirectory(at: fixture.data.appendingPathComponent("library-cache"), withIntermediateDirectories: true)
        chmod(fixture.root.path, 0)
        defer { chmod(fixture.root.path, 0o755) }
        let library = try withUnprivilegedFileAccess { try fixture.library() }
        #expect(library.status.state == .inaccessible)
        #expect(library.status.problem?.reason == "permission-denied")
        #expect(library.status.problem?.explanation.contains("read") == true)
    }

    @Test func namesThatAreNotUTF8AreReportedAndSkipped() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/fine.jpg", taken: "2019:05:04 10:00:00")
        var path = Array((fixture.url("Album").path + "/bad-").utf8).map { CChar(bitPattern: $0) }
        path += [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE)] + Array(".jpg".utf8).map { CChar(bitPattern: $0) } + [0]
        let bytes = try LibraryFixture.jpeg(taken: "2019:05:04 11:00:00")
        let file = open(path, O_WRONLY | O_CREAT, 0o644)
        try #require(file >= 0)
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)

        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .ready)
        #expect(try library.allAssets().map(\.fileName) == ["fine.jpg"])
        #expect(status.folderProblems.contains { $0.contains("Album") && $0.contains("UTF-8") }, "\(status.folderProblems)")
    }

    @Test func specialFilesAreNotOpened() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/fine.jpg", taken: "2019:05:04 10:00:00")
        // Opening a FIFO for reading blocks until someone writes: a scanner that opens it hangs.
        try #require(mkfifo(fixture.url("Album/pipe.jpg").path, 0o644) == 0)
        try fixture.symlink("Album/link-to-pipe.jpg", to: "pipe.jpg")
        try fixture.symlink("Album/null.jpg", to: "/dev/null")
        let library = try fixture.library()
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .ready)
        #expect(try library.allAssets().map(\.fileName) == ["fine.jpg"])
    }

    @Test func aMissingRootIsInaccessibleAndMissing() throws {
        let fixture = try LibraryFixture()
        let missing = fixture.base.appendingPathComponent("Not There").path
        let library = try fixture.library(roots: [missing])
        #expect(library.status.state == .inaccessible, "known before any scan")
        #expect(library.status.problem == .missing(path: missing))
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .inaccessible)
        #expect(status.problem?.reason == "missing")
        #expect(status.problem?.path == missing)
        #expect(status.problem?.explanation.contains("does not exist") == true)
        #expect(status.isConfigured)
        #expect(try library.groups().isEmpty)

        // The folder appears (the disk is mounted): the next scan finds it.
        try fixture.photo("p.jpg", taken: "2019:05:04 10:00:00", under: URL(fileURLWithPath: missing))
        let later = library.scan(prefillRenditions: false)
        #expect(later.state == .ready)
        #expect(later.problem == nil)
        #expect(try library.allAssets().map(\.fileName) == ["p.jpg"])
    }

    @Test func aRootThatIsAFileIsNotADirectory() throws {
        let fixture = try LibraryFixture()
        let file = try fixture.text("notes.txt").path
        let library = try fixture.library(roots: [file])
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .inaccessible)
        #expect(status.problem == .notADirectory(path: file))
        #expect(status.problem?.reason == "not-a-directory")

        // A path through a file is as good as missing.
        let through = try fixture.library(roots: [file + "/inside"])
        #expect(through.scan(prefillRenditions: false).problem?.reason == "missing")
    }

    @Test func oneBadRootDoesNotHideTheOthers() throws {
        let fixture = try LibraryFixture()
        try fixture.photo("Album/p.jpg", taken: "2019:05:04 10:00:00")
        let missing = fixture.base.appendingPathComponent("gone").path
        let library = try fixture.library(roots: [missing, fixture.root.path])
        let status = library.scan(prefillRenditions: false)
        #expect(status.state == .ready)
        #expect(status.problem == nil)
        #expect(status.rootProblems == [.missing(path: missing)])
        #expect(try library.allAssets().map(\.fileName) == ["p.jpg"])
    }

    @Test func noRootsIsNotConfigured() throws {
        let fixture = try LibraryFixture()
        let library = try fixture.library(roots: [])
        let status = library.scan(prefillRenditions: false)
        #expect(!status.isConfigured)
        #expect(status.state == .ready)
        #expect(try library.groups().isEmpty)
    }
}
