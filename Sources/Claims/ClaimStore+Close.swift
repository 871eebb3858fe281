import Database
import Foundation
import Inventory

extension ClaimStore {
    /// Closes the claim and keeps the inventory true in the same transaction: an item lost whole is
    /// marked disposed (lost, or stolen when the claim is for a theft, on the loss date, the claim
    /// named in its notes); one lost in part holds that many fewer, with a note saying where they went.
    public func close(id: Claim.ID, items: ItemStore, now: Date = Date()) throws -> Claim {
        let claim = try claim(id: id)
        if claim.isClosed { throw ClaimError.closed(name: claim.name) }
        let lost = Dictionary(uniqueKeysWithValues: claim.lines.map { ($0.itemID, $0.quantityLost) })
        let kind: DisposalKind = claim.lossKind == .theft ? .stolen : .lost
        let note = (kind == .stolen ? "Stolen" : "Lost") + " in claim “\(claim.name)”" + (claim.claimNumber.isEmpty ? "" : " (\(claim.claimNumber))")
            + (claim.lossDate.map { " on \($0.iso)" } ?? "") + "."
        try items.updateEach(ids: claim.lines.map(\.itemID), alongside: { connection in
            precondition(connection.household == self.household.household, "a claim closes in its own household")
            // Checked again inside the transaction: a claim changed since it was read is not closed on old lines.
            let current = try Self.openClaim(id: id, in: connection)
            if current.version != claim.version { throw ClaimError.versionMismatch(current: current) }
            try connection.run("UPDATE claims SET closed_ms = ?, version = version + 1 WHERE household_id = :household AND id = ?",
                               Int64(now.timeIntervalSince1970 * 1000), id)
        }) { item in
            var input = ItemInput()
            var details = ItemDetailsInput()
            let quantityLost = lost[item.id] ?? .zero
            let notes = item.details.notes.isEmpty ? note : item.details.notes + "\n" + note
            if quantityLost >= item.details.quantity {
                details.disposal = .some(Disposal(kind: kind, date: claim.lossDate, price: nil, notes: note))
            } else {
                details.quantity = item.details.quantity - quantityLost
                details.texts["notes"] = String(notes.prefix(ItemDetails.maxLongTextLength))
            }
            input.details = details
            return input
        }
        return try self.claim(id: id)
    }
}
