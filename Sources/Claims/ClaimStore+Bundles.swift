import Database
import Inventory
import TextRules

/// Grouping a claim's lines into bundles the schedule shows as one row each. Only an open claim's
/// bundles change; a line is in one bundle at most, and an item on a rider of its own stays a row of
/// its own (it is claimed against its rider, `ClaimScheduleLine.againstRider`).
extension ClaimStore {
    static let bundleNameRule = TextRule(Message("error.field.label.bundle-name", "The bundle's name"), maxCharacters: ItemDetails.maxShortTextLength, oneLine: true)

    /// Makes a bundle of these lines (items of the claim); returns the claim and the new bundle's id.
    public func addBundle(name: String, lines itemIDs: [Item.ID], to id: Claim.ID) throws -> (claim: Claim, bundleID: ClaimBundle.ID) {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            let (name, members) = try Self.checkedBundle(name: name, lines: itemIDs, bundle: nil, of: claim, in: connection)
            try connection.run("INSERT INTO claim_bundles (household_id, claim_id, name) VALUES (:household, ?, ?)", id, name)
            let bundleID: ClaimBundle.ID = connection.lastInsertedID()
            for index in claim.lines.indices where members.contains(claim.lines[index].itemID) { claim.lines[index].bundleID = bundleID }
            try Self.write(claim, id: id, in: connection)
            return (try Self.claim(id: id, in: connection), bundleID)
        }
    }

    /// Renames the bundle, or makes it hold exactly these lines, or both (nil: unchanged).
    public func updateBundle(_ bundleID: ClaimBundle.ID, of id: Claim.ID, name: String?, lines itemIDs: [Item.ID]?) throws -> Claim {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            guard let bundle = claim.bundles.first(where: { $0.id == bundleID }) else { throw ClaimError.bundleNotFound(claimID: id, bundleID: bundleID) }
            // Its lines as they are, but an item put on a rider since (a row of its own on the schedule already).
            let riders = Set(try connection.rows("SELECT id FROM items WHERE household_id = :household AND scheduled = 1") { Item.ID($0.int64(0)) })
            let current = claim.lines.filter { $0.bundleID == bundleID && !riders.contains($0.itemID) }.map(\.itemID)
            let (checkedName, members) = try Self.checkedBundle(name: name ?? bundle.name, lines: itemIDs ?? current, bundle: bundleID, of: claim, in: connection)
            try connection.run("UPDATE claim_bundles SET name = ? WHERE household_id = :household AND id = ?", checkedName, bundleID)
            for index in claim.lines.indices {
                if members.contains(claim.lines[index].itemID) {
                    claim.lines[index].bundleID = bundleID
                } else if claim.lines[index].bundleID == bundleID {
                    claim.lines[index].bundleID = nil
                }
            }
            try Self.write(claim, id: id, in: connection)
            return try Self.claim(id: id, in: connection)
        }
    }

    /// Removes the bundle; its lines stay in the claim, each a row of its own again.
    public func removeBundle(_ bundleID: ClaimBundle.ID, of id: Claim.ID) throws -> Claim {
        try change { connection in
            let claim = try Self.openClaim(id: id, in: connection)
            guard claim.bundles.contains(where: { $0.id == bundleID }) else { throw ClaimError.bundleNotFound(claimID: id, bundleID: bundleID) }
            try connection.run("DELETE FROM claim_bundles WHERE household_id = :household AND id = ?", bundleID)
            try connection.run("UPDATE claims SET version = version + 1 WHERE household_id = :household AND id = ?", id)
            return try Self.claim(id: id, in: connection)
        }
    }

    static func bundles(ofClaim id: Claim.ID?, in connection: HouseholdConnection) throws -> [Claim.ID: [ClaimBundle]] {
        var bundles: [Claim.ID: [ClaimBundle]] = [:]
        let sql: HouseholdSQL = id == nil
            ? "SELECT claim_id, id, name FROM claim_bundles WHERE household_id = :household ORDER BY claim_id, id"
            : "SELECT claim_id, id, name FROM claim_bundles WHERE household_id = :household AND claim_id = ? ORDER BY claim_id, id"
        try connection.forEachRow(sql, id.map { [$0] } ?? []) { bundles[$0.id(0), default: []].append(ClaimBundle(id: $0.id(1), name: $0.string(2))) }
        return bundles
    }

    /// The name trimmed and the lines, or every reason they cannot make the bundle at once.
    private static func checkedBundle(name: String, lines itemIDs: [Item.ID], bundle: ClaimBundle.ID?, of claim: Claim,
                                      in connection: HouseholdConnection) throws -> (String, Set<Item.ID>) {
        var errors: [FieldError] = []
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            errors.append(FieldError(field: "name", Message("error.claim.bundle-name-empty", "Name the bundle as the schedule should describe it (for example “Lot of hand tools”).")))
        } else {
            _ = bundleNameRule.check(name, field: "name", into: &errors)
        }
        let members = Set(itemIDs)
        let numbers = Dictionary(uniqueKeysWithValues: claim.lines.enumerated().map { ($1.itemID, $0 + 1) })
        var problems: [Message] = []
        for itemID in itemIDs where numbers[itemID] == nil {
            problems.append(Message("error.claim.bundle.not-a-line", "item \(itemID) is not a line of this claim", ["item": .text("\(itemID)")]))
        }
        for (index, line) in claim.lines.enumerated() where members.contains(line.itemID) {
            let itemName = try connection.firstRow("SELECT name, scheduled FROM items WHERE household_id = :household AND id = ?", line.itemID,
                                                   decode: { ($0.string(0), $0.int(1) != 0) })
            let shownName = itemName?.0 ?? "item \(line.itemID)"
            // The line's name: the item's, else its number ("item 12"), itself words to translate.
            let name: Message.Argument = itemName.map { .text($0.0) }
                ?? .message(Message("error.claim.bundle.item", "item \(line.itemID)", ["item": .text("\(line.itemID)")]))
            let lineArguments: [String: Message.Argument] = ["line": .integer(Int64(index + 1)), "name": name]
            if itemName?.1 == true {
                problems.append(Message("error.claim.bundle.rider", "line \(index + 1) (\(shownName)) is claimed against its rider and stays a row of its own", lineArguments))
            }
            if let other = line.bundleID, other != bundle, let otherBundle = claim.bundles.first(where: { $0.id == other }) {
                problems.append(Message("error.claim.bundle.in-another", "line \(index + 1) (\(shownName)) is already in “\(otherBundle.name)”; take it out of that bundle first",
                                        lineArguments.merging(["bundle": .text(otherBundle.name)]) { $1 }))
            }
        }
        if !problems.isEmpty {
            // US English joins the reasons with semicolons; a translation writes each as a sentence.
            let reasons = problems.map(\.english).joined(separator: "; ")
            errors.append(FieldError(field: "lines", Message("error.claim.bundle.cannot", "These lines cannot be bundled: \(reasons).",
                                                             ["problems": .message(.sentences(problems))])))
        } else if members.count < ClaimBundle.minimumLines {
            errors.append(FieldError(field: "lines", Message("error.claim.bundle.too-few", "Choose at least \(ClaimBundle.minimumLines) lines to bundle; one line is a row of its own already.",
                                                         ["count": .count(ClaimBundle.minimumLines)])))
        }
        guard errors.isEmpty else { throw ClaimError.invalid(ValidationError(errors: errors)) }
        return (name, members)
    }
}
