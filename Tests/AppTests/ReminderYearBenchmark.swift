import Accounts
@testable import App
import Clocks
import Foundation
import Inventory
import MailTestServer
import Reminders
import Testing

/// `make bench`'s year of reminders (issue 30), run by `bench/reminders.py` through
/// `HOMEPWNER_BENCH_REMINDERS=1 swift test --skip-build --filter ReminderYearBenchmark` (a debug build:
/// release would be faster). 10,000 items as a household keeps them (a third with warranties ending
/// over the year, half with replacement costs looked up over four years, none with a photo) and 5
/// accounts with e-mail addresses, on the real app and a real SMTP server (aiosmtpd), the clock
/// injected and moved a day at a time for a year:
///   * each day, every account's list of what is due (Due soon, the API);
///   * each day, the e-mail pass (what came due, claimed in the ledger and sent, one e-mail per kind).
/// Prints the seconds of each and how many e-mails and occasions; asserts nothing about time.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["HOMEPWNER_BENCH_REMINDERS"] == "1"), .serialized)
struct ReminderYearBenchmark {
    static let items = Int(ProcessInfo.processInfo.environment["REMINDER_ITEMS"] ?? "") ?? 10_000

    @Test func aYearOfRemindersForTenThousandItemsAndFiveAccounts() throws {
        let server = try TestSMTPServer(.plain)
        let folder = try TestDataFolder(), clock = TestClock(ReminderMailTests.start)
        let app = try ReminderMailTests.app(folder: folder, clock: clock, server: server.url, accounts: false)
        defer { app.shutdown() }
        var accounts: [Account] = []
        for (index, role) in [Role.owner, .editor, .editor, .viewer, .viewer].enumerated() {
            let account = try app.accounts.create(name: "person\(index)", password: SecuredApp.password, role: role)
            try app.accounts.setEmail("person\(index)@example.com", of: account.id)
            accounts.append(account)
        }
        let today = clock.today
        let seeding = Date()
        for number in 0..<Self.items {
            var input = ItemInput(name: "Item \(number)")
            if number % 3 == 0 { input.details.warrantyExpires = .some(today.adding(days: 1 + number % 365)) }
            if number % 2 == 0 {
                input.details.replacementCost = .some(Int64(6_000 + number % 120_000))
                input.details.replacementCostDate = .some(today.adding(days: -(number % 1_460)))
            }
            _ = try app.items.create(input, dateCreated: clock.now.addingTimeInterval(-Double(number % 60) * 86_400))
        }
        print("Seeded \(Self.items) items in \(String(format: "%.1f", Date().timeIntervalSince(seeding))) s")

        let reader = ReminderFactsReader(items: app.items, claims: app.claims, households: app.environment.households, backups: nil)
        let mailer = try #require(app.reminderMailer)
        var listing: TimeInterval = 0, mailing: TimeInterval = 0, computing: TimeInterval = 0, listed = 0, cameDue = 0
        var passes = ReminderMailer.Pass()
        for _ in 0..<365 {
            var started = Date()
            for account in accounts { listed += try reader.due(for: account, on: clock.today).count }
            listing += Date().timeIntervalSince(started)
            // What a pass works out before it writes or sends: what came due, for each account.
            started = Date()
            for account in accounts { cameDue += try reader.cameDue(for: account, on: clock.today).count }
            computing += Date().timeIntervalSince(started)
            started = Date()
            let pass = mailer.pass()
            mailing += Date().timeIntervalSince(started)
            passes.sent += pass.sent
            passes.deferred += pass.deferred
            clock.advance(by: 86_400)
        }
        let mails = try server.messages().count
        let occasions = try app.environment.database.read { try $0.scalar("SELECT count(*) FROM reminder_mail") } ?? 0
        print(String(format: "A year of reminders, %d items, 5 accounts: what came due (365 × 5) %.2f s, %d occasions; "
                     + "due lists (365 × 5) %.2f s, %d reminders listed; "
                     + "e-mail passes (365, with the ledger and the sending) %.2f s: %d e-mails for %lld occasions (one per kind and day), %d deferred",
                     Self.items, computing, cameDue, listing, listed, mailing, mails, occasions, passes.deferred))
        #expect(passes.deferred == 0 && mails == passes.sent)
    }
}
