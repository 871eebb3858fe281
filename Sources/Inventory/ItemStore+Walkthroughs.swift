import Database
import Foundation

/// A place's walk-through videos: the video stored first, its candidate frames later (a background
/// worker makes them and hands them to `finishWalkthrough`). The video's and frames' files follow
/// the rows as photos' do: written before the row names them, deleted once nothing names them.
extension ItemStore {
    /// Records a video already staged in the video store as a new walk-through of `locationID`, its
    /// frames still to be made. The staged file is moved into place, or removed if the row is not written.
    /// A `capture` sent before throws `alreadyCaptured` and stores nothing.
    public func addWalkthrough(to locationID: Location.ID, video: WalkthroughVideo, staged: VideoStore.StagedVideo,
                               capture: Capture? = nil) throws -> Walkthrough {
        let now = clock.now
        do {
            return try images.withFileLock {
                try videos.commit(staged)
                do {
                    return try change { connection in
                        _ = try Self.location(id: locationID, in: connection)
                        try connection.run("""
                            INSERT INTO walkthroughs (household_id, location_id, video_sha256, content_type, byte_size, recorded_ms, seconds, width, height, codec,
                                                      status, added_ms)
                            VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?)
                            """, locationID, staged.sha256, video.contentType, staged.byteSize, Self.milliseconds(video.recordedAt ?? now),
                            video.seconds, video.width, video.height, video.codec, Self.milliseconds(now))
                        let walkthrough = try Self.walkthrough(connection.lastInsertedID(), in: connection)
                        try Self.record(capture, made: .walkthrough(walkthrough.id, of: locationID), at: Self.milliseconds(now), in: connection)
                        return walkthrough
                    }
                } catch {
                    if try household.read({ try Self.isVideoUnused(staged.sha256, in: $0) }) { videos.deleteFiles(sha256: staged.sha256) }
                    throw error
                }
            }
        } catch {
            videos.discard(staged)
            throw error
        }
    }

    public func walkthrough(id: Walkthrough.ID) throws -> Walkthrough {
        try household.read { try Self.walkthrough(id, in: $0) }
    }

    /// The place's walk-throughs, newest recording first.
    public func walkthroughs(of locationID: Location.ID) throws -> [Walkthrough] {
        try household.read { connection in
            try connection.rows("SELECT id FROM walkthroughs WHERE household_id = :household AND location_id = ? ORDER BY recorded_ms DESC, id DESC", locationID) {
                $0.id(0, of: Walkthrough.self)
            }.map { try Self.walkthrough($0, in: connection) }
        }
    }

    /// Every place's walk-throughs, by place, newest recording first: what a backup keeps.
    public func allWalkthroughs() throws -> [Walkthrough] {
        try household.read { try Self.allWalkthroughs(in: $0) }
    }

    static func allWalkthroughs(in connection: HouseholdConnection) throws -> [Walkthrough] {
        try connection.rows("SELECT id FROM walkthroughs WHERE household_id = :household ORDER BY location_id, recorded_ms DESC, id DESC") {
            $0.id(0, of: Walkthrough.self)
        }.map { try Self.walkthrough($0, in: connection) }
    }

    /// The drafts made from each walk-through's frames, with the second each shows.
    static func walkthroughDrafts(in connection: HouseholdConnection) throws -> [Walkthrough.ID: [(item: Item.ID, second: Double)]] {
        var drafts: [Walkthrough.ID: [(item: Item.ID, second: Double)]] = [:]
        try connection.forEachRow("SELECT walkthrough_id, item_id, second FROM walkthrough_drafts WHERE household_id = :household ORDER BY walkthrough_id, second, item_id", []) { row in
            drafts[row.id(0), default: []].append((item: row.id(1), second: row.double(2)))
        }
        return drafts
    }

    /// The walk-throughs whose frames are still to be made (after a restart too), oldest first.
    public func unfinishedWalkthroughs() throws -> [Walkthrough.ID] {
        try household.read { connection in
            try connection.rows("SELECT id FROM walkthroughs WHERE household_id = :household AND status = 'processing' ORDER BY id") { $0.id(0, of: Walkthrough.self) }
        }
    }

    /// Where the walk-through's video is on disk.
    public func videoPath(of walkthrough: Walkthrough) -> String? {
        videos.originalPath(sha256: walkthrough.sha256)
    }

