import CSodium

/// Random secrets and their digests, through libsodium.
public enum Secrets {
    /// `byteCount` random bytes as URL-safe base64 without padding (16 bytes → 22 characters).
    public static func token(byteCount: Int = 16) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: byteCount)
        randombytes_buf(&bytes, byteCount)
        return base64(bytes)
    }

    /// URL-safe base64 without padding.
    private static func base64(_ bytes: [UInt8]) -> String {
        var encoded = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING))
        _ = sodium_bin2base64(&encoded, encoded.count, bytes, bytes.count, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        return encoded.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// SHA-256 of a secret, as hex: what is stored instead of the secret.
    public static func digest(_ secret: String) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let bytes = Array(secret.utf8)
        _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self)
    }

    /// A secret for one `purpose` made from `secret` (HMAC-SHA-256 keyed by it; 16 bytes as URL-safe
    /// base64): whoever holds `secret` makes it again, so it need not be stored, and neither it nor
    /// the stored digest of `secret` tells anything of the other.
    public static func derived(from secret: String, for purpose: String) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var state = crypto_auth_hmacsha256_state()
        let key = Array(secret.utf8), message = Array(purpose.utf8)
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return base64(Array(mac.prefix(16)))
    }

    /// Compares two secrets in time that does not depend on where they differ.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { l in right.withUnsafeBytes { r in sodium_memcmp(l.baseAddress, r.baseAddress, left.count) == 0 } }
    }
}
