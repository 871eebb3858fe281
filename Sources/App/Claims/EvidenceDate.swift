import Foundation
import Inventory

/// A library photo as proof of ownership: one taken before the item was bought proves nothing of it
/// (a shop's shelf, someone else's), so the report leaves it out and the claimant's page says why.
enum EvidenceDate {
    /// Whether a photo taken at `takenAt` (the camera's wall-clock time) is from a day before `purchased`.
    static func isBeforePurchase(takenAt: Date?, purchased: CalendarDate?) -> Bool {
        guard let takenAt, let purchased else { return false }
        return CalendarDate(takenAt) < purchased
    }
}
