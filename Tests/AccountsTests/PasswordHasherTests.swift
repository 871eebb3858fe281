import Accounts
import Dispatch
import Foundation
import Testing

/// Argon2id through libsodium, with OWASP's parameters, a decoy for unknown names and a cap on how
/// many hashes run at once.
@Suite struct PasswordHasherTests {
    @Test func hashesAreArgon2idWithOWASPParameters() throws {
        let hasher = PasswordHasher()
        let hash = try hasher.hash("correct horse battery")
        #expect(hash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"), "hash was \(hash)")
        // $argon2id$v=19$m=…,t=…,p=…$salt$hash: a 16-byte salt and a 32-byte hash, base64 without padding.
        let parts = hash.split(separator: "$")
        #expect(parts.count == 5)
        #expect(parts.count == 5 && parts[3].count == 22 && parts[4].count == 43)
        #expect(!hash.contains("correct horse battery"))
    }

    @Test func theSamePasswordHashesDifferentlyEachTime() throws {
        let hasher = PasswordHasher()
        let first = try hasher.hash("correct horse battery")
        let second = try hasher.hash("correct horse battery")
        #expect(first != second, "a random salt per hash")
        #expect(hasher.verify("correct horse battery", against: first))
        #expect(hasher.verify("correct horse battery", against: second))
    }

    @Test func verifyAcceptsOnlyTheRightPassword() throws {
        let hasher = PasswordHasher()
        for password in ["correct horse battery", "pässwörd ünïcode 🔑", String(repeating: "x", count: 1_024), " spaces  "] {
            let hash = try hasher.hash(password)
            #expect(hasher.verify(password, against: hash))
            #expect(!hasher.verify(password + "x", against: hash))
            #expect(!hasher.verify(String(password.dropLast()), against: hash))
            #expect(!hasher.verify(password.uppercased() == password ? password.lowercased() : password.uppercased(), against: hash))
            #expect(!hasher.verify("", against: hash))
        }
    }

    @Test func verifyRefusesMissingAndDamagedHashes() throws {
        let hasher = PasswordHasher()
        #expect(!hasher.verify("anything at all", against: nil))
        #expect(!hasher.verify("", against: nil))
        #expect(!hasher.verify("password", against: ""))
        #expect(!hasher.verify("password", against: "password"))
        #expect(!hasher.verify("password", against: "$argon2id$v=19$m=19456,t=2,p=1$garbage$garbage"))
        let hash = try hasher.hash("password1")
        #expect(!hasher.verify("password1", against: String(hash.dropLast(2))))
    }

    /// `verify(_, against: nil)` checks against a decoy made as every stored hash is (Argon2id, the same
    /// memory and passes, a salt and a hash as long): libsodium does the same work for it as for a
    /// wrong password, so no stopwatch tells an unknown name from a wrong password. (A decoy that
    /// failed to be made, or one of cheaper parameters, would be checked in no time.)
    @Test func anUnknownAccountIsCheckedAgainstAHashMadeLikeARealOne() throws {
        let hasher = PasswordHasher(concurrency: 1)
        let real = try hasher.hash("correct horse battery")
        #expect(hasher.decoyHash.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"), "\(hasher.decoyHash)")
        #expect(hasher.decoyHash.split(separator: "$").map(\.count) == real.split(separator: "$").map(\.count))
        #expect(hasher.decoyHash != real)
        #expect(!hasher.verify("correct horse battery", against: nil))
        #expect(!hasher.verify("", against: nil))
    }

    @Test func atMostTheConfiguredNumberOfHashesRunAtOnce() throws {
        let hasher = PasswordHasher(concurrency: 2)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = hasher.verify("password one", against: nil) }
        #expect(hasher.peakConcurrency >= 1)
        #expect(hasher.peakConcurrency <= 2, "\(hasher.peakConcurrency) hashes ran at once; the limit is 2")
    }
}
