import Foundation
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

    public init(server: MailServer, from: String, siteURL: String? = nil) {
        self.server = server
        self.from = from
        self.siteURL = siteURL
    }
}
