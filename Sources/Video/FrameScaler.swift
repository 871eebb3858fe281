import CAV

/// The owner of one SwsContext: decoded frames converted and scaled into one packed plane (grey
/// for analysis, RGB for a candidate's picture). Remade when a frame's size or format changes.
final class FrameScaler {
    let width: Int
    let height: Int
    private let format: AVPixelFormat
    private let bytesPerPixel: Int
    private let flags: Int32
    private var context: OpaquePointer?

    init(width: Int, height: Int, format: AVPixelFormat, flags: Int32) {
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerPixel = format == AV_PIX_FMT_RGB24 ? 3 : 1
        self.flags = flags
    }

    /// The frame's pixels at this scaler's size and format, rows packed.
    func scale(_ frame: Frame) throws(VideoError) -> [UInt8] {
        let source = frame.pointer.pointee
        context = sws_getCachedContext(context, source.width, source.height, AVPixelFormat(source.format),
                                       Int32(width), Int32(height), format, flags, nil, nil, nil)
        guard let context else { throw .damaged("a frame of \(source.width) × \(source.height) cannot be converted") }
        let stride = width * bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let rows = pixels.withUnsafeMutableBufferPointer {
            hp_sws_scale_frame(context, frame.pointer, $0.baseAddress, Int32(stride))
        }
        guard rows == Int32(height) else { throw .damaged("a frame cannot be converted") }
        return pixels
    }

    deinit { sws_freeContext(context) }
}
