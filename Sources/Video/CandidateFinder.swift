import CAV
import Imaging

/// Walks a video once, front to back, cutting it into scenes and keeping the sharpest still frame
/// of each. A scene ends where the picture has drifted too far from its first frame (a cut, or the
/// camera moved on to the next thing); the frames looked at (a few a second) are scored by
/// sharpness, more when the camera is at rest; one clone of the best frame so far is all that is
/// held. Candidates whose perceptual hash is close to an earlier one's are dropped.
struct CandidateFinder {
    let file: VideoFile
    let options: CandidateOptions
    /// Asked after each decoded frame: a server shutting down need not wait for a long video.
    let shouldStop: () -> Bool

    private struct Scene {
        let anchor: GreyPicture
        let start: Double
        var end: Double
        var best: (frame: Frame, second: Double, score: Double, sharpness: Double, hash: UInt64, grid: GreyPicture)?
    }

    func run() throws(VideoError) -> FrameSelection {
        let limits = file.limits
        let info = file.info
        let decoder = try VideoDecoder(for: file, skipNonReference: true)
        let packet = try Packet()
        let frame = try Frame()
        let grey = FrameScaler(width: GreyPicture.width, height: GreyPicture.height, format: AV_PIX_FMT_GRAY8, flags: SWS_AREA)
        let scale = min(1, Double(options.longestEdge) / Double(max(info.codedWidth, info.codedHeight)))
        let colour = FrameScaler(width: max(2, Int((Double(info.codedWidth) * scale).rounded())),
                                 height: max(2, Int((Double(info.codedHeight) * scale).rounded())),
                                 format: AV_PIX_FMT_RGB24, flags: SWS_BICUBIC)
        let clock = ContinuousClock()
        let began = clock.now
        var work = DecodeWork()
        var chosen: [CandidateFrame] = []
        var chosenGrids: [GreyPicture] = []
        var scene: Scene?
        var previous: GreyPicture?
        var nextLook = -Double.infinity
        var firstFrame: Frame?
        var firstWithContent: (frame: Frame, second: Double, sharpness: Double, hash: UInt64)?

        func finish(_ scene: Scene) throws(VideoError) {
            guard let best = scene.best, scene.end - scene.start + options.interval >= options.shortestScene else { return }
            // dHash alone took a white receipt for a white plate (both a bright middle on a darker
            // wall); a near-duplicate is also close on the grey grid.
            let duplicate = zip(chosen, chosenGrids).contains { candidate, grid in
                (candidate.hash ^ best.hash).nonzeroBitCount <= options.duplicateBits && grid.distance(to: best.grid) <= options.sceneChange
            }
            if duplicate { return }
            chosen.append(try picture(of: best.frame, second: best.second, sharpness: best.sharpness, hash: best.hash, colour: colour))
            chosenGrids.append(best.grid)
        }

        func look(at frame: Frame, second: Double) throws(VideoError) {
            work.framesLookedAt += 1
            let picture = GreyPicture(pixels: try grey.scale(frame))
            let motion = previous.map { picture.distance(to: $0) } ?? 0
            previous = picture
            if scene == nil || picture.distance(to: scene!.anchor) > options.sceneChange {
                if let ended = scene { try finish(ended) }
                scene = Scene(anchor: picture, start: second, end: second)
            }
            scene!.end = second
            guard picture.contrast >= options.leastContrast else { return }
            let sharpness = picture.sharpness
            let score = motion <= options.atRest ? sharpness * 2 : sharpness / (1 + motion - options.atRest)
            if firstWithContent == nil { firstWithContent = (try frame.clone(), second, sharpness, picture.differenceHash) }
            if score > scene!.best?.score ?? -1 {
                scene!.best = (try frame.clone(), second, score, sharpness, picture.differenceHash, picture)
            }
        }

        func drain() throws(VideoError) {
            while try decoder.receive(into: frame) {
                work.framesDecoded += 1
                guard !shouldStop() else { throw .stopped }
                guard work.framesDecoded <= limits.maxDecodedFrames else {
                    throw .tooMuchWork("more than \(limits.maxDecodedFrames) frames")
                }
                guard clock.now - began <= limits.maxDecodeTime else { throw .tooMuchWork("longer than \(limits.maxDecodeTime)") }
                let second = frame.timestamp.map(file.seconds(at:)) ?? nextLook
                guard second <= limits.maxSeconds else { throw .tooLong(seconds: second, limit: limits.maxSeconds) }
                if firstFrame == nil { firstFrame = try frame.clone() }
                if second >= nextLook {
                    try look(at: frame, second: max(0, second))
                    nextLook = second + options.interval * 0.95
                }
            }
        }

        let sizes = FrameSizeParser(for: file)
        while try file.read(into: packet) {
            work.samplesRead += 1
            if let size = sizes.size(of: packet), size.width > limits.maxWidth || size.height > limits.maxHeight {
                throw .tooLarge(width: size.width, height: size.height, maxWidth: limits.maxWidth, maxHeight: limits.maxHeight)
            }
            while !(try decoder.send(packet)) { try drain() }
            try drain()
        }
        _ = try decoder.send(nil)
        try drain()
        if let last = scene { try finish(last) }
        work.bytesRead = file.bytesRead

        let poster: CandidateFrame
        if let first = chosen.first {
            poster = first
        } else if let content = firstWithContent {
            poster = try picture(of: content.frame, second: content.second, sharpness: content.sharpness, hash: content.hash, colour: colour)
        } else if let firstFrame {
            poster = try picture(of: firstFrame, second: 0, sharpness: 0, hash: 0, colour: colour)
        } else {
            throw .damaged("no frame could be decoded")
        }
        return FrameSelection(info: info, frames: chosen, poster: poster, work: work)
    }

    private func picture(of frame: Frame, second: Double, sharpness: Double, hash: UInt64, colour: FrameScaler) throws(VideoError) -> CandidateFrame {
        let raster = RasterImage(width: colour.width, height: colour.height, bands: 3, pixels: try colour.scale(frame))
        let jpeg: [UInt8]
        do { jpeg = try raster.jpeg(quality: options.jpegQuality, rotatedClockwise: file.info.rotation) } catch {
            throw .unreadable("a frame cannot be encoded: \(error)")
        }
        let turned = file.info.rotation % 180 != 0
        return CandidateFrame(second: second, jpeg: jpeg, width: turned ? colour.height : colour.width,
                              height: turned ? colour.width : colour.height, sharpness: sharpness, hash: hash)
    }
}
