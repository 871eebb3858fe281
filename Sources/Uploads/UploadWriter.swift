@preconcurrency import Glibc
import Synchronization

/// One request's writing into an upload, from its offset: the bytes go straight into the upload's
/// file as they arrive. It ends once: `finish` (the request's body is in: the new offset counts,
/// when its checksum matches), `keepWhatArrived` (the connection dropped: the bytes that arrived
/// count, unless a checksum was promised) or `discard` (refused: nothing of it counts). Until then
/// the upload is taken; every ending gives it back.
public final class UploadWriter: Sendable {
    public let upload: Upload
    private let store: UploadStore
    private let state: Mutex<State>

    private struct State: @unchecked Sendable {
        var descriptor: Int32
        var written = 0
        var digest: ChunkDigest?
        var isOpen = true
    }

    init(store: UploadStore, upload: Upload, descriptor: Int32, digest: ChunkDigest?) {
        self.store = store
        self.upload = upload
        state = Mutex(State(descriptor: descriptor, digest: digest))
    }

    /// Bytes written by this request so far.
    public var written: Int { state.withLock { $0.written } }

    /// Room left in the upload after what this request wrote.
    public var remaining: Int { upload.length - upload.offset - written }

    /// Writes the next bytes at the upload's offset plus what came before them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(UploadError) {
        try state.withLock { state throws(UploadError) in
            guard state.isOpen else { return }
            guard state.written + bytes.count <= upload.length - upload.offset else { throw .pastLength(length: upload.length) }
            var done = 0
            while done < bytes.count {
                let count = pwrite(state.descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(upload.offset + state.written + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw .storage(errno: count < 0 ? errno : EIO) }
                done += count
            }
            state.digest?.update(bytes)
            state.written += bytes.count
        }
    }

    /// The body is in. With a checksum, the chunk counts only when `expectedDigest` is its digest
    /// (answers false, nothing kept, when not); answers the upload as it now stands.
    public func finish(expectedDigest: [UInt8]? = nil) throws -> (upload: Upload, checksumMatched: Bool) {
        let closed = close()
        guard let written = closed.written else { return (upload, false) }
        let digest = closed.digest
        defer { store.release(upload.id) }
        if let digest, digest.finish() != expectedDigest {
            return (try store.upload(id: upload.id, account: upload.accountID) ?? upload, false)
        }
        return (try store.setOffset(upload.offset + written, of: upload.id) ?? upload, true)
    }

    /// The connection went before the body was in: what arrived counts (a client resumes after
    /// it), unless the client promised a checksum, which a part cannot be checked against.
    public func keepWhatArrived() {
        let (written, digest) = close()
        guard let written else { return }
        defer { store.release(upload.id) }
        if digest == nil, written > 0 { _ = try? store.setOffset(upload.offset + written, of: upload.id) }
    }

    /// Nothing of this request counts (a refusal): the upload stays at its offset.
    public func discard() {
        guard close().written != nil else { return }
        store.release(upload.id)
    }

    /// Closes the file once; nil when it was closed already.
    private func close() -> (written: Int?, digest: ChunkDigest?) {
        state.withLock { state in
            guard state.isOpen else { return (nil, nil) }
            state.isOpen = false
            Glibc.close(state.descriptor)
            return (state.written, state.digest)
        }
    }
}
