import Accounts
import Foundation
import Testing

/// Random tokens, their digests, and constant-time comparison.
@Suite struct SecretsTests {
    static let urlSafe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// URL-safe base64 without padding back to bytes.
    static func decode(_ token: String) -> Data? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    @Test func aSessionSizedTokenIs128BitsIn22URLSafeCharacters() throws {
        let token = Secrets.token()
        #expect(token.count == 22)
        #expect(token.allSatisfy(Self.urlSafe.contains))
        #expect(try #require(Self.decode(token)).count == 16)
        #expect(Secrets.token(byteCount: 32).count == 43)
        #expect(Secrets.token(byteCount: 24).count == 32)
    }

    @Test func tokensDoNotRepeatAndUseEveryBit() {
        let tokens = (0..<2_000).map { _ in Secrets.token() }
        #expect(Set(tokens).count == tokens.count)
        // Every bit position is sometimes 0 and sometimes 1: not a counter, not a fixed pattern.
        let bytes = tokens.compactMap(Self.decode)
        var ones = [Int](repeating: 0, count: 128)
        for data in bytes {
            for (index, byte) in data.enumerated() {
                for bit in 0..<8 where byte & (1 << bit) != 0 { ones[index * 8 + bit] += 1 }
            }
        }
        // With 2000 samples each bit is set about 1000 times; 800…1200 is > 8 standard deviations wide.
        #expect(ones.allSatisfy { (800...1200).contains($0) }, "bit counts: \(ones)")
    }

    @Test func digestIsSHA256InLowercaseHex() {
        #expect(Secrets.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Secrets.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let token = Secrets.token()
        #expect(Secrets.digest(token).count == 64)
        #expect(Secrets.digest(token) != token)
        #expect(Secrets.digest(token) == Secrets.digest(token))
    }

    @Test func equalComparesWholeSecrets() {
        let token = Secrets.token()
        #expect(Secrets.equal(token, String(token)))
        #expect(!Secrets.equal(token, String(token.dropLast()) + (token.last == "A" ? "B" : "A")))
        #expect(!Secrets.equal(token, String(token.dropLast())))
        #expect(!Secrets.equal(token, token + "x"))
        #expect(!Secrets.equal(token, ""))
        #expect(!Secrets.equal("", token))
        #expect(Secrets.equal("", ""))
    }
}
