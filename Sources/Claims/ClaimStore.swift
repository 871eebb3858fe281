import Clocks
import Database
import Foundation
import Inventory
import Synchronization

/// Claims, in the order they were made, newest first. Every change is one transaction.
public final class ClaimStore: Sendable {
    let database: Database
    /// The time of day claims, their links and their openings are dated by.
    public let clock: any TimeSource
    /// Where additional living expenses' receipts are kept; without it a receipt is refused.
    public let receipts: DocumentStore?
    /// The household every method works in: `in(_:)` gives another household's view. The store made
    /// by `init` works in the first household (the folder's own) until every request names its
    /// household (docs/plans/households.md, session 2, step 2b). Every statement names `:household`,
    /// which this binds.
    let household: HouseholdDatabase
    /// The count of changes: one for the server, shared by every household's view (`in(_:)`).
    private let shared: Shared

    final class Shared: Sendable {
        let revision = Atomic<Int>(0)
        init() {}
    }

    public init(database: Database, clock: any TimeSource = WallClock(), receipts: DocumentStore? = nil) {
        self.database = database
        self.clock = clock
        self.receipts = receipts
        shared = Shared()
        household = HouseholdDatabase(database, household: 1)
    }

    private init(sharing store: ClaimStore, household: Int64) {
        database = store.database
        clock = store.clock
        receipts = store.receipts
        shared = store.shared
        self.household = HouseholdDatabase(store.database, household: household)
    }

    /// The household this view works in (what a household's caches are keyed by).
    public var householdID: HouseholdID { HouseholdID(household.household) }

    /// The same store working in `access`'s household: what a request reads and changes.
    public func `in`(_ access: HouseholdAccess) -> ClaimStore {
        access.id.rawValue == household.household ? self : ClaimStore(sharing: self, household: access.id.rawValue)
    }

    /// Goes up after every change to claims, their lines, links, expenses and the policy (each a
    /// write through `change`): what is made from them stays valid until it moves.
    public var revision: Int { shared.revision.load(ordering: .acquiring) }

    /// A write transaction that counts as a change, whether it commits or not (a rolled-back one
    /// only costs a cache its value).
    func change<T>(_ body: (HouseholdConnection) throws -> T) throws -> T {
        defer { shared.revision.add(1, ordering: .releasing) }
        return try household.write(body)
    }

    public func claims() throws -> [Claim] {
        try household.read { try Self.claims(in: $0) }
    }

    public func claim(id: Claim.ID) throws -> Claim {
        try household.read { try Self.claim(id: id, in: $0) }
    }

    /// A new claim: the policy's facts fill what the input leaves out, and the proof of loss is due
    /// `Claim.proofOfLossDays` after the loss unless said otherwise.
    public func create(_ input: ClaimInput, now: Date = Date()) throws -> Claim {
        guard let name = input.name else { throw ClaimError.invalid(ValidationError(errors: [FieldError(field: "name", Message("error.claim.name-empty", "Name the claim (for example “Kitchen fire, March 2026”)."))])) }
        return try change { connection in
            var claim = Claim(name: name, policy: try Self.policy(in: connection), createdAt: now)
            try Self.apply(input, to: &claim, in: connection)
            if case .none = input.proofOfLossDue, let lossDate = claim.lossDate {
                claim.proofOfLossDue = lossDate.adding(days: Claim.proofOfLossDays)
            }
            try connection.run("INSERT INTO claims (household_id, name, created_ms) VALUES (:household, ?, ?)", claim.name, Int64(now.timeIntervalSince1970 * 1000))
            let id: Claim.ID = connection.lastInsertedID()
            try Self.write(claim, id: id, in: connection)
            return try Self.claim(id: id, in: connection)
        }
    }

    /// Changes the fields given in `input`; with `expectedVersion`, only if nobody changed it since.
    public func update(id: Claim.ID, _ input: ClaimInput, expectedVersion: Int? = nil) throws -> Claim {
        try change { connection in
            var claim = try Self.openClaim(id: id, in: connection)
            if let expectedVersion, expectedVersion != claim.version { throw ClaimError.versionMismatch(current: claim) }
            let before = claim
            try Self.apply(input, to: &claim, in: connection)
            if claim == before { return claim }
            try Self.write(claim, id: id, in: connection)
            return try Self.claim(id: id, in: connection)
        }
    }

