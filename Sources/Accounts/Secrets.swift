import CSodium

/// Random secrets and their digests, through libsodium.
public enum Secrets {
    /// `byteCount` random bytes as URL-safe base64 without padding (16 bytes → 22 characters).
    public static func token(byteCount: Int = 16) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: byteCount)
        randombytes_buf(&bytes, byteCount)
        var encoded = [CChar](repeating: 0, count: sodium_base64_encoded_len(byteCount, sodium_base64_VARIANT_URLSAFE_NO_PADDING))
        _ = sodium_bin2base64(&encoded, encoded.count, bytes, byteCount, sodium_base64_VARIANT_URLSAFE_NO_PADDING)
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

    /// Compares two secrets in time that does not depend on where they differ.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return left.withUnsafeBytes { l in right.withUnsafeBytes { r in sodium_memcmp(l.baseAddress, r.baseAddress, left.count) == 0 } }
    }
}
