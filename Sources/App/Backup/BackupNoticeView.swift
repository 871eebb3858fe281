import Foundation
import HTML
import Localization

/// The home page's word on backups, as plain values.
struct BackupNoticeModel: Sendable {
    struct Verified: Sendable {
        let at: Date
        /// "3 hours ago".
        let words: String
        /// The page's language, which writes the day.
        var format = DisplayFormat(words: Localization.bundled.localizer(for: .template))
    }

    struct Message: Sendable {
        enum Tone: Sendable { case note, warning }
        let tone: Tone
        let title: String
        let detail: String
    }

    let lastVerified: Verified?
    /// For owners only: a failure, a backup older than the schedule, or no backup at all.
    let message: Message?
}

/// An owner's warning (above the list) or gentle note (under it).
struct BackupMessageView {
    let message: BackupNoticeModel.Message

    var node: HTMLNode {
        aside(.class(message.tone == .warning ? "backup-notice notice warning" : "backup-notice backup-note"), .id("backup-notice"),
              .aria("labelledby", "backup-notice-title")) {
            p(.class("backup-notice-title"), .id("backup-notice-title")) { strong { message.title } }
            p { message.detail }
        }
    }
}

/// "Last verified backup: 3 hours ago (Nov 29, 2026)", under the list, for everyone; the page
/// script shows the day in the reader's own time zone and language.
struct BackupStatusLine {
    let verified: BackupNoticeModel.Verified

    var node: HTMLNode {
        p(.class("backup-status"), .id("backup-status")) {
            MessageWithLink(text: { verified.format.words.text("backup.status", ["age": .text(verified.words), "date": .text($0)]) }) {
                time(.datetime(DisplayFormat.iso8601(verified.at))) { verified.format.date(verified.at) }
            }.node
        }
    }
}
