import Foundation
@preconcurrency import Glibc

/// A request body as it arrives: in memory while it is small and the server's memory budget for
/// bodies lasts, else in an unnamed file in the spool directory, read back only by the worker that
/// handles the request. Belongs to one pending request; its reservations end with it.
final class BodyBuffer: @unchecked Sendable {
    enum Failure: Error {
        /// The spool budget is spent: others' bodies take the room.
        case busy
        /// The spool file could not be made or written (a full disk, above all).
        case storage(errno: Int32)
    }

    private let budget: BodyBudget
    private let largestInMemory: Int
    private let spoolDirectory: String
    private var bytes: [UInt8] = []
    private var file: Int32 = -1
    private var memoryReserved = 0
    private var spoolReserved = 0
    private(set) var count = 0

    var isSpooled: Bool { file >= 0 }

    /// Reserves room for a body of `declaredLength` bytes (nil: sent in chunks, length unknown).
    init(declaredLength: Int?, budget: BodyBudget, largestInMemory: Int, spoolDirectory: String) throws(Failure) {
        self.budget = budget
        self.largestInMemory = largestInMemory
        self.spoolDirectory = spoolDirectory
        guard let declaredLength else { return }
        if declaredLength <= largestInMemory, budget.reserveMemory(declaredLength) {
            memoryReserved = declaredLength
            bytes.reserveCapacity(declaredLength)
        } else {
            try startSpooling(reserving: declaredLength)
        }
    }

    func append(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        if file < 0, count + chunk.count > memoryReserved {
            let more = count + chunk.count - memoryReserved
            if count + chunk.count <= largestInMemory, budget.reserveMemory(more) {
                memoryReserved += more
            } else {
                try startSpooling(reserving: count + chunk.count)
            }
        }
        if file >= 0 {
            if count + chunk.count > spoolReserved {
                guard budget.reserveSpool(count + chunk.count - spoolReserved) else { throw .busy }
                spoolReserved = count + chunk.count
            }
            try write(chunk)
        } else {
            bytes.append(contentsOf: chunk)
        }
        count += chunk.count
    }

    /// The body, taken out of the buffer: read back from the spool file when it is in one (a worker's
    /// job: this is file work).
    func take() throws(Failure) -> [UInt8] {
        guard file >= 0 else {
            defer { bytes = [] }
            return bytes
        }
        var failure: Int32 = 0
        let contents = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var offset = 0
            while offset < count {
                let read = pread(file, buffer.baseAddress! + offset, count - offset, off_t(offset))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { failure = read < 0 ? errno : EIO; break }
                offset += read
            }
            initialized = offset
        }
        guard failure == 0 else { throw .storage(errno: failure) }
        return contents
    }

    /// The spool file itself, handed over (nil when the body is in memory).
    func takeFile() -> RequestBodyFile? {
        guard file >= 0 else { return nil }
        defer { file = -1 }
        return RequestBodyFile(descriptor: file, byteCount: count)
    }

    /// Moves what is in memory to a new spool file, which takes every byte from now on.
    private func startSpooling(reserving total: Int) throws(Failure) {
        guard budget.reserveSpool(total) else { throw .busy }
        spoolReserved = total
        var template = Array((spoolDirectory.hasSuffix("/") ? spoolDirectory : spoolDirectory + "/").utf8CString.dropLast())
            + Array("homepwner-body-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .storage(errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // Unnamed at once: nothing is left behind, whatever happens to the process later.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        file = descriptor
        let held = bytes
        bytes = []
        budget.releaseMemory(memoryReserved)
        memoryReserved = 0
        let failure = held.withUnsafeBytes { chunk -> Failure? in
            do throws(Failure) { try write(chunk) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    private func write(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < chunk.count {
            let written = Glibc.write(file, chunk.baseAddress! + offset, chunk.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .storage(errno: written < 0 ? errno : EIO) }
            offset += written
        }
    }

    deinit {
        budget.releaseMemory(memoryReserved)
        budget.releaseSpool(spoolReserved)
        if file >= 0 { close(file) }
    }
}
