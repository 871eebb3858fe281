import Foundation
import Inventory

/// The files that make a backup readable without Homepwner: `index.html`, its stylesheet, and each
/// document under a name with its type's extension (a second name of the same file, so a browser
/// opening it from the disk knows what it is).
enum ReadableBackup {
    /// Writes them into the backup being built in `staging` (whose data files are already there);
    /// returns each new file's path in the backup and what it holds.
    static func write(contents: BackupContents, madeAt: Date, problems: [String], databasePath: String, into staging: String,
                      relativeTo source: BackupSource) throws -> [(path: String, fingerprint: FileOperations.Fingerprint)] {
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
        var namedDocuments: [String: String] = [:]
        func documentURL(_ document: ItemDocument) -> String? {
            guard let original = documentURLs[document.sha256] else { return nil }
            if let named = namedDocuments[document.sha256] { return named }
            let named = (original as NSString).deletingLastPathComponent + "/document." + document.type.fileExtension
            let fingerprint: FileOperations.Fingerprint
            do {
                if FileOperations.regularFileSize("\(staging)/\(named)") == nil,
                   try !FileOperations.hardLink("\(staging)/\(original)", to: "\(staging)/\(named)") {
                    _ = try FileOperations.copyHashing(from: "\(staging)/\(original)", to: "\(staging)/\(named)")
                }
                fingerprint = try FileOperations.fingerprint(of: "\(staging)/\(named)")
            } catch {
                return original
            }
            written.append((named, fingerprint))
            namedDocuments[document.sha256] = named
            return named
        }
        let model = BackupIndexModel(
            contents: contents, madeAt: madeAt, problems: problems, databaseURL: databasePath,
            photoURL: { image, rendition in
                guard let original = contents.photoOriginals[image.hash] else { return nil }
                let live = rendition.map { (original as NSString).deletingLastPathComponent + "/" + $0.fileName } ?? original
                return relativeIfKept(live)
            },
            documentURL: documentURL)
        for (name, bytes) in [(BackupIndexPage.stylesheet, Array(BackupIndexStyle.css.utf8)), ("index.html", BackupIndexPage(model: model).document().renderedBytes())] {
            try FileOperations.writeNew(bytes, to: "\(staging)/\(name)")
            written.append((name, FileOperations.Fingerprint(size: Int64(bytes.count), sha256: SHA256Digest.hex(of: bytes))))
        }
        return written
    }
}
