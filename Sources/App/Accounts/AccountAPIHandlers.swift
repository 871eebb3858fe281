import Accounts
import Foundation
import HTTPServer
import Inventory
import Localization
import Messages

/// `/api/v1/account`: the caller's own account — its e-mail address, which reminders it gets by
/// e-mail and when (set with PATCH), and its calendar feed (`POST …/calendar` makes a new one, ending the old; its address is shown only then).
struct AccountAPIHandlers: Sendable {
    let accounts: AccountStore
    /// Whether the server e-mails reminders (`serve --smtp-url`).
    var sendsReminderMail = false

    func register(in router: inout AppRouter) {
        router.get(AccountRoutes.api, access: .account) { request in try response(for: try caller(of: request).account) }
        router.patch(AccountRoutes.api, access: .account) { request in
            let account = try caller(of: request).account
            var input = AccountInput(), problems: [FieldError] = []
            AccountInput.schema.read(json: try ItemAPIHandlers.jsonObject(of: request), into: &input, context: InputContext(), problems: &problems)
            guard problems.isEmpty else {
                // The address's own code when it is the address that is wrong.
                var error = AppError(problems.contains { $0.field == "email" } ? .invalidEmail : .invalidSettings,
                                     .sentences(problems.map(\.wording)))
                error.fieldWordings = problems.map { (field: $0.field, message: $0.wording) }
                throw error
            }
            if let email = input.email { try accounts.setEmail(email, of: account.id) }
            if let kinds = input.reminderMail {
                for (kind, on) in kinds { try accounts.setReminderKind(kind, on: on, .mail, for: account.id) }
            }
            if let kinds = input.reminderCalendar {
                for (kind, on) in kinds { try accounts.setReminderKind(kind, on: on, .calendar, for: account.id) }
            }
            if let digest = input.reminderDigest { try accounts.setReminderDigest(weekday: digest?.rawValue, for: account.id) }
            if let language = input.language { try accounts.setLanguage(language?.tag, of: account.id) }
            return try response(for: try accounts.account(id: account.id) ?? account)
        }
        router.post(AccountRoutes.apiCalendar, access: .account) { request in
            let account = try caller(of: request).account
            let token = try accounts.newCalendarFeed(for: account.id)
            return try response(for: account, calendarURL: request.siteURL(ReminderRoutes.calendar(token)), status: .created)
        }
        router.delete(AccountRoutes.apiCalendar, access: .account) { request in
            try accounts.revokeCalendarFeed(of: try caller(of: request).account.id)
            return .noContent
        }
    }

    private func caller(of request: Request) throws -> Caller { try request.signedInCaller() }

    /// `{"name", "role", "email", "calendar": {"created"} | null, "calendarURL", "reminderCalendar": {kind: bool},
    /// "reminderMail": {kind: bool}, "reminderDigest", "sendsReminderMail", "language"}`: the feed's address
    /// only in the answer that made it (only its SHA-256 is kept).
    private func response(for account: Account, calendarURL: String? = nil, status: HTTPStatus = .ok) throws -> Response {
        let email = try accounts.email(of: account.id), created = try accounts.calendarFeedCreated(of: account.id)
        let off = try accounts.reminderKindsOff(.mail, for: account.id), calendarOff = try accounts.reminderKindsOff(.calendar, for: account.id)
        let digest = try accounts.reminderDigestWeekday(for: account.id).flatMap(Weekday.init(rawValue:))
        var writer = JSONWriter(capacity: 256)
        writer.object { json in
            json.key("name"); json.value(account.name)
            json.key("role"); json.value(account.role.rawValue)
            json.key("email"); if let email { json.value(email) } else { json.null() }
            json.key("calendar")
            if let created { json.object { json in json.key("created"); json.value(created) } } else { json.null() }
            json.key("calendarURL"); if let calendarURL { json.value(calendarURL) } else { json.null() }
            json.key("reminderCalendar"); ReminderKindsJSON.write(off: calendarOff, into: &json)
            json.key("reminderMail"); ReminderKindsJSON.write(off: off, into: &json)
            json.key("reminderDigest")
            if let digest { json.value(digest.id) } else { json.null() }
            json.key("sendsReminderMail"); json.value(sendsReminderMail)
            json.key("language"); if let language = account.language { json.value(language) } else { json.null() }
        }
        return .json(writer, status: status)
    }
}

/// What `PATCH /api/v1/account` changes.
struct AccountInput {
    /// The address; "" (or null) clears it.
    var email: String?
    /// Kinds of reminder turned on or off for e-mail, and in the calendar feed.
    var reminderMail: [String: Bool]?
    var reminderCalendar: [String: Bool]?
    /// `.some(nil)`: as they fall due; `.some(day)`: once a week on that day; nil: as it was.
    var reminderDigest: Weekday??
    /// `.some(nil)`: the browser's language; `.some(tag)`: that one; nil: as it was.
    var language: LanguageTag??

    static var schema: InputSchema<AccountInput> {
        InputSchema(api: "AccountInput", fields: [.text("email", \.email, nullable: true), .reminderKinds("reminderMail", \.reminderMail),
                                                     .reminderKinds("reminderCalendar", \.reminderCalendar),
                                                     .reminderDigest("reminderDigest", \.reminderDigest), .language("language", \.language)],
                    unknown: { Message("error.json.unknown.account", "Unknown account field “\($0)”. The fields are: \(schema.listedNames).",
                                       ["field": .text($0), "fields": .text(schema.listedNames)]) })
    }
}
