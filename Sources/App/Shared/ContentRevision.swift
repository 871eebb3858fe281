import Foundation
import Inventory

/// One cache key for what is made from the inventory, the library and today's date (claim readiness,
/// warranties ending soon): a list cached at midnight must not say yesterday's "ends in 30 days".
/// The parts are ordered most significant first — inventory, day, library — so the key only goes up
/// as long as each part does, as `RevisionCache` needs.
enum ContentRevision {
    private static let epoch = CalendarDate(iso: "1970-01-01")!

    /// The inventory's revision in the top 23 bits, the day in the next 17 (to the year 2328), the
    /// library's revision in the low 23: millions of changes and scans in one process's life.
    static func key(items: Int, library: Int, today: CalendarDate) -> Int {
        let day = epoch.days(until: today)
        return items << 40 | (day & 0x1_ffff) << 23 | library & 0x7f_ffff
    }
}
