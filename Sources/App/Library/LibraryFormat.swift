import Foundation
import HTTPServer

/// Library dates and places as people read them. Capture times are the camera's wall-clock time
/// (kept as if UTC), so they are shown without any time-zone shift.
enum LibraryFormat {
    /// `2019-05-04T18:30:07`: local time, no zone.
    static func localISO8601(_ date: Date) -> String {
        String(JSONWriter.iso8601(date).dropLast())
    }

    /// `14 March 2019`.
    static func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC")!).day().month(.wide).year())
    }

    /// `Saturday, May 4, 2019 at 6:30 PM`.
    static func dateTime(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .complete, time: .shortened, locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
    }

    /// `52.52009° N, 13.40495° E`.
    static func place(latitude: Double, longitude: Double) -> String {
        String(format: "%.5f° %@, %.5f° %@", abs(latitude), latitude >= 0 ? "N" : "S", abs(longitude), longitude >= 0 ? "E" : "W")
    }
}