    /// Removes the claim (never its items), and its expenses' receipts no other expense has.
    public func delete(id: Claim.ID) throws {
        try withReceiptFiles { connection in
            _ = try Self.claim(id: id, in: connection)
            let receipts = Set(try connection.rows("""
                SELECT receipt_sha256 FROM claim_expenses WHERE household_id = :household AND claim_id = ? AND receipt_sha256 IS NOT NULL
                """, id) { $0.string(0) })
            try connection.run("DELETE FROM claims WHERE household_id = :household AND id = ?", id)
            return ((), try receipts.filter { try Self.isReceiptUnused($0, in: connection) })
        }
    }

    // MARK: Rows

    static let columns: HouseholdSQL = """
        id, name, loss_date, cause, policyholder, address, insurer, policy_number, claim_number, contents_limit, proof_of_loss_due, notes, closed_ms, \
        created_ms, version, loss_kind, deductible, settlement, policy_start, policy_end, other_insurance, phone, email, contact_address, \
        sales_tax_millionths, police_report, police_force, language
        """

    static func decode(_ row: Row, lines: [Claim.ID: [ClaimLine]], bundles: [Claim.ID: [ClaimBundle]]) -> Claim {
        let id: Claim.ID = row.id(0)
        var claim = Claim(id: id, name: row.string(1), lossDate: row.optionalString(2).flatMap(CalendarDate.init(iso:)), cause: row.string(3),
                     policyholder: row.string(4), address: row.string(5), insurer: row.string(6), policyNumber: row.string(7),
                     claimNumber: row.string(8), contentsLimit: row.optionalInt64(9), proofOfLossDue: row.optionalString(10).flatMap(CalendarDate.init(iso:)),
                     notes: row.string(11), closedAt: row.optionalInt64(12).map { Date(timeIntervalSince1970: Double($0) / 1000) },
                     createdAt: Date(timeIntervalSince1970: Double(row.int64(13)) / 1000), version: row.int(14), lines: lines[id] ?? [])
        claim.lossKind = row.optionalString(15).flatMap(LossKind.init(rawValue:))
        claim.deductible = row.optionalInt64(16)
        claim.settlement = Settlement(rawValue: row.string(17)) ?? .replacementCost
        claim.policyStart = row.optionalString(18).flatMap(CalendarDate.init(iso:))
        claim.policyEnd = row.optionalString(19).flatMap(CalendarDate.init(iso:))
        claim.otherInsurance = row.string(20)
        claim.phone = row.string(21)
        claim.email = row.string(22)
        claim.contactAddress = row.string(23)
        claim.salesTaxRate = row.optionalInt64(24).flatMap(SalesTaxRate.init(millionths:))
        claim.policeReport = row.string(25)
        claim.policeForce = row.string(26)
        claim.language = row.string(27)
        claim.bundles = bundles[id] ?? []
        return claim
    }

    static func claims(in connection: HouseholdConnection) throws -> [Claim] {
        let lines = try Self.linesByClaim(in: connection), bundles = try Self.bundles(ofClaim: nil, in: connection)
        return try connection.rows("SELECT \(Self.columns) FROM claims WHERE household_id = :household ORDER BY created_ms DESC, id DESC") {
            Self.decode($0, lines: lines, bundles: bundles)
        }
    }

    static func claim(id: Claim.ID, in connection: HouseholdConnection) throws -> Claim {
        let lines = try Self.lines(ofClaim: id, in: connection), bundles = try Self.bundles(ofClaim: id, in: connection)
        guard let claim = try connection.firstRow("SELECT \(Self.columns) FROM claims WHERE household_id = :household AND id = ?", id, decode: { Self.decode($0, lines: [id: lines], bundles: bundles) }) else {
            throw ClaimError.claimNotFound(id: id)
        }
        return claim
    }

    /// The claim, if it may still be changed.
    static func openClaim(id: Claim.ID, in connection: HouseholdConnection) throws -> Claim {
        let claim = try Self.claim(id: id, in: connection)
        if claim.isClosed { throw ClaimError.closed(name: claim.name) }
        return claim
    }

