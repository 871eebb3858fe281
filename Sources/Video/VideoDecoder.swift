import CAV
import Glibc

/// The owner of one AVCodecContext: the video track's samples decoded into frames, with the
/// decoder itself refusing frames larger than the limits allow (before it allocates them).
final class VideoDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private let limits: VideoLimits

    /// - Parameter skipNonReference: skips decoding the frames no other frame refers to (most
    ///   B-frames): for looking at a video a few times a second, never for every frame.
    init(for file: VideoFile, skipNonReference: Bool) throws(VideoError) {
        limits = file.limits
        guard let parameters = file.stream.pointee.codecpar,
              let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .unsupportedCodec(file.info.codec.rawValue)
        }
        context = avcodec_alloc_context3(codec)
        guard let context else { throw .unreadable("out of memory") }
        guard avcodec_parameters_to_context(context, parameters) >= 0 else { throw .damaged("its codec parameters cannot be read") }
        context.pointee.max_pixels = Int64(limits.maxPixels)
        // Frame threads, at most 4: each holds frames of its own, and a server decodes beside its other work.
        context.pointee.thread_count = Int32(min(4, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        if skipNonReference { context.pointee.skip_frame = AVDISCARD_NONREF }
        guard avcodec_open2(context, codec, nil) >= 0 else { throw .damaged("its decoder cannot start") }
    }

    /// Hands a sample to the decoder (nil: the end, so it gives out the frames it holds).
    /// Returns false when the decoder wants its frames taken first (send the same sample again).
    func send(_ packet: Packet?) throws(VideoError) -> Bool {
        let status = avcodec_send_packet(context, packet?.pointer)
        if status == hp_averror_again() { return false }
        if status == hp_averror_eof() { return true }
        guard status >= 0 else { throw failure() }
        return true
    }

    /// The next decoded frame into `frame`; false when the decoder needs more samples or is done.
    func receive(into frame: Frame) throws(VideoError) -> Bool {
        let status = avcodec_receive_frame(context, frame.pointer)
        if status == hp_averror_again() || status == hp_averror_eof() { return false }
        guard status >= 0 else { throw failure() }
        guard frame.width <= limits.maxWidth, frame.height <= limits.maxHeight else {
            throw .tooLarge(width: frame.width, height: frame.height, maxWidth: limits.maxWidth, maxHeight: limits.maxHeight)
        }
        return true
    }

    /// A frame the decoder refused: larger than max_pixels (its size is in the stream, not the
    /// container's header), or damaged.
    private func failure() -> VideoError {
        guard let context else { return .damaged("a frame cannot be decoded") }
        let width = Int(context.pointee.coded_width), height = Int(context.pointee.coded_height)
        if width * height > limits.maxPixels || width > limits.maxWidth || height > limits.maxHeight {
            return .tooLarge(width: width, height: height, maxWidth: limits.maxWidth, maxHeight: limits.maxHeight)
        }
        return .damaged("a frame cannot be decoded")
    }

    deinit { avcodec_free_context(&context) }
}
