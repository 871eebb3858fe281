import Archive
import Database
import Foundation
import Imaging
import Messages
import Video

/// Our own export read back into an empty inventory, all or nothing: once the import's door has
/// unpacked the zip (as a stranger's file), `homepwner.json` is checked whole, every file is checked
/// against its SHA-256, and only then are the files and rows written, in one transaction; if
/// anything fails, the files it wrote are removed again. Ids, order, versions and dates are kept,
/// so the items read back exactly as they were.
extension ItemStore {
    /// The preview of our own export unpacked in `folder`: what it holds, and why it cannot be imported
    /// (a damaged manifest, an inventory that is not empty).
    func planExport(in folder: String) throws -> ImportPlan {
        let (plan, _) = try exportPlan(in: folder)
        return plan
    }

    /// Imports our own export unpacked in `folder`, whose files `ZipReader` checked on the way out.
    func applyExport(in folder: String) throws -> ImportPlan {
        let (plan, checked) = try exportPlan(in: folder)
        guard let checked, plan.canImport else { throw ImportRefused(plan: plan) }
        do {
            try write(checked, from: folder)
        } catch let error as InventoryArchiveError {
            throw ImportRefused(plan: plan.refused(by: error))
        }
        return plan
    }

    private func exportPlan(in folder: String) throws -> (ImportPlan, ArchiveImportPlan?) {
        let currency = try household.read { try Self.currency(in: $0) }
        let checked: ArchiveImportPlan
        do throws(InventoryArchiveError) {
            checked = try ArchiveImportPlan(try Self.readManifest(in: folder))
        } catch {
            return (ImportPlan(currency: currency, format: .homepwnerExport).refused(by: error), nil)
        }
        let plan = ImportPlan(checked)
        do {
            try household.read { try Self.checkEmpty(in: $0) }
        } catch let error as InventoryArchiveError {
            return (plan.refused(by: error), checked)
        }
        return (plan, checked)
    }

    private static func readManifest(in folder: String) throws(InventoryArchiveError) -> InventoryManifest {
        guard let bytes = FileManager.default.contents(atPath: "\(folder)/\(InventoryManifest.fileName)") else {
            throw .notAnExport(Message("error.archive.no-manifest", "This is not a Homepwner export (it holds no \(InventoryManifest.fileName)). "
                                       + "Choose a file made by Export → Homepwner export.", ["file": .text(InventoryManifest.fileName)]))
        }
        do {
            return try JSONDecoder().decode(InventoryManifest.self, from: bytes)
        } catch let DecodingError.keyNotFound(key, context) {
            let field = Self.where(context.codingPath + [key])
            throw .invalidManifest(Message("error.archive.manifest.missing", "\(field) is missing.", ["field": .text(field)]))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            // The decoder's own words (“Expected to decode Int but found a string instead.”) stay as it wrote them.
            let field = Self.where(context.codingPath)
            throw .invalidManifest(Message("error.archive.manifest.wrong-kind", "\(field) is not of the right kind: \(context.debugDescription)",
                                           ["field": .text(field), "detail": .text(context.debugDescription)]))
        } catch {
            throw .invalidManifest(Message("error.archive.manifest.not-json", "it is not JSON that can be read."))
        }
    }

    /// `items[3].photos[0].sha256`: where in the manifest.
    private static func `where`(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }

    private static func checkEmpty(in connection: HouseholdConnection) throws {
        let items = Int(try connection.scalar("SELECT count(*) FROM items WHERE household_id = :household") ?? 0)
        let locations = Int(try connection.scalar("SELECT count(*) FROM locations WHERE household_id = :household") ?? 0)
        guard items == 0, locations == 0 else { throw InventoryArchiveError.inventoryNotEmpty(items: items, locations: locations) }
    }

    /// The file `file` of the unpacked export, checked to be the bytes `sha256` names.
    private static func bytes(of file: ArchiveImportPlan.ArchiveFile, sha256: String, in folder: String) throws(InventoryArchiveError) -> [UInt8] {
        guard let path = try? ArchivePath(file.path), let data = FileManager.default.contents(atPath: "\(folder)/\(path)") else {
            throw .damagedFile(path: file.path, Self.missing(file.path))
        }
        let bytes = [UInt8](data)
        guard SHA256.hex(bytes) == sha256 else { throw .damagedFile(path: file.path, Self.notItsSHA256(file.path)) }
        return bytes
    }

    private static func missing(_ path: String) -> Message {
        Message("error.archive.file.missing", "The export’s \(path) is missing from the zip.", ["path": .text(path)])
    }

    private static func notItsSHA256(_ path: String) -> Message {
        Message("error.archive.file.not-its-sha256", "The export’s \(path) is not the file its SHA-256 names.", ["path": .text(path)])
    }

