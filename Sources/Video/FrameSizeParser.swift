import CAV

/// The owner of one AVCodecParserContext: reads the frame size a key frame's parameter sets
/// declare (H.264 SPS, HEVC SPS) without decoding it. The decoder refuses frames beyond the limit
/// too (max_pixels) but only drops them, silently; this says why, before any frame is allocated.
final class FrameSizeParser {
    private let parser: UnsafeMutablePointer<AVCodecParserContext>?
    private let context: UnsafeMutablePointer<AVCodecContext>?

    init(for file: VideoFile) {
        let parameters = file.stream.pointee.codecpar
        parser = parameters.flatMap { av_parser_init(Int32(bitPattern: $0.pointee.codec_id.rawValue)) }
        parser?.pointee.flags |= PARSER_FLAG_COMPLETE_FRAMES
        // The parser reads the parameter sets of MP4's avcC/hvcC from its codec context's extradata.
        var made = avcodec_alloc_context3(nil)
        if let parameters, made != nil, avcodec_parameters_to_context(made, parameters) < 0 { avcodec_free_context(&made) }
        context = made
    }

    /// The coded size a key frame declares, or nil when the parser cannot tell.
    func size(of packet: Packet) -> (width: Int, height: Int)? {
        guard let parser, let context, packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { return nil }
        var out: UnsafeMutablePointer<UInt8>?
        var outSize: Int32 = 0
        let sample = packet.pointer.pointee
        _ = av_parser_parse2(parser, context, &out, &outSize, sample.data, sample.size, sample.pts, sample.dts, sample.pos)
        let width = Int(parser.pointee.coded_width), height = Int(parser.pointee.coded_height)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    deinit {
        if let parser { av_parser_close(parser) }
        var owned = context
        avcodec_free_context(&owned)
    }
}
