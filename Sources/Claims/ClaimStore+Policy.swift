import Database
import Foundation
import Inventory

/// The policy, kept in the `policy` table (key → text).
extension ClaimStore {
    public func policy() throws -> Policy {
        try household.read { try Self.policy(in: $0) }
    }

    /// Changes the fields given (the same rules as a claim's).
    public func setPolicy(_ input: ClaimInput) throws -> Policy {
        try change { connection in
            var claim = Claim(name: "policy", policy: try Self.policy(in: connection), createdAt: .distantPast)
            var policyInput = ClaimInput()
            policyInput.texts = input.texts.filter { Self.policyTexts.contains($0.key) }
            policyInput.contentsLimit = input.contentsLimit
            policyInput.deductible = input.deductible
            policyInput.settlement = input.settlement
            policyInput.policyStart = input.policyStart
            policyInput.policyEnd = input.policyEnd
            try Self.apply(policyInput, to: &claim, in: connection)
            let policy = claim.policy
            let values: [(String, String?)] = [
                ("policyholder", policy.policyholder), ("address", policy.address), ("insurer", policy.insurer),
                ("policyNumber", policy.policyNumber), ("contentsLimit", policy.contentsLimit.map(String.init)),
                ("deductible", policy.deductible.map(String.init)), ("settlement", policy.settlement.rawValue),
                ("periodStart", policy.periodStart?.iso), ("periodEnd", policy.periodEnd?.iso), ("otherInsurance", policy.otherInsurance),
                ("phone", policy.phone), ("email", policy.email), ("contactAddress", policy.contactAddress),
            ]
            // Written only when chosen (a value another version wrote stays until then); the general table is no row at all.
            let country: [(String, String?)] = input.usefulLifeCountry.map { [("usefulLifeCountry", $0 == .unitedStates ? nil : $0.rawValue)] } ?? []
            for (key, value) in values + country {
                if let value {
                    try connection.run("""
                        INSERT INTO policy (household_id, key, value) VALUES (:household, ?, ?) ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value
                        """, key, value)
                } else {
                    try connection.run("DELETE FROM policy WHERE household_id = :household AND key = ?", key)
                }
            }
            return try Self.policy(in: connection)
        }
    }

    static let policyTexts: Set<ClaimText> = [.policyholder, .address, .insurer, .policyNumber, .otherInsurance, .phone, .email, .contactAddress]

    static func policy(in connection: HouseholdConnection) throws -> Policy {
        var values: [String: String] = [:]
        try connection.forEachRow("SELECT key, value FROM policy WHERE household_id = :household") { values[$0.string(0)] = $0.string(1) }
        var policy = Policy()
        policy.policyholder = values["policyholder"] ?? ""
        policy.address = values["address"] ?? ""
        policy.insurer = values["insurer"] ?? ""
        policy.policyNumber = values["policyNumber"] ?? ""
        policy.contentsLimit = values["contentsLimit"].flatMap { Int64($0) }
        policy.deductible = values["deductible"].flatMap { Int64($0) }
        policy.settlement = values["settlement"].flatMap(Settlement.init(rawValue:)) ?? .replacementCost
        policy.periodStart = values["periodStart"].flatMap(CalendarDate.init(iso:))
        policy.periodEnd = values["periodEnd"].flatMap(CalendarDate.init(iso:))
        policy.otherInsurance = values["otherInsurance"] ?? ""
        policy.phone = values["phone"] ?? ""
        policy.email = values["email"] ?? ""
        policy.contactAddress = values["contactAddress"] ?? ""
        // A value another version wrote and this one does not know values as the general table, rather than refusing the policy.
        policy.usefulLifeCountry = values["usefulLifeCountry"].flatMap(UsefulLifeCountry.init(rawValue:)) ?? .unitedStates
        return policy
    }
}
