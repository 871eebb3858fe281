import Inventory

/// One event of the calendar feed: an occasion of its own, or the occasions of one kind that fall on
/// one day when that kind says the same of many things ("has no photo yet", "replacement cost is
/// old"): an inventory imported in one evening would otherwise fill a day with a thousand events.
public enum CalendarEntry: Sendable, Equatable {
    case single(Reminder)
    /// Most value first; its UID is the kind and the day (`photo-missing:2026-12-01`), however many.
    case group(kind: ReminderKind, day: CalendarDate, reminders: [Reminder])

    public var uid: String {
        switch self {
        case .single(let reminder): reminder.id
        case .group(let kind, let day, _): "\(kind.rawValue):\(day.iso)"
        }
    }

    public var kind: ReminderKind {
        switch self {
        case .single(let reminder): reminder.kind
        case .group(let kind, _, _): kind
        }
    }

    public var day: CalendarDate {
        switch self {
        case .single(let reminder): reminder.due
        case .group(_, let day, _): day
        }
    }

    /// Kinds whose occasions of one day are one event (of every item, listed). A kind's events keep
    /// one UID scheme whatever their number, so an event is never replaced by another for a count.
    public static func groups(_ kind: ReminderKind) -> Bool {
        kind == .photoMissing || kind == .replacementCostStale
    }
}

extension ReminderSchedule {
    /// The calendar's events from `earliest` on, by day: each occasion, but those of a grouped kind
    /// (`CalendarEntry.groups`) one per kind and day.
    public func calendarEntries(from earliest: CalendarDate) -> [CalendarEntry] {
        var entries: [CalendarEntry] = [], grouped: [ReminderKind: [CalendarDate: [Reminder]]] = [:]
        for occasion in occasions where occasion.due >= earliest {
            if CalendarEntry.groups(occasion.kind) {
                grouped[occasion.kind, default: [:]][occasion.due, default: []].append(occasion)
            } else {
                entries.append(.single(occasion))
            }
        }
        for (kind, days) in grouped {
            for (day, reminders) in days {
                entries.append(.group(kind: kind, day: day, reminders: reminders.sorted { ($0.value ?? -1, $1.id) > ($1.value ?? -1, $0.id) }))
            }
        }
        return entries.sorted { ($0.day, $0.uid) < ($1.day, $1.uid) }
    }
}
