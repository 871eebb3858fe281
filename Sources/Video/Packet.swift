import CAV

/// The owner of one AVPacket: a sample read from the container, reused for every read.
final class Packet {
    private(set) var pointer: UnsafeMutablePointer<AVPacket>

    init() throws(VideoError) {
        guard let made = av_packet_alloc() else { throw .unreadable("out of memory") }
        pointer = made
    }

    func unref() { av_packet_unref(pointer) }

    deinit {
        var owned: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&owned)
    }
}
