import CPangoCairo
import Glibc

/// The descriptor cairo's PDF stream is written to, through a buffer (cairo writes many small
/// pieces); the first failed write is kept as the reason, and every later write fails at once.
final class FileSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let bufferSize = 1 << 18
    private(set) var failure: String?
    /// The errno of the failed write, 0 while none failed.
    private(set) var failureErrno: Int32 = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(bufferSize)
    }

    /// cairo's `cairo_write_func_t`: a static member, never a closure from top-level code (those are
    /// main-actor isolated, and trap when cairo calls them on another thread). The closure is an
    /// unretained `FileSink` that the canvas keeps alive until the surface is finished.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<FileSink>.fromOpaque(closure).takeUnretainedValue()
        return sink.append(UnsafeBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard failure == nil else { return false }
        if buffer.count + bytes.count > bufferSize {
            guard flush() else { return false }
        }
        if bytes.count >= bufferSize { return writeAll(UnsafeRawBufferPointer(bytes)) }
        buffer.append(contentsOf: bytes)
        return true
    }

    /// Writes out what is buffered; false (with `failure` set) when the file cannot take it.
    @discardableResult
    func flush() -> Bool {
        guard failure == nil else { return false }
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failureErrno = errno
                failure = String(cString: strerror(failureErrno))
                return false
            }
            offset += written
        }
        return true
    }
}
