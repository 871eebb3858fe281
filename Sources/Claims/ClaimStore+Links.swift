import CSodium
import Database
import Foundation
import Inventory

/// Adjusters' read-only links: made with a token shown once, found again only by the token's
/// SHA-256, revoked at once, and each opening recorded. A claim's links go with it (the schema's
/// `ON DELETE CASCADE`).
extension ClaimStore {
    /// Makes a link to the claim that works until `expires` (in the future, at most
    /// `ClaimLink.longestLifetime` from `now`); with `includesLocation`, its evidence zip carries
    /// photos with where they were taken.
    /// - Returns: the link, and its token: the only time the token exists outside the URL given out.
    public func createLink(claimID: Claim.ID, expires: Date, label: String = "", includesLocation: Bool = false,
                           now: Date = Date()) throws -> (link: ClaimLink, token: String) {
        var errors: [FieldError] = []
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        ClaimLink.labelRule.check(trimmed, field: "label", into: &errors)
        if expires <= now {
            errors.append(FieldError(field: "expires", Message("error.claim.link-expired", "A link must expire in the future; choose a later day.")))
        } else if expires.timeIntervalSince(now) > ClaimLink.longestLifetime {
            errors.append(FieldError(field: "expires", Message("error.claim.link-too-long", "A link lasts at most \(Int(ClaimLink.longestLifetime / 86_400)) days; choose an earlier day (make a new link when it ends).",
                                                          ["count": .count(Int(ClaimLink.longestLifetime / 86_400))])))
        }
        if !errors.isEmpty { throw ClaimLinkError.invalid(ValidationError(errors: errors)) }
        let token = Self.newLinkToken()
        let id = try change { connection in
            _ = try Self.claim(id: claimID, in: connection)
            try connection.run("""
                INSERT INTO claim_links (household_id, claim_id, token_hash, label, created_ms, expires_ms, includes_location)
                VALUES (:household, ?, ?, ?, ?, ?, ?)
                """, claimID, Self.linkTokenHash(token), trimmed, Self.milliseconds(now), Self.milliseconds(expires), includesLocation ? 1 : 0)
            return connection.lastInsertedID(of: ClaimLink.self)
        }
        return (ClaimLink(id: id, claimID: claimID, household: HouseholdID(household.household), label: trimmed, created: Self.date(Self.milliseconds(now)),
                          expires: Self.date(Self.milliseconds(expires)), revoked: nil, includesLocation: includesLocation), token)
    }

    /// The claim's links, newest first, each with its openings.
    public func links(ofClaim claimID: Claim.ID) throws -> [ClaimLink] {
        try household.read { connection in
            _ = try Self.claim(id: claimID, in: connection)
            var openings: [ClaimLink.ID: [ClaimLinkOpening]] = [:]
            try connection.forEachRow("""
                SELECT link_id, opened_ms, address, path FROM claim_link_openings
                WHERE household_id = :household AND link_id IN (SELECT id FROM claim_links WHERE household_id = :household AND claim_id = ?)
                ORDER BY opened_ms DESC, rowid DESC
                """, [claimID]) { row in
                openings[row.id(0), default: []].append(ClaimLinkOpening(at: Self.date(row.int64(1)), address: row.string(2), path: row.string(3)))
            }
            return try connection.rows("""
                SELECT \(Self.linkColumns) FROM claim_links WHERE household_id = :household AND claim_id = ? ORDER BY created_ms DESC, id DESC
                """, claimID) {
                Self.decodeLink($0, openings: openings)
            }
        }
    }

    /// Stops the link working at once; revoking it again keeps the first time.
    @discardableResult
    public func revoke(linkID: ClaimLink.ID, of claimID: Claim.ID, now: Date = Date()) throws -> ClaimLink {
        try change { connection in
            _ = try Self.claim(id: claimID, in: connection)
            try connection.run("UPDATE claim_links SET revoked_ms = coalesce(revoked_ms, ?) WHERE household_id = :household AND id = ? AND claim_id = ?",
                               Self.milliseconds(now), linkID, claimID)
            guard let link = try connection.firstRow("""
                SELECT \(Self.linkColumns) FROM claim_links WHERE household_id = :household AND id = ? AND claim_id = ?
                """, linkID, claimID,
                                                     decode: { Self.decodeLink($0, openings: [:]) }) else {
                throw ClaimLinkError.linkNotFound(id: linkID, claimID: claimID)
            }
            return link
        }
    }

    /// The link a token opens at `now`; nil when the token is unknown (or not one at all), the link
    /// expired or was revoked, whichever: a caller cannot tell them apart.
    public func resolve(token: String, now: Date = Date()) throws -> ClaimLink? {
        guard Self.isWellFormedLinkToken(token) else { return nil }
        // Found by the token's hash: what the lookup's timing could reveal is about the hash, not the token.
        // In every household: the token is the access, and its claim's household is the link's.
        let link = try database.read(serverWide: .claimLinkTokens) { connection in
            try connection.firstRow("SELECT \(Self.linkColumns.text) FROM claim_links WHERE token_hash = ?", Self.linkTokenHash(token),
                                    decode: { Self.decodeLink($0, openings: [:]) })
        }
        return link.flatMap { $0.isActive(at: now) ? $0 : nil }
    }

    /// Records that the link was used: when, from which address, and what was opened (a path below
    /// the link, never its token). Keeps the newest `ClaimLink.maxOpeningsKept`.
    public func recordOpening(linkID: ClaimLink.ID, at time: Date = Date(), address: String, path: String) throws {
        try change { connection in
            try connection.run("INSERT INTO claim_link_openings (household_id, link_id, opened_ms, address, path) VALUES (:household, ?, ?, ?, ?)",
                               linkID, Self.milliseconds(time), String(address.prefix(100)), String(path.prefix(300)))
            try connection.run("""
                DELETE FROM claim_link_openings WHERE household_id = :household AND link_id = ? AND rowid NOT IN
                    (SELECT rowid FROM claim_link_openings WHERE household_id = :household AND link_id = ? ORDER BY opened_ms DESC, rowid DESC LIMIT ?)
                """, linkID, linkID, ClaimLink.maxOpeningsKept)
        }
    }

    // MARK: Tokens

    /// Characters in a token: 32 random bytes in URL-safe base64 without padding.
    public static let linkTokenLength = 43

    /// 32 bytes from libsodium's `randombytes_buf`, as URL-safe base64 (43 characters).
    static func newLinkToken() -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        var encoded = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING))
        _ = sodium_bin2base64(&encoded, encoded.count, bytes, bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        sodium_memzero(&bytes, bytes.count)
        return encoded.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Whether `token` could be one of ours (length and alphabet), checked before any lookup.
    static func isWellFormedLinkToken(_ token: String) -> Bool {
        token.utf8.count == linkTokenLength && token.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// SHA-256 of the token, as hex: what is stored.
    static func linkTokenHash(_ token: String) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let bytes = Array(token.utf8)
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self)
    }

    // MARK: Rows

    static let linkColumns: HouseholdSQL = "id, claim_id, label, created_ms, expires_ms, revoked_ms, includes_location, household_id"

    static func decodeLink(_ row: Row, openings: [ClaimLink.ID: [ClaimLinkOpening]]) -> ClaimLink {
        ClaimLink(id: row.id(0), claimID: row.id(1), household: row.id(7), label: row.string(2), created: date(row.int64(3)), expires: date(row.int64(4)),
                  revoked: row.optionalInt64(5).map(date), includesLocation: row.int64(6) != 0, openings: openings[row.id(0)] ?? [])
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
