import CSodium
import Database

/// Opaque, stable ids: a keyed BLAKE2b hash of what a thing is (its root and relative path), so
/// ids never reveal a path and cannot be guessed from one without the library's key.
struct KeyedID: Sendable {
    private let key: [UInt8]

    init(key: [UInt8]) {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        self.key = key
    }

    /// A fresh random key.
    static func newKey() -> [UInt8] {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var key = [UInt8](repeating: 0, count: Int(crypto_generichash_KEYBYTES))
        randombytes_buf(&key, key.count)
        return key
    }

    /// 32 hex digits naming `parts` (joined with NUL, which no part contains).
    func make(_ parts: String...) -> String {
        var message: [UInt8] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { message.append(0) }
            message.append(contentsOf: part.utf8)
        }
        var digest = [UInt8](repeating: 0, count: 16)
        _ = message.withUnsafeBufferPointer { input in
            key.withUnsafeBufferPointer { keyBytes in
                crypto_generichash(&digest, 16, input.baseAddress, UInt64(input.count), keyBytes.baseAddress, keyBytes.count)
            }
        }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self)
    }

    /// The id of the photo at `relativePath` in `root` (`make` always gives 32 lowercase hex digits).
    func asset(root: String, relativePath: String) -> LibraryAsset.ID {
        LibraryAsset.ID(make("asset", root, relativePath))!
    }

    /// Whether `text` has the shape of an id this made (32 lowercase hex digits).
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        LibraryPhotoID.isWellFormed(text)
    }
}
