import Accounts
import App
import Foundation
import Mail

/// `serve --smtp-url smtp://host:port --mail-from ADDRESS [--mail-site-url URL] [--smtp-ca-file PEM]
/// [--smtp-password-file FILE]`; the user and password from `HOMEPWNER_SMTP_USER` and
/// `HOMEPWNER_SMTP_PASSWORD` (or the file), never from the command line, and never printed.
struct ServeMailOptions {
    static let names: Set<String> = ["--smtp-url", "--mail-from", "--mail-site-url", "--smtp-ca-file", "--smtp-password-file", "--mail-hour", "--mail-time-zone"]
    private var values: [String: String] = [:]

    mutating func take(_ option: String, _ value: String) { values[option] = value }

    /// The settings asked for; nil when no mail server was given.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ReminderMailSettings? {
        guard let url = values["--smtp-url"] else {
            if let stray = values.keys.sorted().first {
                throw CommandLineError(message: "\(stray) needs --smtp-url smtp://host:port, the mail server reminders are sent through. Run homepwner serve --help.")
            }
            return nil
        }
        guard let from = values["--mail-from"] else {
            throw CommandLineError(message: "--smtp-url needs --mail-from ADDRESS, the address reminders come from (such as homepwner@example.com).")
        }
        do {
            guard try AccountStore.checked(email: from) == from else { throw CommandLineError(message: "--mail-from needs an address, such as homepwner@example.com.") }
        } catch let error as AccountError {
            throw CommandLineError(message: "--mail-from: \(error)")
        }
        var password = environment["HOMEPWNER_SMTP_PASSWORD"]
        if let file = values["--smtp-password-file"] {
            do {
                // The file's first line: a password file usually ends with a line break.
                password = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            } catch {
                throw CommandLineError(message: "cannot read --smtp-password-file \(file): \(error.localizedDescription)")
            }
        }
        let user = environment["HOMEPWNER_SMTP_USER"].flatMap { $0.isEmpty ? nil : $0 }
        if password?.isEmpty == true { password = nil }
        if user != nil, password == nil {
            throw CommandLineError(message: "HOMEPWNER_SMTP_USER is set but no password: set HOMEPWNER_SMTP_PASSWORD or give --smtp-password-file FILE.")
        }
        if user == nil, password != nil {
            throw CommandLineError(message: "a mail server password was given but no user: set HOMEPWNER_SMTP_USER.")
        }
        let server: MailServer
        do {
            server = try MailServer(url: url, username: user, password: password, caFile: values["--smtp-ca-file"])
        } catch {
            throw CommandLineError(message: "--smtp-url: \(error)")
        }
        var siteURL = values["--mail-site-url"]
        if let site = siteURL {
            guard let parts = URLComponents(string: site), ["http", "https"].contains(parts.scheme?.lowercased() ?? ""), parts.host?.isEmpty == false,
                  parts.query == nil, parts.user == nil else {
                throw CommandLineError(message: "--mail-site-url must be the address people open Homepwner at, such as https://home.example.com, not “\(site)”.")
            }
            siteURL = site.hasSuffix("/") ? String(site.dropLast()) : site
        }
        var settings = ReminderMailSettings(server: server, from: from, siteURL: siteURL)
        if let hour = values["--mail-hour"] {
            guard let value = Int(hour), (0...23).contains(value) else {
                throw CommandLineError(message: "--mail-hour must be an hour from 0 to 23 (8 sends each day's reminders from 08:00), not “\(hour.prefix(20))”.")
            }
            settings.sendHour = value
        }
        if let zone = values["--mail-time-zone"] {
            guard let timeZone = TimeZone(identifier: zone) else {
                throw CommandLineError(message: "--mail-time-zone must name a time zone such as Europe/Berlin or America/New_York, not “\(zone.prefix(40))”.")
            }
            settings.timeZone = timeZone
        }
        return settings
    }
}