    private func write(_ plan: ArchiveImportPlan, from folder: String) throws {
        try images.withFileLock {
            try documents.withFileLock {
                var writtenImages: [String] = [], writtenDocuments: [String] = [], writtenVideos: [String] = []
                do {
                    var storedImages: [String: StoredImage] = [:]
                    var storedDocuments: [String: (type: DocumentType, size: Int, hasThumbnail: Bool)] = [:]
                    // One file at a time: prepared (renditions, thumbnails), written, let go.
                    for photo in plan.items.flatMap(\.photos) where storedImages[photo.sha256] == nil {
                        let prepared: ImageStore.PreparedImage
                        do { prepared = try images.prepare(try Self.bytes(of: photo.file, sha256: photo.sha256, in: folder)) } catch let error as ImagingError {
                            let reason = ImportAttachment.wording(error), path = photo.file.path
                            throw InventoryArchiveError.damagedFile(path: path, Message("error.archive.file.not-a-photo", "The export’s \(path) is not a photo Homepwner can use: "
                                                                                        + "\(reason.english).", ["path": .text(path), "reason": .message(reason)]))
                        }
                        if !FileManager.default.fileExists(atPath: images.originalPath(of: prepared.image)) {
                            try images.writeFiles(prepared)
                            writtenImages.append(prepared.image.hash)
                        }
                        storedImages[photo.sha256] = prepared.image
                    }
                    for document in plan.items.flatMap(\.documents) where storedDocuments[document.sha256] == nil {
                        let prepared: DocumentStore.PreparedDocument
                        do { prepared = try documents.prepare(try Self.bytes(of: document.file, sha256: document.sha256, in: folder)) } catch InventoryError.unsupportedDocumentType {
                            let path = document.file.path
                            // The kinds written out (`DocumentType.acceptedList`, a test checks), so each language lists them in its own words.
                            throw InventoryArchiveError.damagedFile(path: path, Message("error.archive.file.document-kind", "The export’s \(path) is not a kind of document "
                                                                                        + "Homepwner keeps (PDF, images (JPEG, PNG, WebP, GIF, TIFF, HEIC/HEIF and AVIF) "
                                                                                        + "and plain UTF-8 text).", ["path": .text(path)]))
                        }
                        guard prepared.type.contentType == document.contentType else {
                            let path = document.file.path, found = prepared.type.contentType
                            throw InventoryArchiveError.damagedFile(path: path, Message("error.archive.file.content-type", "The export’s \(path) is \(found), "
                                                                                        + "not the \(document.contentType) its manifest says.",
                                                                                        ["path": .text(path), "found": .text(found), "said": .text(document.contentType)]))
                        }
                        if let path = documents.originalPath(sha256: document.sha256), !FileManager.default.fileExists(atPath: path) {
                            try documents.writeFiles(prepared)
                            writtenDocuments.append(document.sha256)
                        }
                        storedDocuments[document.sha256] = (prepared.type, prepared.bytes.count, prepared.thumbnail != nil)
                    }
                    var storedVideos: [String: (info: VideoInfo, size: Int)] = [:]
                    for walkthrough in plan.walkthroughs where storedVideos[walkthrough.sha256] == nil {
                        let (info, size, written) = try storeVideo(walkthrough, from: folder)
                        if written { writtenVideos.append(walkthrough.sha256) }
                        storedVideos[walkthrough.sha256] = (info, size)
                    }
                    try change { connection in
                        try Self.checkEmpty(in: connection)
                        try connection.run("INSERT INTO settings (household_id, key, value) VALUES (:household, 'currency', ?) ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value",
                                           plan.currency.code)
                        if !plan.keepsOfflineCopy {
                            try connection.run("INSERT INTO settings (household_id, key, value) VALUES (:household, ?, 'off') ON CONFLICT (household_id, key) DO UPDATE SET value = excluded.value",
                                               Self.offlineCopyKey)
                        }
                        for location in plan.locations {
                            try connection.run("INSERT INTO locations (household_id, id, name, parent_id, notes, is_box) VALUES (:household, ?, ?, ?, ?, ?)",
                                               location.id, location.name, location.parentID, location.notes, location.isBox)
                        }
                        for image in storedImages.values {
                            try connection.run("INSERT OR IGNORE INTO images (household_id, hash, format, width, height, byte_size, created_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                                               image.hash, image.format.rawValue, image.width, image.height, image.byteSize, Self.nowMilliseconds())
                        }
                        let paths = LocationPaths(connection)
                        for planned in plan.items {
                            try Self.insert(planned, documents: storedDocuments, in: connection, paths: paths)
                        }
                        for walkthrough in plan.walkthroughs {
                            try Self.insert(walkthrough, video: storedVideos[walkthrough.sha256]!, in: connection)
                        }
                    }
                } catch {
                    writtenImages.forEach { images.deleteFiles(hash: $0) }
                    writtenDocuments.forEach { documents.deleteFiles(sha256: $0) }
                    writtenVideos.forEach { videos.deleteFiles(sha256: $0) }
                    throw error
                }
            }
        }
    }

    /// The walk-through's video checked as an upload is (a phone's MP4 or MOV within the limits,
    /// by its bytes) and against its SHA-256, then stored; whether it was written (not there before).
    private func storeVideo(_ walkthrough: ArchiveImportPlan.PlannedWalkthrough, from folder: String) throws -> (VideoInfo, Int, Bool) {
        guard let relative = try? ArchivePath(walkthrough.file.path), FileManager.default.fileExists(atPath: "\(folder)/\(relative)") else {
            throw InventoryArchiveError.damagedFile(path: walkthrough.file.path, Self.missing(walkthrough.file.path))
        }
        let path = "\(folder)/\(relative)"
        let info: VideoInfo
        do { info = try Video.probe(fileAtPath: path) } catch {
            // The reason is a sentence of its own, its full stop ending this one.
            let file = walkthrough.file.path
            throw InventoryArchiveError.damagedFile(path: file, Message("error.archive.file.not-a-video", "The export’s \(file) is not a video Homepwner keeps: "
                                                                        + "\(error.wording.english)", ["path": .text(file), "reason": .message(error.wording)]))
        }
        let staged = try videos.stage(fileAtPath: path)
        guard staged.sha256 == walkthrough.sha256 else {
            videos.discard(staged)
            throw InventoryArchiveError.damagedFile(path: walkthrough.file.path, Self.notItsSHA256(walkthrough.file.path))
        }
        let existed = videos.originalPath(sha256: staged.sha256).map { FileManager.default.fileExists(atPath: $0) } ?? false
        try videos.commit(staged)
        return (info, staged.byteSize, !existed)
    }

    /// The walk-through as it was, its frames still to be made from its video (the frame maker takes
    /// every walk-through left `processing`).
    private static func insert(_ walkthrough: ArchiveImportPlan.PlannedWalkthrough, video: (info: VideoInfo, size: Int), in connection: HouseholdConnection) throws {
        let info = video.info
        try connection.run("""
            INSERT INTO walkthroughs (household_id, id, location_id, video_sha256, content_type, byte_size, recorded_ms, seconds, width, height, codec, status, added_ms)
            VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', ?)
            """, arguments: [walkthrough.id, walkthrough.locationID, walkthrough.sha256, info.container.mimeType, video.size,
                             Int64((walkthrough.recordedAt.timeIntervalSince1970 * 1000).rounded()), info.seconds, info.displayWidth, info.displayHeight,
                             info.codec.rawValue, nowMilliseconds()])
        for draft in walkthrough.drafts {
            try connection.run("INSERT INTO walkthrough_drafts (household_id, item_id, walkthrough_id, second) VALUES (:household, ?, ?, ?)", draft.item, walkthrough.id, draft.second)
        }
    }

    private static func insert(_ planned: ArchiveImportPlan.PlannedItem, documents: [String: (type: DocumentType, size: Int, hasThumbnail: Bool)],
                               in connection: HouseholdConnection, paths: LocationPaths) throws {
        let item = planned.item, now = nowMilliseconds()
        try connection.run("""
            INSERT INTO items (household_id, id, name, serial_number, value_in_dollars, date_created_ms, position, version, location_id, import_ref, draft, packed_from_id)
            VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, item.id, item.name, item.serialNumber, item.valueInDollars, Int64((item.dateCreated.timeIntervalSince1970 * 1000).rounded()),
            item.position, item.version, item.locationID, planned.importRef, item.isDraft, planned.packedFromID)
        try writeDetails(item.details, of: item.id, in: connection)
        for (position, photo) in planned.photos.enumerated() {
            try connection.run("INSERT INTO item_photos (household_id, id, item_id, image_hash, position, kind, added_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                               photo.id, item.id, photo.sha256, position, photo.kind.rawValue, now)
        }
        for document in planned.documents {
            let stored = documents[document.sha256]!
            try connection.run("""
                INSERT INTO item_documents (household_id, id, item_id, kind, name, content_type, byte_size, sha256, has_thumbnail, added_ms) VALUES (:household, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, document.id, item.id, document.kind.rawValue, document.name, stored.type.contentType, stored.size, document.sha256,
                stored.hasThumbnail, now)
        }
        for link in item.evidence {
            try connection.run("INSERT INTO item_evidence (household_id, item_id, asset_id, taken_at, camera, last_path, added_ms) VALUES (:household, ?, ?, ?, ?, ?, ?)",
                               item.id, link.assetID, link.takenAt.map(EvidenceLink.isoText), link.camera, link.lastPath,
                               Int64((link.added.timeIntervalSince1970 * 1000).rounded()))
        }
        try indexItem(id: item.id, in: connection, paths: paths)
    }
}
