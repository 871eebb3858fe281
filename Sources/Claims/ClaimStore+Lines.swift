import Database
import Inventory

/// Choosing what was lost, and the tracker's record for each line.
extension ClaimStore {
    /// Adds these items to the claim, each with its whole quantity lost; items already in it stay as they are.
    /// - Returns: the claim, and how many items were new to it.
    public func addItems(_ itemIDs: [Item.ID], to id: Claim.ID) throws -> (claim: Claim, added: Int) {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            var present = Set(claim.lines.map(\.itemID))
            var added = 0
            for itemID in itemIDs where present.insert(itemID).inserted {
                claim.lines.append(try Self.line(ClaimLineInput(itemID: itemID), existing: nil, in: connection))
                added += 1
            }
            if added > 0 { try Self.write(claim, id: id, in: connection) }
            return (try Self.claim(id: id, in: connection), added)
        }
    }

    /// Whether the item is a line of the claim: one lookup by the lines' key, whatever the claim's size
    /// (an adjuster's page asks for each of its photos).
    public func hasLine(itemID: Item.ID, inClaim id: Claim.ID) throws -> Bool {
        try household.read { try $0.scalar("SELECT 1 FROM claim_lines WHERE household_id = :household AND claim_id = ? AND item_id = ?", id, itemID) != nil }
    }

    /// Changes one line (quantity lost, category, override, what was paid, replaced).
    public func updateLine(_ input: ClaimLineInput, of id: Claim.ID) throws -> Claim {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            guard let index = claim.lines.firstIndex(where: { $0.itemID == input.itemID }) else {
                throw ClaimError.lineNotFound(claimID: id, itemID: input.itemID)
            }
            claim.lines[index] = try Self.line(input, existing: claim.lines[index], in: connection)
            try Self.write(claim, id: id, in: connection)
            return try Self.claim(id: id, in: connection)
        }
    }

    public func removeItem(_ itemID: Item.ID, from id: Claim.ID) throws -> Claim {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            guard claim.lines.contains(where: { $0.itemID == itemID }) else { throw ClaimError.lineNotFound(claimID: id, itemID: itemID) }
            claim.lines.removeAll { $0.itemID == itemID }
            try Self.write(claim, id: id, in: connection)
            return try Self.claim(id: id, in: connection)
        }
    }
}
