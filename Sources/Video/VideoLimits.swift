/// How much of a stranger's video is read. Every limit is checked against what is actually read and
/// decoded (samples' timestamps, decoded frames' sizes, bytes read), not only against what the
/// container's header claims: a header can say 10 hours of 8K frames over 8 seconds of 640 × 360.
public struct VideoLimits: Sendable, Equatable {
    /// The longest video, in seconds of its samples.
    public var maxSeconds: Double
    /// The widest and tallest frame (coded, before rotation).
    public var maxWidth: Int
    public var maxHeight: Int
    /// Frames decoded in all (the decoder's own count, skipped frames excluded).
    public var maxDecodedFrames: Int
    /// Bytes read from the file in all (headers, samples, seeks).
    public var maxBytesRead: Int64
    /// Time spent reading and decoding one video.
    public var maxDecodeTime: Duration

    public init(maxSeconds: Double = 15 * 60, maxWidth: Int = 4096, maxHeight: Int = 4096,
                maxDecodedFrames: Int = 15 * 60 * 60, maxBytesRead: Int64 = 4 << 30,
                maxDecodeTime: Duration = .seconds(15 * 60)) {
        self.maxSeconds = maxSeconds
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxDecodedFrames = maxDecodedFrames
        self.maxBytesRead = maxBytesRead
        self.maxDecodeTime = maxDecodeTime
    }

    /// A phone's walk-through: up to 15 minutes of 4K (either way up) at up to 60 frames a second.
    public static let walkThrough = VideoLimits()

    /// The largest frame in pixels (what the decoder is told to refuse beyond).
    var maxPixels: Int { maxWidth * maxHeight }
}
