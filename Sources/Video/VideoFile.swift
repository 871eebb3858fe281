import CAV
import Glibc
import RegularFiles

/// An MP4 or MOV video opened for reading: the owner of its AVFormatContext (with the custom
/// AVIOContext inside it) and of the source that context reads, a descriptor or a copy of bytes.
/// Opening reads the container's tables only, checks them against the limits, and describes the
/// video (`info`); `read(into:)` then hands out the video track's samples one by one.
final class VideoFile {
    let info: VideoInfo
    let limits: VideoLimits
    let streamIndex: Int32
    /// The stream's time base, seconds per tick.
    let secondsPerTick: Double
    /// The timestamp shown at second 0: the stream's start, or 0. (Not the first sample's
    /// timestamp in the index, which is a decoding time: with B-frames it is two frames early, and
    /// every candidate was then placed two frames late, after a cut it was taken before.)
    let firstTimestamp: Int64
    private let context: UnsafeMutablePointer<AVFormatContext>
    private let source: UnsafeMutablePointer<HpVideoSource>
    private let memory: UnsafeMutableBufferPointer<UInt8>?

    /// Opens the file at `path` (a regular file only, opened without waiting).
    convenience init(path: String, limits: VideoLimits) throws(VideoError) {
        let file: RegularFileDescriptor
        switch RegularFileDescriptor.open(path) {
        case .success(let opened): file = opened
        case .failure(.cannotOpen(let code)): throw .unreadable(String(cString: strerror(code)))
        case .failure(.notRegular): throw .unreadable("not a regular file")
        }
        var source = HpVideoSource()
        source.fd = file.descriptor
        source.length = file.size
        try self.init(source: source, memory: nil, limits: limits)
    }

