@testable import Backup
import Foundation
@preconcurrency import Glibc
import Testing

/// The server's schedule: a backup as soon as none is recent, the next one an interval after it,
/// sooner after a failure, and a stop at any moment leaves nothing half-made.
@Suite struct BackupSchedulerTests {
    @Test func theFirstBackupIsMadeAtOnceAndTheNextIsDueAnIntervalLater() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        let status = BackupStatusFile(path: "\(fixture.root)/status.json")
        let scheduler = BackupScheduler(job: BackupJob(source: fixture.source, store: fixture.backups, status: status), interval: 86_400, log: { _ in })

        scheduler.start()
        let deadline = ContinuousClock.now + .seconds(30)
        while status.read().lastVerified == nil, ContinuousClock.now < deadline { usleep(20_000) }
        scheduler.stop()

        let success = try #require(status.read().lastVerified)
        #expect(success.verified && success.problem == nil)
        #expect(fixture.backups.finished().map(\.path) == [success.backup])
        #expect(scheduler.nextDue(after: status.read()) == success.startedAt.addingTimeInterval(86_400))
    }

    /// A backup killed with its server (found by reliability/crash_loop.py) is cleared when the server
    /// starts again, not only by the next backup, which may be a day away; a backup running now is not.
    @Test func aStartingScheduleClearsInterruptedBackupsUnlessOneIsRunning() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let status = BackupStatusFile(path: "\(fixture.root)/status.json")
        // The last backup is recent: the schedule makes none now.
        try status.record(BackupStatus.Attempt(startedAt: Date(), finishedAt: Date(), backup: nil, verified: true, problem: nil, offsiteSnapshot: nil))
        let interrupted = "\(fixture.backups.path)/\(BackupStore.incompletePrefix)2026-03-14T020000Z"
        try FileManager.default.createDirectory(atPath: "\(interrupted)/images", withIntermediateDirectories: true)
        try Data("half".utf8).write(to: URL(fileURLWithPath: "\(interrupted)/homepwner.sqlite"))

        // Another process backing up into the folder holds its lock: its folder stays.
        let other = open("\(fixture.backups.path)/\(BackupStore.lockName)", O_RDWR | O_CREAT, 0o600)
        #expect(flock(other, LOCK_EX) == 0)
        let whileBusy = BackupScheduler(job: BackupJob(source: fixture.source, store: fixture.backups, status: status), interval: 86_400, log: { _ in })
        whileBusy.start()
        usleep(200_000)
        whileBusy.stop()
        #expect(fixture.backups.unfinished() == [interrupted])
        close(other)

        let scheduler = BackupScheduler(job: BackupJob(source: fixture.source, store: fixture.backups, status: status), interval: 86_400, log: { _ in })
        scheduler.start()
        let deadline = ContinuousClock.now + .seconds(10)
        while !fixture.backups.unfinished().isEmpty, ContinuousClock.now < deadline { usleep(10_000) }
        scheduler.stop()
        #expect(fixture.backups.unfinished() == [])
        #expect(fixture.backups.finished().isEmpty, "no backup was due")
    }

    @Test func afterAFailureTheNextTryComesWithinTheHour() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        let failed = BackupStatus.Attempt(startedAt: Date(timeIntervalSince1970: 1_000), finishedAt: Date(timeIntervalSince1970: 1_060),
                                          backup: nil, verified: false, problem: "The disk is full.", offsiteSnapshot: nil)
        let job = BackupJob(source: fixture.source, store: fixture.backups)
        let daily = BackupScheduler(job: job, interval: 86_400, log: { _ in })
        let often = BackupScheduler(job: job, interval: 600, log: { _ in })
        #expect(daily.nextDue(after: BackupStatus(lastAttempt: failed)) == Date(timeIntervalSince1970: 1_060 + 3_600))
        #expect(often.nextDue(after: BackupStatus(lastAttempt: failed)) == Date(timeIntervalSince1970: 1_060 + 600))
        #expect(daily.nextDue(after: BackupStatus(), now: Date(timeIntervalSince1970: 5)) == Date(timeIntervalSince1970: 5))
    }

    /// Stopped before, during or after its backup; after it, the schedule waits a day for the next
    /// one, and `stop()` wakes it (a stop that waited for the day would outlast the time limit).
    @Test(.timeLimit(.minutes(2))) func stoppingAtAnyMomentLeavesOnlyFinishedBackupsThatVerify() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        for round in 0..<6 {
            let scheduler = BackupScheduler(job: BackupJob(source: fixture.source, store: fixture.backups), interval: 86_400, log: { _ in })
            scheduler.start()
            usleep(UInt32(round * 15_000))
            scheduler.stop()
            #expect(!scheduler.isRunning)
            #expect(fixture.backups.unfinished() == [])
        }
        for backup in fixture.backups.finished() { #expect(try BackupVerifier.verify(backup.path).isSound) }
    }
}
