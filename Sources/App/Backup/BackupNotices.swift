import Backup
import Foundation
import Localization

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

    /// The notice in the page's language (`words`); the problem a failed backup reports stays as the
    /// server said it.
    func model(now: Date, isOwner: Bool, words: Localizer = Localization.bundled.localizer(for: .template)) -> BackupNoticeModel? {
        let status = scheduler?.status ?? statusFile.read()
        let format = DisplayFormat(words: words)
        let lastVerified = status.lastVerified.map {
            BackupNoticeModel.Verified(at: $0.finishedAt, words: Self.age(of: $0.finishedAt, now: now, words: words), format: format)
        }
        var warning: BackupNoticeModel.Message?
        if isOwner {
            if let attempt = status.lastAttempt, !attempt.succeeded {
                let age: [String: MessageArgument] = ["age": .text(Self.age(of: attempt.finishedAt, now: now, words: words))]
                let title = attempt.verified ? words.text("backup.failed-offsite.title", age) : words.text("backup.failed.title", age)
                warning = .init(tone: .warning, title: title,
                                detail: (attempt.problem ?? words.text("backup.failed.unverified"))
                                    + (lastVerified == nil ? " " + words.text("backup.failed.none-verified") : ""))
            } else if let schedule, let success = status.lastVerified,
                      now.timeIntervalSince(success.finishedAt) > schedule.interval + Self.grace(for: schedule.interval) {
                warning = .init(tone: .warning,
                                title: words.text("backup.overdue.title", ["age": .text(Self.age(of: success.finishedAt, now: now, old: true, words: words))]),
                                detail: words.text("backup.overdue.detail", ["every": .text(BackupSchedule.words(schedule.interval, words: words)),
                                                                             "folder": .text(schedule.directory.path)]))
            } else if lastVerified == nil {
                warning = schedule == nil
                    ? .init(tone: .note, title: words.text("backup.none.title"),
                            detail: words.text("backup.none.detail", ["backupTo": "--backup-to", "offsite": "--offsite restic:REPO",
                                                                      "command": "homepwner backup --to DIR"]))
                    : .init(tone: .note, title: words.text(scheduler?.isRunning == true ? "backup.first.running" : "backup.first.soon"),
                            detail: words.text("backup.first.detail", ["every": .text(BackupSchedule.words(schedule!.interval, words: words)),
                                                                       "folder": .text(schedule!.directory.path)]))
            }
        }
        guard lastVerified != nil || warning != nil else { return nil }
        return BackupNoticeModel(lastVerified: lastVerified, message: warning)
    }

    /// "just now", "5 minutes ago", "3 hours ago", "2 days ago" (or, `old`, "… old").
    static func age(of date: Date, now: Date, old: Bool = false, words: Localizer = Localization.bundled.localizer(for: .template)) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        let suffix = old ? "old" : "ago"
        func unit(_ count: Int, _ unit: String) -> String { words.text("backup.age.\(unit)-\(suffix)", ["count": .count(count)]) }
        switch seconds {
        case ..<60: return words.text(old ? "backup.age.under-a-minute-old" : "backup.age.just-now")
        case ..<3_600: return unit(Int(seconds / 60), "minutes")
        case ..<(2 * 86_400): return unit(Int((seconds / 3_600).rounded()), "hours")
        default: return unit(Int((seconds / 86_400).rounded()), "days")
        }
    }
}
