import Backup
import Foundation

/// What the home page says about backups, from the data folder's backup status and the schedule:
/// when the last verified backup was made (to everyone), and to an owner a warning when the last
/// one failed or is older than the schedule, or a note when there is no backup at all.
struct BackupNotices: Sendable {
    let schedule: BackupSchedule?
    let scheduler: BackupScheduler?
    let statusFile: BackupStatusFile

    /// How much later than the schedule a backup may be before the owner is warned: a backup takes
    /// time, and a server asleep at the hour catches up when it wakes.
    static func grace(for interval: TimeInterval) -> TimeInterval { min(interval / 4, 3_600) }

    func model(now: Date, isOwner: Bool) -> BackupNoticeModel? {
        let status = scheduler?.status ?? statusFile.read()
        let lastVerified = status.lastVerified.map { BackupNoticeModel.Verified(at: $0.finishedAt, words: Self.age(of: $0.finishedAt, now: now)) }
        var warning: BackupNoticeModel.Message?
        if isOwner {
            if let attempt = status.lastAttempt, !attempt.succeeded {
                let title = attempt.verified
                    ? "The last backup was made and verified \(Self.age(of: attempt.finishedAt, now: now)), but not copied off site"
                    : "The last backup failed \(Self.age(of: attempt.finishedAt, now: now))"
                warning = .init(tone: .warning, title: title,
                                detail: (attempt.problem ?? "It could not be verified.") + (lastVerified == nil ? " There is no verified backup yet." : ""))
            } else if let schedule, let success = status.lastVerified,
                      now.timeIntervalSince(success.finishedAt) > schedule.interval + Self.grace(for: schedule.interval) {
                warning = .init(tone: .warning, title: "The last verified backup is \(Self.age(of: success.finishedAt, now: now, suffix: "old"))",
                                detail: "Backups should be made every \(BackupSchedule.words(schedule.interval)) into \(schedule.directory.path). "
                                    + "Check that the server is running and that the folder is there and can be written.")
            } else if lastVerified == nil {
                warning = schedule == nil
                    ? .init(tone: .note, title: "No backup of this inventory yet.",
                            detail: "Serve with --backup-to a folder on another disk (and --offsite restic:REPO for a copy outside the home), "
                                + "or run homepwner backup --to DIR.")
                    : .init(tone: .note, title: scheduler?.isRunning == true ? "The first backup is being made now" : "The first backup will be made in a moment",
                            detail: "Then one every \(BackupSchedule.words(schedule!.interval)) into \(schedule!.directory.path).")
            }
        }
        guard lastVerified != nil || warning != nil else { return nil }
        return BackupNoticeModel(lastVerified: lastVerified, message: warning)
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago" (or "… old").
    static func age(of date: Date, now: Date, suffix: String = "ago") -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        func unit(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s") \(suffix)" }
        switch seconds {
        case ..<60: return suffix == "ago" ? "just now" : "under a minute old"
        case ..<3_600: return unit(Int(seconds / 60), "minute")
        case ..<(2 * 86_400): return unit(Int((seconds / 3_600).rounded()), "hour")
        default: return unit(Int((seconds / 86_400).rounded()), "day")
        }
    }
}