    /// Stores the frames made from the video (prepared by `images.prepare`, off any lock) and marks it
    /// ready. A walk-through deleted meanwhile leaves nothing behind.
    public func finishWalkthrough(_ id: Walkthrough.ID, poster: ImageStore.PreparedImage, frames: [(second: Double, image: ImageStore.PreparedImage)]) throws {
        let prepared = [poster] + frames.map(\.image)
        try images.withFileLock {
            var written: Set<String> = []
            do {
                for image in prepared where try images.storedImage(hash: image.image.hash) == nil && !written.contains(image.image.hash) {
                    written.insert(image.image.hash)
                    try images.writeFiles(image)
                }
                let stored = try change { connection -> Bool in
                    guard try connection.scalar("SELECT 1 FROM walkthroughs WHERE household_id = :household AND id = ? AND status = 'processing'", id) != nil else { return false }
                    for image in prepared.map(\.image) {
                        try connection.run(
                            "INSERT OR IGNORE INTO images (household_id, hash, format, width, height, byte_size, created_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                            image.hash, image.format.rawValue, image.width, image.height, image.byteSize, Self.nowMilliseconds())
                    }
                    for (position, frame) in frames.enumerated() {
                        try connection.run("INSERT INTO walkthrough_frames (household_id, walkthrough_id, position, second, image_hash) VALUES (:household, ?, ?, ?, ?)",
                                           id, position, frame.second, frame.image.image.hash)
                    }
                    try connection.run("UPDATE walkthroughs SET status = 'ready', failure = NULL, poster_hash = ? WHERE household_id = :household AND id = ?", poster.image.hash, id)
                    return true
                }
                if !stored { written.forEach { images.deleteFiles(hash: $0) } }
            } catch {
                written.forEach { images.deleteFiles(hash: $0) }
                throw error
            }
        }
    }

    /// Marks the walk-through's frames as not made, with why; its video stays.
    public func failWalkthrough(_ id: Walkthrough.ID, because failure: WalkthroughFailure) throws {
        _ = try change { connection in
            try connection.run("UPDATE walkthroughs SET status = 'failed', failure = ? WHERE household_id = :household AND id = ? AND status = 'processing'", failure.stored, id)
        }
    }

    /// Deletes a walk-through with its frames, and their files when nothing else uses them.
    public func deleteWalkthrough(_ id: Walkthrough.ID) throws {
        let sha256 = try withFiles { connection -> (String, FilesToDelete) in
            let walkthrough = try Self.walkthrough(id, in: connection)
            try connection.run("DELETE FROM walkthroughs WHERE household_id = :household AND id = ?", id)
            var unused = FilesToDelete()
            for hash in Set(walkthrough.frames.map(\.image.hash) + [walkthrough.poster?.hash].compactMap { $0 })
            where try Self.forgetImageIfUnused(hash, in: connection) {
                unused.images.insert(hash)
            }
            return (try Self.isVideoUnused(walkthrough.sha256, in: connection) ? walkthrough.sha256 : "", unused)
        }
        if !sha256.isEmpty { videos.deleteFiles(sha256: sha256) }
    }

    // MARK: Reading

    static func walkthrough(_ id: Walkthrough.ID, in connection: HouseholdConnection) throws -> Walkthrough {
        let frames = try connection.rows("""
            SELECT walkthrough_frames.second, \(ImageStore.columns) FROM walkthrough_frames JOIN images ON images.household_id = walkthrough_frames.household_id AND images.hash = walkthrough_frames.image_hash
            WHERE walkthrough_frames.household_id = :household AND walkthrough_id = ? ORDER BY position
            """, id) { row in ImageStore.decode(row, from: 1).map { Walkthrough.Frame(second: row.double(0), image: $0) } }.compactMap { $0 }
        guard let walkthrough = try connection.firstRow("""
            SELECT walkthroughs.id, location_id, video_sha256, content_type, walkthroughs.byte_size, recorded_ms, seconds,
                   walkthroughs.width, walkthroughs.height, codec, status, failure, added_ms, \(ImageStore.joinedColumns)
            FROM walkthroughs LEFT JOIN images ON images.household_id = walkthroughs.household_id AND images.hash = walkthroughs.poster_hash
            WHERE walkthroughs.household_id = :household AND walkthroughs.id = ?
            """, id, decode: { row in
                let status: Walkthrough.Status = switch row.string(10) {
                case "ready": .ready
                case "failed": .failed(WalkthroughFailure(stored: row.optionalString(11) ?? ""))
                default: .processing
                }
                return Walkthrough(id: row.id(0), locationID: row.id(1), sha256: row.string(2), contentType: row.string(3), byteSize: row.int(4),
                                   recordedAt: Date(timeIntervalSince1970: Double(row.int64(5)) / 1000), seconds: row.double(6),
                                   width: row.int(7), height: row.int(8), codec: row.string(9), status: status,
                                   poster: ImageStore.decode(row, from: 13), frames: frames,
                                   addedAt: Date(timeIntervalSince1970: Double(row.int64(12)) / 1000))
            }) else { throw InventoryError.walkthroughNotFound(id: id) }
        return walkthrough
    }

    static func isVideoUnused(_ sha256: String, in connection: HouseholdConnection) throws -> Bool {
        try connection.scalar("SELECT 1 FROM walkthroughs WHERE household_id = :household AND video_sha256 = ? LIMIT 1", sha256) == nil
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
