import Accounts
import App
import Backup
import Clocks
import Foundation
import Testing

/// The home page says when the last verified backup was made; an owner is warned when the last one
/// failed or is older than the schedule, and told when there is none at all.
@Suite struct BackupNoticeTests {
    @Test func withoutAnyBackupOnlyTheOwnerIsToldThereIsNone() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia"), viewer = try app.signIn("vera"), editor = try app.signIn("eddie")

        let note = try notice(owner)
        #expect(note?.contains("No backup of this inventory yet.") == true)
        #expect(note?.contains("--backup-to") == true)
        #expect(try notice(viewer) == nil && notice(editor) == nil)
        #expect(try statusLine(owner) == nil)
    }

    @Test func aScheduledBackupIsMadeAtOnceAndShownThenAnOwnerIsWarnedWhenItIsOlderThanTheSchedule() throws {
        let backups = try TestDataFolder()
        let clock = TestClock()
        let app = try SecuredApp { configuration in
            configuration.backupSchedule = BackupSchedule(directory: backups.url.appendingPathComponent("daily"), interval: 86_400, keep: 3)
            configuration.clock = clock
        }
        let owner = try app.signIn("olivia"), viewer = try app.signIn("vera")
        let scheduler = try #require(app.app.backupScheduler)
        try waitUntil { scheduler.status.lastVerified != nil }

        #expect(BackupStore(path: backups.url.appendingPathComponent("daily").path).finished().count == 1)
        #expect(try statusLine(owner)?.hasPrefix("Last verified backup: just now (") == true)
        #expect(try statusLine(viewer)?.hasPrefix("Last verified backup: just now (") == true)
        #expect(try notice(owner) == nil)

        clock.advance(by: 3 * 86_400)
        let warning = try #require(try notice(owner))
        #expect(warning.contains("The last verified backup is 3 days old"))
        #expect(warning.contains("every 24 hours into \(backups.url.appendingPathComponent("daily").path)"))
        #expect(try notice(viewer) == nil)
        #expect(try statusLine(viewer)?.hasPrefix("Last verified backup: 3 days ago (") == true)
    }

    @Test func aFailedBackupIsShownToTheOwnerWithTheReason() throws {
        let blocker = try TestDataFolder()
        let file = blocker.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let app = try SecuredApp { configuration in
            configuration.backupSchedule = BackupSchedule(directory: file.appendingPathComponent("backups"), interval: 3_600)
        }
        let owner = try app.signIn("olivia"), viewer = try app.signIn("vera")
        let scheduler = try #require(app.app.backupScheduler)
        try waitUntil { scheduler.status.lastAttempt != nil }

        let warning = try #require(try notice(owner))
        #expect(warning.contains("The last backup failed just now"))
        #expect(warning.contains("Not a directory"))
        #expect(warning.contains("There is no verified backup yet"))
        #expect(try notice(viewer) == nil && statusLine(viewer) == nil)
    }

    @Test func aBackupMadeFromTheCommandLineCountsWithoutASchedule() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        let folder = DataFolder(app.folder)
        let backups = try TestDataFolder()
        let outcome = try BackupJob(source: folder.backupSource(try folder.openDatabase()), store: BackupStore(path: backups.url.path),
                                    status: folder.backupStatus).run()
        #expect(outcome.succeeded)

        #expect(try statusLine(owner)?.hasPrefix("Last verified backup: just now (") == true)
        #expect(try notice(owner) == nil)
    }

    @Test func aBackupVerifiedHereButNotCopiedOffSiteCountsAsVerifiedAndTheOwnerIsTold() throws {
        let app = try SecuredApp()
        let owner = try app.signIn("olivia")
        let now = Date()
        try DataFolder(app.folder).backupStatus.record(BackupStatus.Attempt(
            startedAt: now, finishedAt: now, backup: "/mnt/usb/homepwner/2026-03-14T020000Z", verified: true,
            problem: "restic could not copy it off site (s3:https://s3.example.com/bucket, exit status 1): Fatal: unable to open config file", offsiteSnapshot: nil))

        let warning = try #require(try notice(owner))
        #expect(warning.contains("made and verified just now, but not copied off site"))
        #expect(warning.contains("unable to open config file"))
        #expect(try statusLine(owner)?.hasPrefix("Last verified backup: just now (") == true)
    }

    @Test func theScheduleIsReadAsATimeFromAMinuteToAYear() {
        #expect(BackupSchedule.interval(from: "24h") == 86_400)
        #expect(BackupSchedule.interval(from: "30m") == 1_800)
        #expect(BackupSchedule.interval(from: "7d") == 604_800)
        #expect(BackupSchedule.interval(from: "90s") == 90)
        for wrong in ["", "24", "h", "0h", "-1h", "30s", "1.5x", "400d", "nanh"] {
            #expect(BackupSchedule.interval(from: wrong) == nil, "\(wrong)")
        }
    }

    private func notice(_ session: SecuritySession) throws -> String? {
        let page = try session.get("/")
        #expect(page.status == 200)
        return text(of: "backup-notice", closedBy: "</aside>", in: page.text)
    }

    private func statusLine(_ session: SecuritySession) throws -> String? {
        text(of: "backup-status", closedBy: "</p>", in: try session.get("/").text)
    }

    /// The words of the element with this id, its inner tags left out, paragraphs a space apart.
    private func text(of id: String, closedBy end: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\""), let close = html[start.upperBound...].range(of: end) else { return nil }
        let inner = html[start.upperBound..<close.lowerBound].drop { $0 != ">" }.dropFirst()
        let words = inner.replacingOccurrences(of: "</p>", with: " ").replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        return HTMLInspection.unescape(words.trimmingCharacters(in: .whitespaces))
    }

    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestAppError("the scheduled backup did not run within 30 s") }
            usleep(20_000)
        }
    }
}
