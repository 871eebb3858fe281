import Accounts
import Clocks
import Foundation
import Home
import Inventory
import Mail
import Reminders

/// E-mails each account with an address the reminders that have become due, each occasion once,
/// as they fall due or in a weekly digest on the account's day (`ReminderDigestMail`): a pass at
/// start (what fell due while the server was stopped) and then every `interval` (a minute), on a
/// thread of its own. "Due" goes by the injected clock; tests call `pass()` instead of waiting.
///
/// Once per occasion, per account: the accounts database's ledger (`claimReminderMail`) records
/// each one *before* it is sent, in one statement, so a restart or a second server sharing the
/// database never sends it again. Then:
/// - the server could not be reached, or refused for now (4xx): tried again after 1, 2, 4 … minutes
///   (at most 6 hours), while the occasion is still the one due;
/// - refused for good (5xx): recorded with the server's reason, not tried again;
/// - sent, but the answer was lost (the connection dropped after the message went): recorded as
///   unknown and never sent again, since it may have arrived;
/// - the process died between the claim and the answer: the row stays 'sending' and is never sent
///   again — the message may have gone out just before. A lost reminder is better than a twice-sent
///   one, and the home page's Due soon and the calendar still show it.
final class ReminderMailer: BackgroundService, Sendable {
    private let accounts: AccountStore
    private let reader: ReminderFactsReader
    private let client: SMTPClient
    private let settings: ReminderMailSettings
    private let siteURL: @Sendable () -> String
    private let clock: any TimeSource
    private let log: @Sendable (String) -> Void
    private let thread: PeriodicThread

    /// The longest wait between tries of one occasion.
    static let longestRetry: TimeInterval = 6 * 3_600

    init(accounts: AccountStore, reader: ReminderFactsReader, settings: ReminderMailSettings, siteURL: @escaping @Sendable () -> String,
         clock: any TimeSource, log: @escaping @Sendable (String) -> Void) {
        self.accounts = accounts
        self.reader = reader
        self.client = SMTPClient(server: settings.server)
        self.settings = settings
        self.siteURL = siteURL
        self.clock = clock
        self.log = log
        thread = PeriodicThread(name: "reminder-mail", interval: settings.interval)
    }

    /// How long after its `attempts`-th failed try an occasion is tried again: 1, 2, 4 … minutes.
    static func retryDelay(afterAttempts attempts: Int) -> TimeInterval {
        min(longestRetry, 60 * pow(2, Double(max(0, min(attempts - 1, 20)))))
    }

    /// How many days back a pass looks for what came due: what fell due while the server was stopped
    /// is sent at start, up to this long; older occasions stay on the Reminders page and in the calendar.
    static let catchUpDays = 30

    /// What one pass did.
    struct Pass: Equatable {
        var sent = 0
        var deferred = 0
        var refused = 0
        var answersLost = 0

        /// Counts an e-mail's outcome; true when it is to be tried again (the pass ends there).
        mutating func count(_ outcome: AccountStore.ReminderMailOutcome) -> Bool {
            switch outcome {
            case .sent: sent += 1
            case .refused: refused += 1
            case .answerLost: answersLost += 1
            case .retry:
                deferred += 1
                return true
            }
            return false
        }
    }

    /// Sends what is due now and was not sent yet: to each account as it falls due, or once a week in
    /// one e-mail on its day. A server that cannot be reached ends the pass: the rest waits, unclaimed,
    /// for the next.
    @discardableResult
    func pass() -> Pass {
        var pass = Pass()
        do {
            let today = settings.mailDay(at: clock.now)
            let site = siteURL().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            for recipient in try accounts.mailRecipients() {
                let deferred = if let weekday = recipient.digestWeekday.flatMap(Weekday.init(rawValue:)) {
                    try mailDigest(on: weekday.latest(onOrBefore: today), to: recipient, site: site, pass: &pass)
                } else {
                    try mailAsTheyFallDue(on: today, to: recipient, site: site, pass: &pass)
                }
                if deferred { return pass }
            }
        } catch {
            log("Reminders could not be e-mailed: \(error). The next pass tries again.")
        }
        return pass
    }

