import Backup
import Foundation
import Localization

/// `serve --backup-to DIR --backup-every 24h [--backup-keep N] [--offsite restic:REPO]`: where and how
/// often the server backs up its data folder.
public struct BackupSchedule: Sendable {
    public var directory: URL
    public var interval: TimeInterval
    /// Keep the newest N backups; nil keeps all.
    public var keep: Int?
    public var offsite: ResticRepository?

    public init(directory: URL, interval: TimeInterval, keep: Int? = nil, offsite: ResticRepository? = nil) {
        self.directory = directory
        self.interval = interval
        self.keep = keep
        self.offsite = offsite
    }

    /// Reads `90s`, `30m`, `24h`, `7d`; nil for anything else. At least a minute: a backup copies
    /// every file that changed, and verifies every file.
    public static func interval(from text: String) -> TimeInterval? {
        guard let unit = text.last, let number = Double(text.dropLast()), number > 0, number.isFinite else { return nil }
        let seconds: Double
        switch unit {
        case "s": seconds = number
        case "m": seconds = number * 60
        case "h": seconds = number * 3_600
        case "d": seconds = number * 86_400
        default: return nil
        }
        return (60...(366 * 86_400)).contains(seconds) ? seconds : nil
    }

    /// `24 hours`, `30 minutes`, `7 days`, `1.5 hours`: the interval as the home page says it, in `words`' language.
    static func words(_ interval: TimeInterval, words: Localizer = Localization.bundled.localizer(for: .template)) -> String {
        func unit(_ count: Double, _ unit: String) -> String {
            let rounded = (count * 10).rounded() / 10
            let number: MessageArgument = rounded == rounded.rounded() ? .count(Int(rounded)) : .decimal(rounded)
            return words.text("backup.every.\(unit)", ["count": number])
        }
        if interval >= 2 * 86_400, interval.truncatingRemainder(dividingBy: 86_400) == 0 { return unit(interval / 86_400, "days") }
        if interval >= 3_600 { return unit(interval / 3_600, "hours") }
        return unit(interval / 60, "minutes")
    }
}
