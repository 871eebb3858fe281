import Messages

extension CalendarDate {
    /// `Mar 14, 2019`: the day in a US English sentence (a message's `english`), as the template's
    /// catalogue writes a day argument; machine formats keep `iso`.
    public var english: String { "\(Self.englishMonths[month - 1]) \(day), \(year)" }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension Message.Argument {
    /// A calendar day, written the reader's language's way: `Mar 14, 2019`, `14. März 2019`, `١٤ مارس ٢٠١٩`.
    public static func day(_ day: CalendarDate) -> Message.Argument { .day(year: day.year, month: day.month, day: day.day) }
}
