import Foundation
import Inventory
import Mail

/// `serve --smtp-url … --mail-from …`: where reminders are e-mailed through, who they come from,
/// and the address people open Homepwner at (the links in each e-mail).
public struct ReminderMailSettings: Sendable {
    public var server: MailServer
    public var from: String
    /// `https://home.example.com`; nil: the server's own address as `serve` prints it.
    public var siteURL: String?
    /// How often the background job looks for what has become due.
    public var interval: TimeInterval = 60
    /// A day's reminders are sent from this hour on, in `timeZone`: 08:00 stays 08:00 local across a
    /// change of the clocks.
    public var sendHour = 8
    public var timeZone = TimeZone.current

    /// The day whose reminders may be sent at `now`: today where the household is from `sendHour` on,
    /// else yesterday.
    public func mailDay(at now: Date) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: now)
        let day = CalendarDate(iso: String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)) ?? CalendarDate(now)
        return (parts.hour ?? 0) >= sendHour ? day : day.adding(days: -1)
    }

    public init(server: MailServer, from: String, siteURL: String? = nil) {
        self.server = server
        self.from = from
        self.siteURL = siteURL
    }
}
