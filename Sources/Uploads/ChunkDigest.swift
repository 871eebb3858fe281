import CBackup

/// The digest of a PATCH's bytes as they arrive (tus's checksum extension), through OpenSSL's EVP
/// interface (the processor's SHA instructions, as the backups' SHA-256). Owns its EVP context; one
/// caller at a time.
public final class ChunkDigest: @unchecked Sendable {
    /// The algorithms a client may name in `Upload-Checksum`.
    public enum Algorithm: String, Sendable, CaseIterable {
        case sha1, sha256
    }

    public let algorithm: Algorithm
    private let context: OpaquePointer

    public init(_ algorithm: Algorithm) {
        self.algorithm = algorithm
        let kind = switch algorithm {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        }
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, kind, nil) == 1 else {
            fatalError("OpenSSL cannot make a \(algorithm) context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        EVP_DigestUpdate(context, bytes.baseAddress, bytes.count)
    }

    /// The digest of everything given so far; the digest is then spent.
    public func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }
}
