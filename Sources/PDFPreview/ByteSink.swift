import CPoppler

/// Bytes cairo writes through a stream callback (a PNG, a PDF), collected for Swift. Handed to cairo
/// as an unretained `Unmanaged` pointer: the caller keeps the sink alive until cairo is done with it.
final class ByteSink {
    var bytes: [UInt8] = []

    /// cairo's `cairo_write_func_t`: a static member, never a closure from top-level code (those are
    /// main-actor isolated, and trap when cairo calls them on another thread).
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