    /// What came due for the account up to `day`, of the kinds it has e-mailed, and the occasions of
    /// them claimed by `claim`, by kind in `ReminderFamily.all`'s order.
    private func claimedByKind(on day: CalendarDate, for recipient: AccountStore.MailRecipient,
                               claim: (_ occasions: [String], _ since: Date) throws -> [String]) throws -> [[Reminder]] {
        let off = try accounts.reminderKindsOff(.mail, for: recipient.account.id)
        let due = try reader.cameDue(for: recipient.account, on: day).filter { !off.contains($0.kind.family) }
        let claimed = Set(try claim(due.map(\.id), day.adding(days: -Self.catchUpDays - 1).startInUTC))
        let byFamily = Dictionary(grouping: due.filter { claimed.contains($0.id) }, by: \.kind.family)
        return ReminderFamily.all.compactMap { byFamily[$0.id] }
    }

    /// One e-mail per kind of what came due together, never one per item. True when the mail server
    /// asked to wait (the pass ends).
    private func mailAsTheyFallDue(on today: CalendarDate, to recipient: AccountStore.MailRecipient, site: String, pass: inout Pass) throws -> Bool {
        let id = recipient.account.id
        let batches = try claimedByKind(on: today, for: recipient) { try accounts.claimReminderMails($0, for: id, claimedSince: $1) }
        for (index, reminders) in batches.enumerated() {
            var mail = ReminderMail(reminders: reminders, to: recipient.email, from: settings.from, siteURL: site,
                                    unsubscribeKey: try accounts.unsubscribeKey(for: id))
            mail.words = ReminderMail.words(for: recipient.account.language)
            let outcome = send(mail.message(at: clock.now, accountID: id.rawValue), occasions: reminders.map(\.id), for: id)
            if pass.count(outcome) {
                // The batches claimed after it and not tried: waiting too, to go with the next pass.
                try accounts.finishReminderMails(batches[(index + 1)...].flatMap { $0.map(\.id) }, for: id, outcome)
                return true
            }
        }
        return false
    }

    /// The week's one e-mail, on `day` (or the first pass after it): what came due up to it and was
    /// not sent yet, a section per kind. The digest's own row in the ledger, claimed with its
    /// occasions, keeps it to one a week; they all share its outcome. True when the mail server asked
    /// to wait.
    private func mailDigest(on day: CalendarDate, to recipient: AccountStore.MailRecipient, site: String, pass: inout Pass) throws -> Bool {
        let id = recipient.account.id, digest = ReminderDigestMail.occasion(on: day)
        let sections = try claimedByKind(on: day, for: recipient) { try accounts.claimReminderDigest(digest, of: $0, for: id, claimedSince: $1) }
        guard !sections.isEmpty else { return false }
        let key = try accounts.unsubscribeKey(for: id)
        let words = ReminderMail.words(for: recipient.account.language)
        var mail = ReminderDigestMail(day: day, sections: sections.map {
            var section = ReminderMail(reminders: $0, to: recipient.email, from: settings.from, siteURL: site, unsubscribeKey: key)
            section.words = words
            return section
        }, to: recipient.email, from: settings.from, siteURL: site, unsubscribeKey: key)
        mail.words = words
        // The digest's row first: its attempts set the back-off.
        return pass.count(send(mail.message(at: clock.now, accountID: id.rawValue), occasions: [digest] + sections.flatMap { $0.map(\.id) }, for: id))
    }

    private func send(_ message: MailMessage, occasions: [String], for account: Account.ID) -> AccountStore.ReminderMailOutcome {
        let occasion = occasions[0]
        let outcome: AccountStore.ReminderMailOutcome
        do {
            try client.send(message)
            outcome = .sent
        } catch {
            let attempts = (try? accounts.reminderMailRecord(occasion, for: account))?.attempts ?? 1
            log("Reminder \(occasion) for account #\(account): \(error)")
            switch error {
            case .unreachable, .refusedForNow: outcome = .retry(after: Self.retryDelay(afterAttempts: attempts), problem: error.description)
            case .refused: outcome = .refused(error.description)
            case .answerLost: outcome = .answerLost(error.description)
            }
        }
        do {
            try accounts.finishReminderMails(occasions, for: account, outcome)
        } catch {
            // Left 'sending': never sent again (see the type's comment).
            log("Reminder \(occasion) for account #\(account): its outcome could not be recorded: \(error)")
        }
        return outcome
    }

    func start() { thread.start { [self] in _ = pass() } }

    func stop() { thread.stop() }
}
