import Claims
import Foundation
import HTTPServer
import Inventory

/// What the owner asks for when making a link: when it stops working, who it is for, and whether its
/// evidence zip carries photos with where they were taken (no by default). A day (`2026-06-30`)
/// means through the end of that day in the server's time zone; an RFC 3339 time
/// (`2026-06-30T17:00:00Z`) means that moment.
struct ClaimLinkInput: Sendable, Equatable {
    var expires: Date
    var label: String
    var includesLocation = false

    /// What a link is read into: only `expires` has to be given.
    struct Draft {
        var expires: Date?
        var label: String?
        var includesLocation: Bool?
    }

    /// A link's fields (see `InputSchema`).
    static var schema: InputSchema<Draft> {
        InputSchema(api: "ClaimLinkInput", fields: [
            InputField(name: "expires", api: "string", expected: Message("error.json.expected.expiry", "a day or an RFC 3339 time"), json: { value, draft, reading in
                guard case .string(let text) = value else {
                    return reading.problems.append(FieldError(field: reading.path, Message("error.claim.link.expires-kind",
                        "expires must be a day like \"\(example(now: reading.context.now))\" or an RFC 3339 time, not \(value.kindDescription).",
                        ["example": .text(example(now: reading.context.now)), "kind": .message(value.kind)])))
                }
                expiry(text, into: &draft, &reading)
            }, form: { text, draft, reading in
                let text = (text ?? "").trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else {
                    return reading.problems.append(FieldError(field: reading.path, Message("error.claim.link.expires-empty", "Choose the last day the link works (at most 90 days away).")))
                }
                expiry(text, into: &draft, &reading)
            }).required { Message("error.claim.link.expires-missing", "Say when the link stops working: \"expires\": \"\(example(now: $0.now))\" (at most 90 days away).",
                                 ["example": .text(example(now: $0.now))]) },
            .text("label", \.label, nullable: true),
            .flag("includesLocation", \.includesLocation),
        ], unknown: { Message("error.json.unknown.link", "Unknown field “\($0)”. A link takes expires, label and includesLocation.", ["field": .text($0)]) })
    }

    private static func expiry(_ text: String, into draft: inout Draft, _ reading: inout FieldReading) {
        switch expiry(text, now: reading.context.now) {
        case .success(let moment): draft.expires = moment
        case .failure(let problem): reading.problems += problem.errors
        }
    }

    /// From the API's JSON object, with every problem named at once.
    init(json object: [String: JSONValue], now: Date) throws(ClaimLinkError) {
        var draft = Draft(), problems: [FieldError] = []
        Self.schema.read(json: object, into: &draft, context: InputContext(now: now), problems: &problems)
        try self.init(draft, problems: problems)
    }

    /// From the owner's form (`expires` from a date field, `label`, the `includesLocation` checkbox).
    init(form fields: FormFields, now: Date) throws(ClaimLinkError) {
        var draft = Draft(), problems: [FieldError] = []
        Self.schema.read(form: fields.firstValues, into: &draft, context: InputContext(now: now), problems: &problems)
        try self.init(draft, problems: problems)
    }

    private init(_ draft: Draft, problems: [FieldError]) throws(ClaimLinkError) {
        guard problems.isEmpty, let expires = draft.expires else { throw .invalid(ValidationError(errors: problems)) }
        self.expires = expires
        label = draft.label ?? ""
        includesLocation = draft.includesLocation ?? false
    }

    /// The moment a day or an RFC 3339 time names. A day past the last one a link may last is
    /// refused here, naming that day (the store checks the moment again).
    static func expiry(_ text: String, now: Date) -> Result<Date, ValidationError> {
        func problem(_ message: Message) -> Result<Date, ValidationError> {
            .failure(ValidationError(errors: [FieldError(field: "expires", message)]))
        }
        if let day = CalendarDate(iso: text) {
            let latest = latestDay(now: now)
            if day > latest { return problem(Message("error.claim.link.too-late", "A link lasts at most \(Int(ClaimLink.longestLifetime / 86_400)) days: choose \(latest.english) or earlier.",
                                                   ["count": .count(Int(ClaimLink.longestLifetime / 86_400)), "latest": .day(latest)])) }
            return .success(endOfDay(day))
        }
        let withFraction = ISO8601DateFormatter(), plain = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        plain.formatOptions = [.withInternetDateTime]
        guard let moment = plain.date(from: text) ?? withFraction.date(from: text) else {
            return problem(Message("error.claim.link.expires-unreadable", "“\(text.prefix(40))” is not a day like \(example(now: now)) or an RFC 3339 time like \(example(now: now))T17:00:00Z.",
                                   ["sent": .text(String(text.prefix(40))), "example": .text(example(now: now))]))
        }
        return .success(moment)
    }

    // MARK: Days in the server's time zone

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }

    /// The first moment after `day`, in the server's time zone.
    static func endOfDay(_ day: CalendarDate) -> Date {
        let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
        return calendar.date(byAdding: .day, value: 1, to: start)!
    }

    /// The day `date` falls on in the server's time zone.
    static func day(of date: Date) -> CalendarDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDate(iso: String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1))!
    }

    /// The last day a link made at `now` may work through.
    static func latestDay(now: Date) -> CalendarDate {
        var day = day(of: now.addingTimeInterval(ClaimLink.longestLifetime))
        while endOfDay(day) > now.addingTimeInterval(ClaimLink.longestLifetime) { day = day.adding(days: -1) }
        return day
    }

    /// The last day a link works (it stops at the end of it, or during it for a time given as such).
    static func lastDay(of expires: Date) -> CalendarDate { day(of: expires.addingTimeInterval(-0.001)) }

    /// A month from now: what the form proposes.
    static func suggestedDay(now: Date) -> CalendarDate { day(of: now).adding(days: 30) }

    private static func example(now: Date) -> String { suggestedDay(now: now).iso }
}
