import Archive
import Foundation
import Imaging

/// The one door every import goes through: a file, whatever it is (`ImportFormat`, told from its
/// bytes), previewed or imported all or nothing. A zip is unpacked as a stranger's file
/// (`ZipReader`) into a new folder inside `workFolder`, which is removed again however it ends.
extension ItemStore {
    /// What importing the file at `path` would do; nothing is written. `vocabulary`: the languages our
    /// own CSV's words are known in.
    public func planImport(fileAt path: String, workFolder: String, limits: ImportLimits = ImportLimits(),
                           vocabulary: HomeboxCSVVocabulary = .english) throws -> ImportPlan {
        try open(path, workFolder: workFolder, limits: limits) { file in
            switch file {
            case .text(let bytes): try planImport(bytes, limits: limits.text, vocabulary: vocabulary)
            case .homeboxBackup(let backup, _): try planBackup(backup, vocabulary: vocabulary)
            case .homepwnerExport(let folder): try planExport(in: folder)
            }
        }
    }

    /// Imports the file at `path` as its plan says, all of it or nothing; returns the plan carried out.
    /// - Throws: `ImportRefused` when anything in the file cannot be imported: then nothing is.
    public func applyImport(fileAt path: String, workFolder: String, limits: ImportLimits = ImportLimits(), now: Date = Date(),
                            vocabulary: HomeboxCSVVocabulary = .english) throws -> ImportPlan {
        let plan = try open(path, workFolder: workFolder, limits: limits) { file in
            switch file {
            case .text(let bytes): try applyImport(bytes, limits: limits.text, now: now, vocabulary: vocabulary)
            case .homeboxBackup(let backup, let folder): try applyBackup(backup, from: folder, now: now, vocabulary: vocabulary)
            case .homepwnerExport(let folder): try applyExport(in: folder)
            }
        }
        // A file refused before it could be planned (a zip that cannot be unpacked) is refused here.
        guard plan.canImport else { throw ImportRefused(plan: plan) }
        return plan
    }

    /// A file to import, opened: a text file's bytes, or a zip unpacked.
    private enum OpenedFile {
        case text([UInt8])
        case homeboxBackup(HomeboxBackup, folder: String)
        case homepwnerExport(folder: String)
    }

    private func open(_ path: String, workFolder: String, limits: ImportLimits, _ body: (OpenedFile) throws -> ImportPlan) throws -> ImportPlan {
        let currency = try household.read { try Self.currency(in: $0) }
        func refused(_ format: ImportFormat?, _ wording: Message) -> ImportPlan {
            var plan = ImportPlan(currency: currency, format: format)
            plan.problems = [ImportProblem(line: nil, column: nil, wording)]
            return plan
        }
        guard let size = HomeboxBackup.fileSize(path), let file = FileHandle(forReadingAtPath: path) else {
            throw ImportFileError(Message("import.file.cannot-open", "Cannot read \(path): there is no such file, or it cannot be opened.", ["path": .text(path)]))
        }
        let prefix = [UInt8](file.readData(ofLength: 8192))
        try? file.close()
        guard ImportFormat.startsZip(prefix) else {
            if prefix.contains(0), !prefix.starts(with: [0xFF, 0xFE]), !prefix.starts(with: [0xFE, 0xFF]) {
                return refused(nil, Message("error.import.not-text-or-zip", "This file is neither text nor a zip archive. Homepwner imports \(ImportFormat.expected).",
                                            ["expected": .message(ImportFormat.expectedWording)]))
            }
            guard size <= limits.text.maxBytes else {
                return refused(.homeboxCSV, Message("error.import.text-too-large", "The file is \(size.grouped) bytes; the most Homepwner reads of a CSV or TSV file is "
                               + "\(limits.text.maxBytes.grouped) bytes. Split it into smaller files and import each.",
                               ["size": .count(size), "max": .count(limits.text.maxBytes)]))
            }
            let bytes: [UInt8]
            do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                // The system's own words, as Foundation gives them.
                throw ImportFileError(Message("import.file.cannot-read", "Cannot read \(path): \(error.localizedDescription)",
                                              ["path": .text(path), "detail": .text(error.localizedDescription)]))
            }
            return try body(.text(bytes))
        }
        let folder = "\(workFolder)/import-\(UUID().uuidString)"
        do {
            _ = try ZipReader.extract(zipAt: path, into: folder, limits: limits.archive)
        } catch .diskFull(let folder) {
            // Not the file's fault: the caller answers that the disk is full.
            throw ArchiveError.diskFull(folder: folder)
        } catch {
            return refused(nil, error.wording)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if HomeboxBackup.fileSize("\(folder)/\(InventoryManifest.fileName)") != nil { return try body(.homepwnerExport(folder: folder)) }
        if HomeboxBackup.fileSize("\(folder)/\(HomeboxBackup.manifestFile)") != nil {
            return try body(.homeboxBackup(HomeboxBackup(folder: folder, limits: limits, maxPixels: images.maxPixels), folder: folder))
        }
        return refused(nil, Message("error.import.unknown-zip", "This zip holds neither homepwner.json (a Homepwner export) nor manifest.json (a Homebox backup). "
                       + "Homepwner imports \(ImportFormat.expected).", ["expected": .message(ImportFormat.expectedWording)]))
    }

