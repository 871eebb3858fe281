import HTTPServer
import Inventory
import Messages
import Reminders

/// `reminderMail` and `reminderCalendar` in `GET/PATCH /api/v1/account`: each kind of reminder (a
/// family) and whether it comes by e-mail, or shows in the calendar, `{"warranty": true, "photo-missing": false, …}`; `reminderDigest`: null (each as
/// it falls due) or the weekly e-mail's day, `"monday"` … `"sunday"`.
enum ReminderKindsJSON {
    static func write(off: Set<String>, into json: inout JSONWriter) {
        json.object { json in
            for family in ReminderFamily.all {
                json.key(family.id); json.value(!off.contains(family.id))
            }
        }
    }
}

extension InputField {
    /// `{"kind": true|false, …}` for some kinds of reminder (those left out stay as they are).
    static func reminderKinds(_ name: String, _ key: WritableKeyPath<Input, [String: Bool]?>) -> Self {
        InputField(name: name, api: "ReminderKinds", expected: Message("error.json.expected.reminder-kinds", "an object of kinds of reminder, each true or false"), json: { value, input, reading in
            guard case .object(let members) = value else { return reading.wrongKind(value) }
            var kinds: [String: Bool] = [:]
            for (kind, member) in members.sorted(by: { $0.key < $1.key }) {
                guard ReminderFamily.named(kind) != nil else {
                    let kinds = ReminderFamily.all.map(\.id).joined(separator: ", ")
                    reading.problems.append(FieldError(field: reading.path, Message("reminders.error.no-such-kind", "\(name) has no kind of reminder “\(kind)”. The kinds are: \(kinds).",
                                           ["name": .text(name), "kind": .text(kind), "kinds": .text(kinds)])))
                    continue
                }
                guard case .bool(let on) = member else {
                    reading.problems.append(FieldError(field: reading.path, Message("reminders.error.kind-not-bool", "\(name).\(kind) must be true or false, not \(member.kindDescription).",
                                           ["name": .text(name), "kind": .text(kind), "value": .message(member.kind)])))
                    continue
                }
                kinds[kind] = on
            }
            input[keyPath: key] = kinds
        })
    }

    /// null (as they fall due) or a weekday in lower case (once a week, on that day).
    static func reminderDigest(_ name: String, _ key: WritableKeyPath<Input, Weekday??>) -> Self {
        let days = Weekday.allCases.map(\.id).joined(separator: ", ")
        return InputField(name: name, api: "ReminderDigest", expected: Message("error.json.expected.reminder-digest", "null or a day of the week (\(days))", ["days": .text(days)]), json: { value, input, reading in
            switch value {
            case .null: input[keyPath: key] = .some(nil)
            case .string(let text):
                guard let day = Weekday.named(text) else {
                    // Appended here, not through `refuse(_: String)`, which is US English in every language.
                    return reading.problems.append(FieldError(field: reading.path, Message(
                        "reminders.error.digest-day",
                        "\(name) “\(text.prefix(20))” is not a day of the week. Give one in lower-case English (\(days)) for one e-mail a week on that day, or null for each reminder as it falls due.",
                        ["name": .text(name), "text": .text(String(text.prefix(20))), "days": .text(days)])))
                }
                input[keyPath: key] = .some(day)
            default: reading.wrongKind(value)
            }
        })
    }
}
