import Foundation
import Inventory

/// The files that make a backup readable without Homepwner: `index.html`, its stylesheet, and each
/// document and video under a name with its type's extension (a second name of the same file, so a browser
/// opening it from the disk knows what it is).
enum ReadableBackup {
    /// Writes them into the backup being built in `staging` (whose data files are already there);
    /// returns each new file's path in the backup and what it holds.
    static func write(contents: BackupContents, madeAt: Date, problems: [String], databasePath: String, into staging: String,
                      relativeTo source: BackupSource, words: BackupIndexWords = BackupIndexWords()) throws -> [(path: String, fingerprint: FileOperations.Fingerprint)] {
        var written: [(path: String, fingerprint: FileOperations.Fingerprint)] = []
        func relativeIfKept(_ livePath: String) -> String? {
            guard let path = source.relative(livePath), FileOperations.regularFileSize("\(staging)/\(path)") != nil else { return nil }
            return path
        }
        var documentURLs: [String: String] = [:]
        for (sha256, original) in contents.documentOriginals {
            guard let path = relativeIfKept(original) else { continue }
            documentURLs[sha256] = path
        }
        /// A second name of the backup's file at `original`, beside it, whose extension says what it holds
        /// (the original itself when the file system can neither link nor copy it).
        var named: Set<String> = []
        func namedLink(to original: String, as fileName: String) -> String {
            let path = (original as NSString).deletingLastPathComponent + "/" + fileName
            if named.contains(path) { return path }
            let fingerprint: FileOperations.Fingerprint
            do {
                if FileOperations.regularFileSize("\(staging)/\(path)") == nil,
                   try !FileOperations.hardLink("\(staging)/\(original)", to: "\(staging)/\(path)") {
                    _ = try FileOperations.copyHashing(from: "\(staging)/\(original)", to: "\(staging)/\(path)")
                }
                fingerprint = try FileOperations.fingerprint(of: "\(staging)/\(path)")
            } catch {
                return original
            }
            written.append((path, fingerprint))
            named.insert(path)
            return path
        }
        func documentURL(_ document: ItemDocument) -> String? {
            documentURLs[document.sha256].map { namedLink(to: $0, as: "document." + document.type.fileExtension) }
        }
        func videoURL(_ walkthrough: Walkthrough) -> String? {
            contents.videoOriginals[walkthrough.sha256].flatMap(relativeIfKept).map {
                namedLink(to: $0, as: "video." + walkthrough.fileExtension)
            }
        }
        let model = BackupIndexModel(
            contents: contents, madeAt: madeAt, problems: problems, databaseURL: databasePath,
            photoURL: { image, rendition in
                guard let original = contents.photoOriginals[image.hash] else { return nil }
                let live = rendition.map { (original as NSString).deletingLastPathComponent + "/" + $0.fileName } ?? original
                return relativeIfKept(live)
            },
            documentURL: documentURL, videoURL: videoURL, words: words)
        for (name, bytes) in [(BackupIndexPage.stylesheet, Array(BackupIndexStyle.css.utf8)), ("index.html", BackupIndexPage(model: model, words: words).document().renderedBytes())] {
            try FileOperations.writeNew(bytes, to: "\(staging)/\(name)")
            written.append((name, FileOperations.Fingerprint(size: Int64(bytes.count), sha256: SHA256Digest.hex(of: bytes))))
        }
        return written
    }
}