    /// Reads a copy of `bytes` (fuzzing, tests).
    convenience init(bytes: [UInt8], limits: VideoLimits) throws(VideoError) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        var source = HpVideoSource()
        source.fd = -1
        source.data = UnsafePointer(memory.baseAddress)
        source.length = Int64(bytes.count)
        try self.init(source: source, memory: memory, limits: limits)
    }

    private init(source value: HpVideoSource, memory: UnsafeMutableBufferPointer<UInt8>?, limits: VideoLimits) throws(VideoError) {
        _ = Self.quiet
        var value = value
        value.byte_limit = limits.maxBytesRead
        let source = UnsafeMutablePointer<HpVideoSource>.allocate(capacity: 1)
        source.initialize(to: value)
        func release() {
            if source.pointee.fd >= 0 { close(source.pointee.fd) }
            source.deallocate()
            memory?.deallocate()
        }
        // The first bytes say what the file is, whatever its name.
        var prefix = [UInt8](repeating: 0, count: ContainerSniff.prefixLength)
        let got = prefix.withUnsafeMutableBufferPointer { hp_video_read(source, $0.baseAddress, Int32($0.count)) }
        prefix = got > 0 ? Array(prefix.prefix(Int(got))) : []
        source.pointee.position = 0
        let container: VideoContainer
        switch ContainerSniff.container(of: prefix) {
        case .success(let found): container = found
        case .failure(let error): release(); throw error
        }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let status = hp_video_open(source, &opened)
        guard status >= 0, let opened else {
            let overLimit = source.pointee.over_limit != 0
            release()
            throw overLimit ? .tooMuchWork("more than \(limits.maxBytesRead) bytes read") : .damaged("its container cannot be read: it may be cut off")
        }
        do {
            let described = try Self.describe(opened, container: container, length: value.length, limits: limits)
            self.info = described.info
            self.streamIndex = described.stream
            self.secondsPerTick = described.secondsPerTick
            self.firstTimestamp = described.firstTimestamp
        } catch {
            hp_video_close(opened)
            release()
            throw error
        }
        self.context = opened
        self.source = source
        self.memory = memory
        self.limits = limits
    }

    /// Bytes read from the file so far (headers, samples, seeks).
    var bytesRead: Int64 { source.pointee.bytes_read }

    var stream: UnsafeMutablePointer<AVStream> { hp_video_stream(context, streamIndex) }

    /// The video track's next sample into `packet`; false at the end of the file.
    func read(into packet: Packet) throws(VideoError) -> Bool {
        while true {
            packet.unref()
            let status = av_read_frame(context, packet.pointer)
            if status == hp_averror_eof() { return false }
            if status < 0 {
                if source.pointee.over_limit != 0 { throw .tooMuchWork("more than \(limits.maxBytesRead) bytes read") }
                throw .damaged("a sample cannot be read")
            }
            if packet.pointer.pointee.stream_index == streamIndex { return true }
        }
    }

    /// Seconds from the start of a timestamp in the stream's time base.
    func seconds(at timestamp: Int64) -> Double {
        Double(timestamp &- firstTimestamp) * secondsPerTick
    }

    deinit {
        hp_video_close(context)
        if source.pointee.fd >= 0 { close(source.pointee.fd) }
        source.deallocate()
        memory?.deallocate()
    }

    private static let quiet: Void = hp_av_quiet()

    private static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, container: VideoContainer, length: Int64,
                                 limits: VideoLimits) throws(VideoError)
        -> (info: VideoInfo, stream: Int32, secondsPerTick: Double, firstTimestamp: Int64) {
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = hp_video_stream(context, index), let parameters = stream.pointee.codecpar else {
            throw .noVideoTrack
        }
        for other in 0..<Int32(context.pointee.nb_streams) where other != index {
            hp_video_stream(context, other)?.pointee.discard = AVDISCARD_ALL
        }
        let codec: VideoCodec
        switch parameters.pointee.codec_id {
        case AV_CODEC_ID_H264: codec = .h264
        case AV_CODEC_ID_HEVC: codec = .hevc
        case let other: throw .unsupportedCodec(Self.codecName(other))
        }
        let width = Int(parameters.pointee.width), height = Int(parameters.pointee.height)
        guard width > 0, height > 0 else { throw .damaged("its frames have no size") }
        guard width <= limits.maxWidth, height <= limits.maxHeight else {
            throw .tooLarge(width: width, height: height, maxWidth: limits.maxWidth, maxHeight: limits.maxHeight)
        }
        let timeBase = stream.pointee.time_base
        guard timeBase.num > 0, timeBase.den > 0 else { throw .damaged("its track has no time base") }
        let secondsPerTick = Double(timeBase.num) / Double(timeBase.den)
        // The samples' own timestamps, never the header's declared duration (which can say 10 hours).
        var table = HpSampleTable()
        hp_video_samples(stream, length, &table)
        guard table.count > 0 else { throw .damaged("it has no frames") }
        if table.first_missing_timestamp != Int64.min {
            throw .truncated(seconds: max(0, Double(table.first_missing_timestamp &- table.first_timestamp) * secondsPerTick))
        }
        let rates: [AVRational] = [stream.pointee.avg_frame_rate, stream.pointee.r_frame_rate]
        let rate: Double = rates.first { $0.num > 0 && $0.den > 0 }.map { Double($0.num) / Double($0.den) } ?? 0
        let span = Double(table.last_timestamp &- table.first_timestamp) * secondsPerTick
        // The last sample lasts as long as the others on average.
        let lastSample: Double = table.count > 1 ? span / Double(table.count - 1) : 0
        let seconds = span + lastSample
        guard seconds.isFinite, seconds >= 0 else { throw .damaged("its timestamps cannot be read") }
        guard seconds <= limits.maxSeconds else { throw .tooLong(seconds: seconds, limit: limits.maxSeconds) }
        let info = VideoInfo(container: container, codec: codec, seconds: seconds, codedWidth: width, codedHeight: height,
                             rotation: Self.clockwiseQuarterTurns(hp_video_rotation(stream)) * 90,
                             framesPerSecond: rate, frameCount: Int(table.count),
                             recordedAt: Self.creationTime(context))
        let start = stream.pointee.start_time
        return (info, index, secondsPerTick, start == Int64.min ? 0 : start)
    }

    /// The container's `creation_time` (`2024-03-01T12:00:00.000000Z`) as seconds since 1970 UTC.
    private static func creationTime(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int64? {
        guard let entry = av_dict_get(context.pointee.metadata, "creation_time", nil, 0), let value = entry.pointee.value else { return nil }
        let text = Array(String(cString: value).utf8.prefix(19))
        guard text.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var result: Int32 = 0
            for byte in text[range] {
                guard (48...57).contains(byte) else { return nil }
                result = result * 10 + Int32(byte - 48)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year > 1970, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        return seconds > 0 ? Int64(seconds) : nil
    }

    /// libavutil's counter-clockwise angle as clockwise quarter turns (0–3), to the nearest.
    private static func clockwiseQuarterTurns(_ counterClockwise: Double) -> Int {
        let turns = Int((-counterClockwise / 90).rounded())
        return ((turns % 4) + 4) % 4
    }

    private static func codecName(_ id: AVCodecID) -> String {
        guard let name = avcodec_get_name(id) else { return "an unknown codec" }
        return String(cString: name).uppercased()
    }
}
