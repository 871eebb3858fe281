import Foundation
import Inventory

/// An all-day event of an iCalendar feed.
public struct CalendarEvent: Sendable, Equatable {
    /// Stable across runs: a reminder's occasion id.
    public let uid: String
    /// All day on this day: a date, not a time, so no time zone or change of clocks moves it.
    public let day: CalendarDate
    public let summary: String
    public let description: String
    /// An absolute address of where to put it right; nil when none is known.
    public let url: String?

    public init(uid: String, day: CalendarDate, summary: String, description: String, url: String? = nil) {
        self.uid = uid
        self.day = day
        self.summary = summary
        self.description = description
        self.url = url
    }
}

/// An RFC 5545 iCalendar feed (`text/calendar`): CRLF line endings, content lines folded at 75
/// octets (never inside a UTF-8 character), TEXT values escaped.
public struct CalendarFeed: Sendable {
    public let name: String
    public let events: [CalendarEvent]
    /// When the feed was made (every event's DTSTAMP).
    public let stamp: Date

    public init(name: String, events: [CalendarEvent], stamp: Date) {
        self.name = name
        self.events = events
        self.stamp = stamp
    }

    public static let contentType = "text/calendar; charset=utf-8"

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The feed as it is sent: each content line folded and ended with CRLF.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + events.count * 400)
        func line(_ text: String) { Self.fold(text, into: &out) }
        for header in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homepwner//Reminders//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                       "X-WR-CALNAME:" + Self.escaped(name),
                       // Calendar apps poll a subscription; twice a day is enough for reminders counted in days.
                       "REFRESH-INTERVAL;VALUE=DURATION:PT12H", "X-PUBLISHED-TTL:PT12H"] {
            line(header)
        }
        let stamp = "DTSTAMP:" + Self.timestamp(stamp)
        for event in events {
            line("BEGIN:VEVENT")
            line("UID:" + Self.escaped(event.uid))
            line(stamp)
            line("DTSTART;VALUE=DATE:" + Self.basic(event.day))
            line("DTEND;VALUE=DATE:" + Self.basic(event.day.adding(days: 1)))
            line("SUMMARY:" + Self.escaped(event.summary))
            line("DESCRIPTION:" + Self.escaped(event.description))
            if let url = event.url { line("URL:" + url.filter { !$0.isWhitespace && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) }
            line("TRANSP:TRANSPARENT")
            line("END:VEVENT")
        }
        line("END:VCALENDAR")
        return out
    }

    /// A TEXT value escaped as RFC 5545 §3.3.11 says: backslash, semicolon, comma, newline; other
    /// control characters (which a content line may not hold) dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\r": out += "\\n"
            case "\t": out += " "
            default:
                if scalar.properties.generalCategory == .control { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A content line ended with CRLF, folded so no line is longer than 75 octets (the CRLF not
    /// counted); each continuation starts with a space, and a fold never splits a UTF-8 sequence.
    public static func folded(_ line: String) -> String {
        var out: [UInt8] = []
        fold(line, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func fold(_ line: String, into out: inout [UInt8]) {
        var line = line
        line.withUTF8 { bytes in
            var start = 0, limit = 75
            repeat {
                var end = min(start + limit, bytes.count)
                // Back off to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
                while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                if start > 0 { out.append(0x20) }
                out.append(contentsOf: bytes[start..<end])
                out += [0x0D, 0x0A]
                start = end
                limit = 74  // the leading space counts
            } while start < bytes.count
        }
    }

    /// `20270301`.
    static func basic(_ day: CalendarDate) -> String { day.iso.replacingOccurrences(of: "-", with: "") }

    /// `20261206T165000Z`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
