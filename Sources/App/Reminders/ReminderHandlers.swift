import Accounts
import Claims
import Clocks
import Foundation
import HTTPServer
import Inventory
import Localization
import Reminders

/// `GET /api/v1/reminders` (what is due for the caller, and soon due) and each account's calendar
/// feed at `/calendar/{token}.ics`, whose token is the only access.
struct ReminderHandlers: Sendable {
    let reader: ReminderFactsReader
    let accounts: AccountStore
    let clock: any TimeSource
    let site: PageContext

    /// How far back the feed reaches: a calendar keeps what it was shown, and a feed of every past
    /// occasion would only grow.
    static let feedDaysBack = 90

    func register(in router: inout AppRouter) {
        router.get(ReminderRoutes.api) { request in
            guard let caller = request.caller else { throw HTTPError.notFound() }
            let today = clock.today
            let due = try reader.due(for: caller.account, on: today)
            return .json(ReminderJSON.list(due, today: today))
        }
        router.get(ReminderRoutes.page) { request in
            let today = clock.today
            let due = try request.caller.map { try reader.due(for: $0.account, on: today) } ?? []
            return .html(RemindersPage(due, today: today, context: request.pageContext(site)).document().renderedBytes())
        }
        router.post(ReminderRoutes.calendarKinds, access: .account) { request in
            guard let caller = request.caller, caller.via != .openAccess else { throw HTTPError.notFound() }
            let on = Set(try request.formFields().all("kind"))
            try accounts.setReminderKindsOff(Set(ReminderFamily.all.map(\.id)).subtracting(on), .calendar, for: caller.account.id)
            return .redirect(to: AccountRoutes.account.url() + "?reminder-calendar=saved#calendar-title")
        }
        router.get(ReminderRoutes.calendar, access: .public) { request in
            let name = request.parameters["token"] ?? ""
            // Unknown, ended and malformed tokens all answer as a path that is not there.
            guard name.hasSuffix(".ics"), let account = try accounts.account(calendarToken: String(name.dropLast(4))) else {
                throw HTTPError.notFound()
            }
            let today = clock.today, off = try accounts.reminderKindsOff(.calendar, for: account.id)
            // A calendar asks in no language: the feed is in the account's, as its e-mails are.
            let words = ReminderMail.words(for: account.language)
            let feed = try reader.feed(for: account, on: today, site: request.siteURL(""), language: words.language, leavingOut: off) { schedule in
                let events = schedule.calendarEntries(from: today.adding(days: -Self.feedDaysBack)).filter { !off.contains($0.kind.family) }.map { entry in
                    CalendarEvent(entry, words: words, url: { request.siteURL($0) })
                }
                return CalendarFeed(name: "Homepwner", events: events, stamp: clock.now).bytes
            }
            return Response(headers: ["Content-Type": CalendarFeed.contentType, "Cache-Control": "no-store"], body: .bytes(feed))
        }
    }
}

extension CalendarEvent {
    /// How many of a group's things its event names before "and N more".
    static let namesShown = 20

    /// The feed's event for an entry, in `words`' language; `url` makes a path absolute.
    init(_ entry: CalendarEntry, words: Localizer = Localization.bundled.localizer(for: .template), url: (String) -> String) {
        switch entry {
        case .single(let reminder):
            self.init(uid: reminder.id + "@homepwner", day: reminder.due, summary: words.title(of: reminder), description: words.detail(of: reminder),
                      url: url(ReminderRoutes.fix(reminder)))
        case .group(_, _, let reminders) where reminders.count == 1:
            let reminder = reminders[0]
            self.init(uid: entry.uid + "@homepwner", day: entry.day, summary: words.title(of: reminder), description: words.detail(of: reminder),
                      url: url(ReminderRoutes.fix(reminder)))
        case .group(let kind, let day, let reminders):
            let first = reminders.prefix(Self.namesShown).map(words.title(of:))
            let more = reminders.count - first.count
            let list = first.joined(separator: "\n") + (more > 0 ? "\n… " + words.text("mail.and-more", ["count": .count(more)]) : "")
            let count: [String: MessageArgument] = ["count": .count(reminders.count), "years": .count(ReminderSchedule.replacementCostYears)]
            // The item list of one household: the reminders' own when they are all of one other than
            // the reader's current one, else the current one's.
            let households = Set(reminders.map(\.household)), other = households.count == 1 ? households.first ?? nil : nil
            let (summary, detail, path): (String, String, String) = switch kind {
            case .photoMissing:
                (words.text("reminders.calendar.photo-missing", count), words.text("reminders.calendar.photo-missing-detail") + "\n\n" + list,
                 ItemRoutes.list.url() + "?missingEvidence=true" + (other.map { "&\(HouseholdResolver.parameter)=\($0)" } ?? ""))
            default:
                (words.text("reminders.calendar.replacement-cost-stale", count),
                 words.text("reminders.calendar.replacement-cost-stale-detail") + "\n\n" + list,
                 ReminderRoutes.fix(reminders[0]))
            }
            self.init(uid: entry.uid + "@homepwner", day: day, summary: summary, description: detail, url: url(path))
        }
    }
}

/// Reminders as the API gives them.
enum ReminderJSON {
    static func list(_ reminders: [Reminder], today: CalendarDate) -> JSONWriter {
        var writer = JSONWriter(capacity: 256 * max(1, reminders.count))
        writer.object { json in
            json.key("today"); json.value(today.iso)
            json.key("reminders")
            json.array(reminders) { json, reminder in
                json.object { json in
                    json.key("id"); json.value(reminder.id)
                    json.key("kind"); json.value(reminder.kind.rawValue)
                    json.key("subject"); json.value(reminder.subject.key)
                    json.key("due"); json.value(reminder.due.iso)
                    json.key("daysUntilDue"); json.value(today.days(until: reminder.due))
                    json.key("until"); if let until = reminder.until { json.value(until.iso) } else { json.null() }
                    json.key("title"); json.value(reminder.title)
                    json.key("detail"); json.value(reminder.detail)
                    json.key("link"); json.value(ReminderRoutes.fix(reminder))
                }
            }
        }
        return writer
    }
}
