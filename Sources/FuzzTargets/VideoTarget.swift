import Video

/// A stranger's video through the container reader, the decoder and the candidate frames, with
/// limits small enough for a fuzzer: every answer is a `VideoError` or a selection within them.
enum VideoTarget {
    static let limits = VideoLimits(maxSeconds: 120, maxWidth: 1024, maxHeight: 1024, maxDecodedFrames: 600,
                                    maxBytesRead: 8 << 20, maxDecodeTime: .seconds(20))

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let info: VideoInfo
        do { info = try Video.probe(bytes, limits: limits) } catch { return }
        try require(info.seconds.isFinite && info.seconds >= 0 && info.seconds <= limits.maxSeconds, "seconds \(info.seconds)")
        try require(info.codedWidth > 0 && info.codedWidth <= limits.maxWidth, "width \(info.codedWidth)")
        try require(info.codedHeight > 0 && info.codedHeight <= limits.maxHeight, "height \(info.codedHeight)")
        try require([0, 90, 180, 270].contains(info.rotation), "rotation \(info.rotation)")
        let selection: FrameSelection
        do { selection = try Video.candidateFrames(bytes, limits: limits) } catch { return }
        try require(selection.work.framesDecoded <= limits.maxDecodedFrames, "\(selection.work.framesDecoded) frames decoded")
        try require(selection.work.bytesRead <= limits.maxBytesRead + (64 << 10), "\(selection.work.bytesRead) bytes read")
        let seconds = selection.frames.map(\.second)
        try require(seconds == seconds.sorted(), "candidates out of order: \(seconds)")
        for frame in [selection.poster] + selection.frames {
            try require(frame.second >= 0 && frame.second <= limits.maxSeconds, "a candidate at \(frame.second) s")
            try require(frame.jpeg.starts(with: [0xFF, 0xD8]), "a candidate that is not a JPEG")
            try require(frame.width > 0 && frame.height > 0 && max(frame.width, frame.height) <= max(limits.maxWidth, limits.maxHeight),
                        "a candidate of \(frame.width) × \(frame.height)")
        }
    }
}
