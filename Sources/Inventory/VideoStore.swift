import CSodium
import Foundation
@preconcurrency import Glibc

/// Walk-through videos on disk, each byte for byte under the SHA-256 of its bytes
/// (`videos/ab/abcd…/original`). A video is copied in from a file in blocks (never held in memory
/// whole), hashed as it is copied, into a staging folder renamed into place. Which walk-throughs use
/// which file is `ItemStore`'s business.
public final class VideoStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// A video copied into the store's staging area and hashed, not yet named by any row.
    public struct StagedVideo: Sendable {
        public let sha256: String
        public let byteSize: Int
        let staging: String
    }

    /// Copies the file at `path` (a spooled body, a temporary file) into a staging folder, hashing it.
    public func stage(fileAtPath path: String) throws -> StagedVideo {
        try AtomicFiles.makeFolder(directory)
        let staging = "\(directory)/.staging-\(UUID().uuidString)"
        try AtomicFiles.makeFolder(staging)
        do {
            let (hash, size) = try Self.copyHashing(from: path, to: "\(staging)/original")
            return StagedVideo(sha256: hash, byteSize: size, staging: staging)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Drops a staged video that was not stored.
    public func discard(_ staged: StagedVideo) {
        try? FileManager.default.removeItem(atPath: staged.staging)
    }

    /// The file of a video's bytes.
    public func originalPath(sha256: String) -> String? {
        SHA256.isWellFormed(sha256) ? "\(folder(of: sha256))/original" : nil
    }

    /// Moves a staged video into place (or drops it when the same bytes are there already).
    func commit(_ staged: StagedVideo) throws {
        let final = folder(of: staged.sha256)
        let manager = FileManager.default
        if manager.fileExists(atPath: "\(final)/original") {
            try? manager.removeItem(atPath: staged.staging)
            return
        }
        try AtomicFiles.makeFolder(final.parentPath)
        if manager.fileExists(atPath: final) { try manager.removeItem(atPath: final) }
        try manager.moveItem(atPath: staged.staging, toPath: final)
        try AtomicFiles.syncFolder(final.parentPath)
    }

    /// Removes a video's folder: renamed away first, so it vanishes at once.
    func deleteFiles(sha256: String) {
        guard SHA256.isWellFormed(sha256) else { return }
        AtomicFiles.removeFolderAtOnce(folder(of: sha256))
    }

    private func folder(of sha256: String) -> String {
        "\(directory)/\(sha256.prefix(2))/\(sha256)"
    }

    /// Copies in blocks of 1 MiB, hashing as it goes; fsyncs the copy.
    private static func copyHashing(from source: String, to target: String) throws -> (String, Int) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw AtomicFiles.Failure("cannot open \(source)", errno: errno) }
        defer { close(input) }
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw AtomicFiles.Failure("cannot create \(target)", errno: errno) }
        defer { close(output) }
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        var state = crypto_hash_sha256_state()
        crypto_hash_sha256_init(&state)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw AtomicFiles.Failure("cannot read \(source)", errno: errno) }
            if count == 0 { break }
            _ = buffer.withUnsafeBufferPointer { crypto_hash_sha256_update(&state, $0.baseAddress, UInt64(count)) }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw AtomicFiles.Failure("cannot write \(target)", errno: result < 0 ? errno : EIO) }
                written += result
            }
            total += count
        }
        guard fsync(output) == 0 else { throw AtomicFiles.Failure("cannot write \(target)", errno: errno) }
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256_final(&state, &digest)
        let digits = Array("0123456789abcdef".utf8)
        return (String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }, as: UTF8.self), total)
    }
}
