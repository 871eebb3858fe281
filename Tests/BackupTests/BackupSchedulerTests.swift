@testable import Backup
import Foundation
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

    @Test func stoppingAtAnyMomentLeavesOnlyFinishedBackupsThatVerify() throws {
        let fixture = try BackupFixture()
        defer { fixture.remove() }
        try fixture.fill()
        for round in 0..<6 {
            let scheduler = BackupScheduler(job: BackupJob(source: fixture.source, store: fixture.backups), interval: 60, log: { _ in })
            scheduler.start()
            usleep(UInt32(round * 15_000))
            let stopping = ContinuousClock.now
            scheduler.stop()
            #expect(ContinuousClock.now - stopping < .seconds(5))
            #expect(fixture.backups.unfinished() == [])
        }
        for backup in fixture.backups.finished() { #expect(try BackupVerifier.verify(backup.path).isSound) }
    }
}
