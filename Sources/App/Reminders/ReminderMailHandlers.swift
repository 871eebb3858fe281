import Accounts
import Foundation
import HTTPServer
import Reminders

/// The unsubscribe links of reminder e-mails (a page with a button, and RFC 8058's one-click POST,
/// both without signing in: the key in the link is the only access) and the account page's form of
/// which kinds of reminder come by e-mail.
struct ReminderMailHandlers: Sendable {
    let accounts: AccountStore
    let site: PageContext

    func register(in router: inout AppRouter) {
        router.get(ReminderMailRoutes.unsubscribe, access: .public) { request in
            let (account, family) = try target(of: request)
            let done = try accounts.reminderMailOff(for: account.id).contains(family.id)
            return page(request, family: family, done: done)
        }
        // A mail program posts `List-Unsubscribe=One-Click` from no page of ours, without cookies:
        // the unguessable key in the path is what proves the account's e-mail is where the link came from.
        router.add(.post, ReminderMailRoutes.unsubscribe, access: .public, crossSite: true) { request in
            let (account, family) = try target(of: request)
            try accounts.setReminderMail(family.id, on: false, for: account.id)
            return page(request, family: family, done: true)
        }
        router.post(ReminderMailRoutes.settings, access: .account) { request in
            guard let caller = request.caller, caller.via != .openAccess else { throw HTTPError.notFound() }
            let fields = try request.formFields()
            let on = Set(fields.all("kind"))
            if let email = fields["email"] {
                do {
                    try accounts.setEmail(email, of: caller.account.id)
                } catch AccountError.invalidEmail {
                    // Nothing is changed: the address and the kinds are one form.
                    return .redirect(to: AccountRoutes.account.url() + "?reminder-mail=refused#reminder-mail-email")
                }
            }
            try accounts.setReminderMailOff(Set(ReminderFamily.all.map(\.id)).subtracting(on), for: caller.account.id)
            return .redirect(to: AccountRoutes.account.url() + "?reminder-mail=saved#reminder-mail-title")
        }
    }

    /// The account and kind a link names; an unknown key or kind answers as a path that is not there.
    private func target(of request: Request) throws -> (Account, ReminderFamily) {
        guard let family = ReminderFamily.named(request.parameters["kind"] ?? ""),
              let account = try accounts.account(unsubscribeKey: request.parameters["token"] ?? "") else { throw HTTPError.notFound() }
        return (account, family)
    }

    private func page(_ request: Request, family: ReminderFamily, done: Bool) -> Response {
        let page = UnsubscribePage(family: family, done: done, actionURL: request.path, context: site.signedOut)
        var response = Response.html(page.document().renderedBytes())
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
