import Foundation
import Inventory
import PhotoLibrary

extension DisplayFormat {
    /// A photo's capture time (wall-clock, kept as if UTC): `Saturday, May 4, 2019 at 6:30 PM` in US
    /// English as the library has always said it, `04.05.2019, 18:30` on another language's clock.
    func photoTime(_ date: Date) -> String {
        local?.dayAndTime(date) ?? LibraryFormat.dateTime(date)
    }

    /// An event's or a choice of days' name in the page's language (`4. Mai 2019`, `4. Mai 2019 –
    /// 5. Mai 2019`); `name`, the library's own US English, for US English and any other group.
    func groupName(_ group: LibraryGroup) -> String {
        guard local != nil, let (start, end) = Self.bounds(ofGroup: group) else { return group.name }
        let first = CalendarDate(Date(timeIntervalSince1970: Double(start) / 1000))
        let last = CalendarDate(Date(timeIntervalSince1970: Double(end) / 1000))
        if first == last { return day(first) }
        return words.text("library.date-range", ["first": .text(day(first)), "last": .text(day(last))])
    }

    /// The first and last moment (ms) of an event (`e<first>-<last>`) or a choice of days (`d<first>_<last>`).
    private static func bounds(ofGroup group: LibraryGroup) -> (Int64, Int64)? {
        switch group.kind {
        case .dates:
            return LibraryDateRange(groupID: group.id).map { ($0.start, $0.end) }
        case .event:
            guard let match = group.id.wholeMatch(of: /e(-?\d+)-(-?\d+)/), let start = Int64(match.output.1), let end = Int64(match.output.2) else { return nil }
            return (start, end)
        case .album, .faces:
            return nil
        }
    }
}
