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

    static let fields = ["expires", "label", "includesLocation"]

    /// From the API's JSON object, with every problem named at once.
    init(json object: [String: JSONValue], now: Date) throws(ClaimLinkError) {
        var problems: [FieldError] = []
        var expires: Date?, label = "", includesLocation = false
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("expires", .string(let text)):
                switch Self.expiry(text, now: now) {
                case .success(let moment): expires = moment
                case .failure(let problem): problems += problem.errors
                }
            case ("expires", _):
                problems.append(FieldError(field: key, message: "expires must be a day like \"\(Self.example(now: now))\" or an RFC 3339 time, not \(value.kindDescription)."))
            case ("label", .string(let text)): label = text
            case ("label", .null): label = ""
            case ("label", _): problems.append(FieldError(field: key, message: "label must be text, not \(value.kindDescription)."))
            case ("includesLocation", .bool(let choice)): includesLocation = choice
            case ("includesLocation", _):
                problems.append(FieldError(field: key, message: "includesLocation must be true or false, not \(value.kindDescription)."))
            default:
                problems.append(FieldError(field: key, message: "Unknown field “\(key)”. A link takes expires, label and includesLocation."))
            }
        }
        if object["expires"] == nil {
            problems.append(FieldError(field: "expires", message: "Say when the link stops working: \"expires\": \"\(Self.example(now: now))\" (at most 90 days away)."))
        }
        guard problems.isEmpty, let expires else { throw .invalid(ValidationError(errors: problems)) }
        self.expires = expires
        self.label = label
        self.includesLocation = includesLocation
    }

    /// From the owner's form (`expires` from a date field, `label`, the `includesLocation` checkbox).
    init(form fields: FormFields, now: Date) throws(ClaimLinkError) {
        let text = (fields["expires"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            throw .invalid(ValidationError(errors: [FieldError(field: "expires", message: "Choose the last day the link works (at most 90 days away).")]))
        }
        switch Self.expiry(text, now: now) {
        case .success(let moment): expires = moment
        case .failure(let problem): throw .invalid(problem)
        }
        label = fields["label"] ?? ""
        includesLocation = fields["includesLocation"] == "on"
    }

    /// The moment a day or an RFC 3339 time names. A day past the last one a link may last is
    /// refused here, naming that day (the store checks the moment again).
    static func expiry(_ text: String, now: Date) -> Result<Date, ValidationError> {
        func problem(_ message: String) -> Result<Date, ValidationError> {
            .failure(ValidationError(errors: [FieldError(field: "expires", message: message)]))
        }
        if let day = CalendarDate(iso: text) {
            let latest = latestDay(now: now)
            if day > latest { return problem("A link lasts at most \(Int(ClaimLink.longestLifetime / 86_400)) days: choose \(latest.iso) or earlier.") }
            return .success(endOfDay(day))
        }
        let withFraction = ISO8601DateFormatter(), plain = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        plain.formatOptions = [.withInternetDateTime]
        guard let moment = plain.date(from: text) ?? withFraction.date(from: text) else {
            return problem("“\(text.prefix(40))” is not a day like \(example(now: now)) or an RFC 3339 time like \(example(now: now))T17:00:00Z.")
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