    // MARK: A Homebox backup

    private func planBackup(_ backup: HomeboxBackup, vocabulary: HomeboxCSVVocabulary) throws -> ImportPlan {
        try household.readTransaction { connection in
            let currency = try Self.currency(in: connection)
            return try Self.plan(backup.sheet(currency: currency, vocabulary: vocabulary), currency: currency, in: connection)
        }
    }

    /// Stores every photo and document file first (each made into renditions or a thumbnail, as an
    /// upload is), then writes the rows in one transaction; if anything fails, the files it stored
    /// for content nothing else had are removed again.
    private func applyBackup(_ backup: HomeboxBackup, from folder: String, now: Date, vocabulary: HomeboxCSVVocabulary) throws -> ImportPlan {
        let preview = try planBackup(backup, vocabulary: vocabulary)
        guard preview.canImport else { throw ImportRefused(plan: preview) }
        return try images.withFileLock {
            try documents.withFileLock {
                var written = FilesToDelete()
                do {
                    let stored = try storeAttachments(of: backup, preview: preview, from: folder, written: &written)
                    return try change { connection in
                        let currency = try Self.currency(in: connection)
                        let plan = try Self.plan(backup.sheet(currency: currency, vocabulary: vocabulary), currency: currency, in: connection)
                        guard plan.canImport else { throw ImportRefused(plan: plan) }
                        try Self.carryOut(plan, now: now, attachments: stored, in: connection)
                        return plan
                    }
                } catch {
                    written.images.forEach { images.deleteFiles(hash: $0) }
                    written.documents.forEach { documents.deleteFiles(sha256: $0) }
                    throw error
                }
            }
        }
    }

    /// Prepares and writes the files of every attachment the backup holds (not only those the
    /// preview gives items: the inventory may change before the transaction), one at a time. Content
    /// the stores hold already is not made again.
    private func storeAttachments(of backup: HomeboxBackup, preview: ImportPlan, from folder: String,
                                  written: inout FilesToDelete) throws -> StoredAttachments {
        var stored = StoredAttachments(), problems: [ImportProblem] = []
        for attachment in backup.allAttachments {
            switch attachment.role {
            case .photo:
                guard stored.images[attachment.sha256] == nil else { continue }
                if let image = try images.storedImage(hash: attachment.sha256) {
                    stored.images[attachment.sha256] = image
                    continue
                }
                let prepared: ImageStore.PreparedImage
                do { prepared = try images.prepare(try Self.bytes(of: attachment, in: folder)) } catch let error as ImagingError {
                    let name = HomeboxValue.quoted(attachment.name), reason = ImportAttachment.wording(error)
                    problems.append(ImportProblem(line: nil, column: attachment.path,
                                                  Message("import.file.not-a-photo", "The photo “\(name)” (\(attachment.path)) is not a photo Homepwner can use: \(reason.english).",
                                                          ["name": .text(name), "path": .text(attachment.path), "reason": .message(reason)])))
                    continue
                }
                try images.writeFiles(prepared)
                written.images.insert(prepared.image.hash)
                stored.images[attachment.sha256] = prepared.image
            case .document:
                guard stored.documents[attachment.sha256] == nil else { continue }
                if let known = try household.read({ connection in
                    try connection.firstRow("SELECT content_type, byte_size, has_thumbnail FROM item_documents WHERE household_id = :household AND sha256 = ? LIMIT 1", attachment.sha256) {
                        ($0.string(0), $0.int(1), $0.int(2) != 0)
                    }
                }), let type = DocumentType(contentType: known.0) {
                    stored.documents[attachment.sha256] = (type, known.1, known.2)
                    continue
                }
                let prepared: DocumentStore.PreparedDocument
                do { prepared = try documents.prepare(try Self.bytes(of: attachment, in: folder)) } catch InventoryError.unsupportedDocumentType {
                    problems.append(ImportProblem(line: nil, column: attachment.path,
                                                  Message("error.import.document-kind", "The document “\(HomeboxValue.quoted(attachment.name))” (\(attachment.path)) is not a kind of file Homepwner keeps (\(DocumentType.acceptedList)).",
                                                          ["name": .text(HomeboxValue.quoted(attachment.name)), "path": .text(attachment.path),
                                                           "kinds": .text(DocumentType.acceptedList)])))
                    continue
                }
                try documents.writeFiles(prepared)
                written.documents.insert(attachment.sha256)
                stored.documents[attachment.sha256] = (prepared.type, prepared.bytes.count, prepared.thumbnail != nil)
            }
        }
        guard problems.isEmpty else {
            var refused = preview
            refused.problems = problems
            throw ImportRefused(plan: refused)
        }
        return stored
    }

    /// An attachment's bytes, checked to be those the preview read.
    private static func bytes(of attachment: ImportAttachment, in folder: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(attachment.path)")))
        guard SHA256.hex(bytes) == attachment.sha256 else {
            throw ImportFileError(Message("import.file.changed", "\(attachment.path) changed while it was being imported.", ["path": .text(attachment.path)]))
        }
        return bytes
    }
}

/// A file to import that cannot be read at all (no such file): the command's or the server's fault, not the file's.
public struct ImportFileError: Error, CustomStringConvertible {
    public let wording: Message
    public var description: String { wording.english }
    init(_ wording: Message) { self.wording = wording }
}
