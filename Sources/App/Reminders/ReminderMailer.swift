import Accounts
import Clocks
import Foundation
import Home
import Inventory
import Mail
import Reminders

/// E-mails each account with an address the reminders that have become due, each occasion once:
/// a pass at start (what fell due while the server was stopped) and then every `interval` (a minute),
/// on a thread of its own. "Due" goes by the injected clock; tests call `pass()` instead of waiting.
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
    }

    /// Sends what is due now and was not sent yet. A server that cannot be reached ends the pass: the
    /// rest waits, unclaimed, for the next.
    @discardableResult
    func pass() -> Pass {
        var pass = Pass()
        do {
            let today = settings.mailDay(at: clock.now)
            let site = siteURL().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            for recipient in try accounts.mailRecipients() {
                let off = try accounts.reminderMailOff(for: recipient.account.id)
                let due = try reader.cameDue(for: recipient.account, on: today).filter { !off.contains($0.kind.family) }
                // What came due together goes as one e-mail per kind, never one per item.
                let claimed = Set(try accounts.claimReminderMails(due.map(\.id), for: recipient.account.id,
                                                                  claimedSince: today.adding(days: -Self.catchUpDays - 1).startInUTC))
                let byFamily = Dictionary(grouping: due.filter { claimed.contains($0.id) }, by: \.kind.family)
                let batches = ReminderFamily.all.compactMap { byFamily[$0.id] }
                for (index, reminders) in batches.enumerated() {
                    let mail = ReminderMail(reminders: reminders, to: recipient.email, from: settings.from, siteURL: site,
                                            unsubscribeKey: try accounts.unsubscribeKey(for: recipient.account.id))
                    let outcome = send(mail.message(at: clock.now, accountID: recipient.account.id.rawValue), occasions: reminders.map(\.id),
                                       for: recipient.account.id)
                    switch outcome {
                    case .sent: pass.sent += 1
                    case .refused: pass.refused += 1
                    case .answerLost: pass.answersLost += 1
                    case .retry:
                        pass.deferred += 1
                        // The batches claimed after it and not tried: waiting too, to go with the next pass.
                        try accounts.finishReminderMails(batches[(index + 1)...].flatMap { $0.map(\.id) }, for: recipient.account.id, outcome)
                        return pass
                    }
                }
            }
        } catch {
            log("Reminders could not be e-mailed: \(error). The next pass tries again.")
        }
        return pass
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
