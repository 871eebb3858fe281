import HTTPServer
import Reminders

/// `reminderMail` in `GET/PATCH /api/v1/account`: each kind of reminder (a family) and whether it
/// comes by e-mail, `{"warranty": true, "photo-missing": false, …}`.
enum ReminderMailJSON {
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
    static func reminderMailKinds(_ name: String, _ key: WritableKeyPath<Input, [String: Bool]?>) -> Self {
        InputField(name: name, api: "ReminderMailKinds", expected: "an object of kinds of reminder, each true or false", json: { value, input, reading in
            guard case .object(let members) = value else { return reading.wrongKind(value) }
            var kinds: [String: Bool] = [:]
            for (kind, member) in members.sorted(by: { $0.key < $1.key }) {
                guard ReminderFamily.named(kind) != nil else {
                    reading.refuse("\(name) has no kind of reminder “\(kind)”. The kinds are: \(ReminderFamily.all.map(\.id).joined(separator: ", ")).")
                    continue
                }
                guard case .bool(let on) = member else {
                    reading.refuse("\(name).\(kind) must be true or false, not \(member.kindDescription).")
                    continue
                }
                kinds[kind] = on
            }
            input[keyPath: key] = kinds
        })
    }
}
