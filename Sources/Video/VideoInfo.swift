/// What a video is, from its container's tables and its codec's parameters; the duration is that of
/// its samples, never the header's claim.
public struct VideoInfo: Sendable, Equatable {
    public var container: VideoContainer
    public var codec: VideoCodec
    /// Seconds from the first sample to the end of the last.
    public var seconds: Double
    /// The frames' size as coded, before rotation.
    public var codedWidth: Int
    public var codedHeight: Int
    /// Clockwise degrees (0, 90, 180 or 270) the frames are turned to be shown upright, from the
    /// display matrix (a phone held upright records landscape frames turned by 90).
    public var rotation: Int
    /// Frames a second (average), 0 when the container does not say.
    public var framesPerSecond: Double
    /// Video samples listed in the file.
    public var frameCount: Int
    /// When the camera says it recorded the video (the container's `creation_time`, seconds since
    /// 1970 UTC); nil when it does not say, or says 1904 or 1970 (a zero in the `mvhd` box).
    public var recordedAt: Int64? = nil

    /// The size shown, after rotation.
    public var displayWidth: Int { rotation % 180 == 0 ? codedWidth : codedHeight }
    public var displayHeight: Int { rotation % 180 == 0 ? codedHeight : codedWidth }
}

/// The containers read: ISO base media (MP4) and QuickTime (MOV), which phones record.
public enum VideoContainer: String, Sendable, Equatable {
    case mp4
    case mov

    public var mimeType: String { self == .mov ? "video/quicktime" : "video/mp4" }
}

/// The video codecs read: those phones record.
public enum VideoCodec: String, Sendable, Equatable {
    case h264
    case hevc
}
