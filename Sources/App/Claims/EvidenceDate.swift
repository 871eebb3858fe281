import Foundation
import Inventory

/// A library photo as proof of ownership: one taken before the item was bought proves nothing of it
/// (a shop's shelf, someone else's), so the report leaves it out and the claimant's page says why.
enum EvidenceDate {
    /// Whether a photo taken at `takenAt` (the camera's wall-clock time) is from a day before `purchased`
    /// could be: before its first day when the date is rough (a photo from March 2019 is not before a
    /// purchase in "2019"; "about 5 years ago" may be a year more).
    static func isBeforePurchase(takenAt: Date?, purchased: PurchaseDate?) -> Bool {
        guard let takenAt, let purchased else { return false }
        return CalendarDate(takenAt) < purchased.earliestDay
    }
}
