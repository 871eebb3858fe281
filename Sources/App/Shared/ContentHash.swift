import CSodium

/// BLAKE2b digests (libsodium's generic hash), as hex, for content-addressed URLs and ETags.
enum ContentHash {
    /// The first `byteCount` bytes of the digest of `bytes`, in hex.
    static func hex(of bytes: [UInt8], byteCount: Int = 12) -> String {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var digest = [UInt8](repeating: 0, count: byteCount)
        _ = bytes.withUnsafeBufferPointer { input in
            crypto_generichash(&digest, byteCount, input.baseAddress, UInt64(input.count), nil, 0)
        }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self)
    }
}