    static let lineColumns: HouseholdSQL = "claim_id, item_id, quantity_lost_ten_thousandths, category, unit_acv_override, override_reason, paid, replaced_cost, replaced_date, bundle_id"

    static func decodeLine(_ row: Row) -> ClaimLine {
        ClaimLine(itemID: row.id(1), quantityLost: Quantity(tenThousandths: row.int64(2)), category: row.optionalString(3), unitACVOverride: row.optionalInt64(4),
                  overrideReason: row.string(5), paid: row.optionalInt64(6), replacedCost: row.optionalInt64(7),
                  replacedDate: row.optionalString(8).flatMap(CalendarDate.init(iso:)), bundleID: row.optionalInt64(9).map { ClaimBundle.ID(rawValue: $0) })
    }

    static func lines(ofClaim id: Claim.ID, in connection: HouseholdConnection) throws -> [ClaimLine] {
        try connection.rows("SELECT \(lineColumns) FROM claim_lines WHERE household_id = :household AND claim_id = ? ORDER BY position, item_id", id,
                            decode: decodeLine)
    }

    static func linesByClaim(in connection: HouseholdConnection) throws -> [Claim.ID: [ClaimLine]] {
        var lines: [Claim.ID: [ClaimLine]] = [:]
        try connection.forEachRow("SELECT \(lineColumns) FROM claim_lines WHERE household_id = :household ORDER BY claim_id, position, item_id") {
            lines[$0.id(0), default: []].append(decodeLine($0))
        }
        return lines
    }

    /// Writes every field and the whole set of lines, and counts a new version.
    static func write(_ claim: Claim, id: Claim.ID, in connection: HouseholdConnection) throws {
        try connection.run("""
            UPDATE claims SET name = ?, loss_date = ?, cause = ?, policyholder = ?, address = ?, insurer = ?, policy_number = ?,
                claim_number = ?, contents_limit = ?, proof_of_loss_due = ?, notes = ?, loss_kind = ?, deductible = ?, settlement = ?,
                policy_start = ?, policy_end = ?, other_insurance = ?, phone = ?, email = ?, contact_address = ?, sales_tax_millionths = ?,
                police_report = ?, police_force = ?, language = ?, version = version + 1 WHERE household_id = :household AND id = ?
            """, claim.name, claim.lossDate?.iso, claim.cause, claim.policyholder, claim.address, claim.insurer, claim.policyNumber,
            claim.claimNumber, claim.contentsLimit, claim.proofOfLossDue?.iso, claim.notes, claim.lossKind?.rawValue, claim.deductible,
            claim.settlement.rawValue, claim.policyStart?.iso, claim.policyEnd?.iso, claim.otherInsurance, claim.phone, claim.email,
            claim.contactAddress, claim.salesTaxRate?.millionths, claim.policeReport, claim.policeForce, claim.language, id)
        try connection.run("DELETE FROM claim_lines WHERE household_id = :household AND claim_id = ?", id)
        for (position, line) in claim.lines.enumerated() {
            try connection.run("""
                INSERT INTO claim_lines (household_id, claim_id, item_id, position, quantity_lost_ten_thousandths, category, unit_acv_override, override_reason,
                    paid, replaced_cost, replaced_date, bundle_id)
                VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, id, line.itemID, position, line.quantityLost.tenThousandths, line.category, line.unitACVOverride, line.overrideReason,
                line.paid, line.replacedCost, line.replacedDate?.iso, line.bundleID)
        }
        // A bundle its lines left (removed from the claim) below two is no lot any more: unbundled,
        // its last line a row of its own again (`ON DELETE SET NULL`).
        try connection.run("""
            DELETE FROM claim_bundles WHERE household_id = :household AND claim_id = ? AND id NOT IN
                (SELECT bundle_id FROM claim_lines WHERE household_id = :household AND claim_id = ? AND bundle_id IS NOT NULL
                 GROUP BY bundle_id HAVING count(*) >= ?)
            """, id, id, ClaimBundle.minimumLines)
    }
}
