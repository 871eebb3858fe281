/// Videos from a phone (MP4 or MOV, H.264 or HEVC) read through libavformat and libavcodec:
/// what a video is, and the frames worth making items from. Everything else is refused with a
/// `VideoError` saying so (Matroska/WebM, AVI, MPEG-TS, Ogg, other codecs). Files from strangers
/// are hostile: every `VideoLimits` is checked against what is read and decoded.
public enum Video {
    /// What the video at `path` is, from its container's tables (no frame is decoded).
    public static func probe(fileAtPath path: String, limits: VideoLimits = .walkThrough) throws(VideoError) -> VideoInfo {
        try VideoFile(path: path, limits: limits).info
    }

    /// The same from bytes in memory.
    public static func probe(_ bytes: [UInt8], limits: VideoLimits = .walkThrough) throws(VideoError) -> VideoInfo {
        try VideoFile(bytes: bytes, limits: limits).info
    }

    /// The video's candidate frames and poster, decoded front to back once. Runs on the calling
    /// thread (and the decoder's own threads) for as long as the video takes: call it on a worker.
    /// `shouldStop` is asked after each decoded frame: true ends it with `VideoError.stopped`.
    public static func candidateFrames(fileAtPath path: String, limits: VideoLimits = .walkThrough,
                                       options: CandidateOptions = CandidateOptions(),
                                       shouldStop: @escaping () -> Bool = { false }) throws(VideoError) -> FrameSelection {
        try CandidateFinder(file: VideoFile(path: path, limits: limits), options: options, shouldStop: shouldStop).run()
    }

    /// The same from bytes in memory (fuzzing, tests).
    public static func candidateFrames(_ bytes: [UInt8], limits: VideoLimits = .walkThrough,
                                       options: CandidateOptions = CandidateOptions()) throws(VideoError) -> FrameSelection {
        try CandidateFinder(file: VideoFile(bytes: bytes, limits: limits), options: options, shouldStop: { false }).run()
    }
}
