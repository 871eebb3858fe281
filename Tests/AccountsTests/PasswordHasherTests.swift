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

    @Test func anUnknownAccountTakesAsLongAsAWrongPassword() throws {
        // verify(_, against: nil) checks against a real decoy hash: no shortcut that a stopwatch could see.
        let hasher = PasswordHasher()
        let hash = try hasher.hash("correct horse battery")
        var wrong: [Double] = [], unknown: [Double] = []
        for _ in 0..<7 {
            wrong.append(seconds { _ = hasher.verify("wrong password", against: hash) })
            unknown.append(seconds { _ = hasher.verify("wrong password", against: nil) })
        }
        let ratio = median(unknown) / median(wrong)
        #expect(median(wrong) > 0.005, "a wrong password should cost a real Argon2id run, took \(median(wrong)) s")
        #expect((0.5...2.0).contains(ratio), "unknown \(median(unknown)) s vs wrong password \(median(wrong)) s")
    }

    @Test func atMostTheConfiguredNumberOfHashesRunAtOnce() throws {
        let hasher = PasswordHasher(concurrency: 2)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = hasher.verify("password one", against: nil) }
        #expect(hasher.peakConcurrency >= 1)
        #expect(hasher.peakConcurrency <= 2, "\(hasher.peakConcurrency) hashes ran at once; the limit is 2")
    }
}
