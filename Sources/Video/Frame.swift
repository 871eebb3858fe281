import CAV

/// The owner of one AVFrame: a decoded picture (its pixels are reference-counted buffers of the
/// decoder's pool, so a clone holds them without copying).
final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws(VideoError) {
        guard let made = av_frame_alloc() else { throw .unreadable("out of memory") }
        pointer = made
    }

    private init(owning pointer: UnsafeMutablePointer<AVFrame>) { self.pointer = pointer }

    /// A second reference to the same pixels, kept after this frame is reused.
    func clone() throws(VideoError) -> Frame {
        guard let copy = av_frame_clone(pointer) else { throw .unreadable("out of memory") }
        return Frame(owning: copy)
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }

    /// Its presentation timestamp in the stream's time base, as best the decoder knows it.
    var timestamp: Int64? {
        let best = pointer.pointee.best_effort_timestamp
        return best == Int64.min ? nil : best
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&owned)
    }
}
