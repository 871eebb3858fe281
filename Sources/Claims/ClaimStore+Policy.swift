import Database
import Inventory

/// The policy, kept in the `policy` table (key → text).
extension ClaimStore {
    public func policy() throws -> Policy {
        try database.read { try Self.policy(in: $0) }
    }

    /// Changes the fields given (the same rules as a claim's).
    public func setPolicy(_ input: ClaimInput) throws -> Policy {
        try database.write { connection in
            let policy = try Self.policy(in: connection)
            var claim = Claim(id: 0, name: "policy", lossDate: nil, cause: "", policyholder: policy.policyholder, address: policy.address,
                              insurer: policy.insurer, policyNumber: policy.policyNumber, claimNumber: "", contentsLimit: policy.contentsLimit,
                              proofOfLossDue: nil, notes: "", closedAt: nil, createdAt: .distantPast, version: 0, lines: [])
            var policyInput = ClaimInput()
            policyInput.texts = input.texts.filter { Self.policyTexts.contains($0.key) }
            policyInput.contentsLimit = input.contentsLimit
            try Self.apply(policyInput, to: &claim, in: connection)
            let values: [(String, String?)] = [("policyholder", claim.policyholder), ("address", claim.address), ("insurer", claim.insurer),
                                               ("policyNumber", claim.policyNumber), ("contentsLimit", claim.contentsLimit.map(String.init))]
            for (key, value) in values {
                if let value {
                    try connection.run("INSERT INTO policy (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)
                } else {
                    try connection.run("DELETE FROM policy WHERE key = ?", key)
                }
            }
            return try Self.policy(in: connection)
        }
    }

    static let policyTexts: Set<ClaimText> = [.policyholder, .address, .insurer, .policyNumber]

    static func policy(in connection: Connection) throws -> Policy {
        var values: [String: String] = [:]
        try connection.forEachRow("SELECT key, value FROM policy") { values[$0.string(0)] = $0.string(1) }
        var policy = Policy()
        policy.policyholder = values["policyholder"] ?? ""
        policy.address = values["address"] ?? ""
        policy.insurer = values["insurer"] ?? ""
        policy.policyNumber = values["policyNumber"] ?? ""
        policy.contentsLimit = values["contentsLimit"].flatMap { Int64($0) }
        return policy
    }
}
