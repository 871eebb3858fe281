import Accounts
import Foundation
import HTTPServer
import Messages
import Localization
import Reminders

/// The unsubscribe links of reminder e-mails (a page with a button, and RFC 8058's one-click POST,
/// both without signing in: the key in the link is the only access; one kind, or all of them) and the
/// account page's form of where, which kinds and when reminders come by e-mail.
struct ReminderMailHandlers: Sendable {
    let accounts: AccountStore
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(ReminderMailRoutes.unsubscribe, access: .public) { request in
            let (account, families) = try target(of: request)
            let done = try accounts.reminderKindsOff(.mail, for: account.id).isSuperset(of: families.kinds.map(\.id))
            return page(request, account: account, families: families, done: done)
        }
        // A mail program posts `List-Unsubscribe=One-Click` from no page of ours, without cookies:
        // the unguessable key in the path is what proves the account's e-mail is where the link came from.
        router.add(.post, ReminderMailRoutes.unsubscribe, access: .public, crossSite: true) { request in
            let (account, families) = try target(of: request)
            switch families {
            case .one(let family): try accounts.setReminderKind(family.id, on: false, .mail, for: account.id)
            case .all: try accounts.setReminderKindsOff(Set(ReminderFamily.all.map(\.id)), .mail, for: account.id)
            }
            return page(request, account: account, families: families, done: true)
        }
        router.post(ReminderMailRoutes.settings, access: .account) { request in
            guard let caller = request.caller, caller.via != .openAccess else { throw HTTPError.notFound() }
            let fields = try request.formFields()
            let on = Set(fields.all("kind"))
            // "due" (or a form without the choice): as they fall due; "weekly": on the weekday chosen.
            var digest: Weekday?
            if fields["when"] == "weekly" {
                guard let day = Weekday.named(fields["weekday"] ?? "") else {
                    throw HTTPError(.badRequest, Message("reminders.error.weekday", "weekday must be a day of the week in lower case, such as monday."))
                }
                digest = day
            }
            if let email = fields["email"] {
                do {
                    try accounts.setEmail(email, of: caller.account.id)
                } catch AccountError.invalidEmail {
                    // Nothing is changed: the address and the kinds are one form.
                    return .redirect(to: AccountRoutes.account.url() + "?reminder-mail=refused#reminder-mail-email")
                }
            }
            try accounts.setReminderKindsOff(Set(ReminderFamily.all.map(\.id)).subtracting(on), .mail, for: caller.account.id)
            if fields["when"] != nil { try accounts.setReminderDigest(weekday: digest?.rawValue, for: caller.account.id) }
            return .redirect(to: AccountRoutes.account.url() + "?reminder-mail=saved#reminder-mail-title")
        }
    }

    /// The account and kinds a link names; an unknown key or kind answers as a path that is not there.
    private func target(of request: Request) throws -> (Account, UnsubscribePage.Families) {
        let kind = request.parameters["kind"] ?? ""
        guard let families = kind == ReminderMailRoutes.allKinds ? .all : ReminderFamily.named(kind).map(UnsubscribePage.Families.one),
              let account = try accounts.account(unsubscribeKey: request.parameters["token"] ?? "") else { throw HTTPError.notFound() }
        return (account, families)
    }

    /// The page in the account's language (its e-mails' language), else the browser's; `?lang=` first.
    private func page(_ request: Request, account: Account, families: UnsubscribePage.Families, done: Bool) -> Response {
        var context = site.signedOut
        context.localizer = Localization.bundled.localizer(
            for: request.language(among: .bundled, accountLanguage: account.language.flatMap(Localization.bundled.language(named:))))
        let page = UnsubscribePage(families: families, done: done, actionURL: request.path, context: context)
        var response = Response.html(page.document().renderedBytes())
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
