import Archive
import Backup
import Foundation
import Imaging
import Inventory

/// The claim's evidence as one zip: the original of every photo, document and linked library photo,
/// a folder per line, then a manifest (CSV and JSON) with each file's SHA-256, size, line and item,
/// and for photos the capture date and camera from the file itself — so the insurer can check that
/// nothing was made after the loss. Written front to back into `output` (a streamed response):
/// files are hashed as they are read, and the manifest comes last.
struct EvidenceArchive {
    struct Row: Encodable {
        let path: String
        let sha256: String
        let bytes: Int64
        let line: Int
        let itemId: Int64
        let item: String
        let kind: String
        let capturedAt: String?
        let camera: String?
        /// What was wrong with the file, if anything ("missing from the data folder").
        let note: String?
    }

    let sheet: ClaimSheet
    let files: ClaimFiles
    let madeAt: Date
    let maxPixels: Int

    func write(to output: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        let zip = try ZipWriter(writingTo: output, modified: madeAt)
        try zip.add(Array(readme.utf8), as: "README.txt")
        var rows: [Row] = []
        for entry in files.entries {
            let folder = entry.line.folderName
            /// Adds `source` as `name` in the line's folder, hashed as it is read; one that could not be
            /// opened is listed with `missing` instead, and the archive goes on.
            func add(_ source: ZipWriter.Source?, as name: String, kind: String, expected: String? = nil, captured: PhotoMetadata? = nil,
                     missing: String) throws {
                let path = "\(folder)/\(name)"
                guard let source else {
                    rows.append(Row(path: path, sha256: "", bytes: 0, line: entry.line.number, itemId: entry.line.itemID, item: entry.line.name,
                                    kind: kind, capturedAt: nil, camera: nil, note: missing))
                    return
                }
                let digest = SHA256Digest()
                var size: Int64 = 0
                try zip.add(source, as: path) { block in
                    digest.update(block)
                    size += Int64(block.count)
                }
                let sha256 = digest.finishHex()
                let note = expected.flatMap { $0 == sha256 ? nil : "differs from the SHA-256 recorded when it was added (\($0))" }
                rows.append(Row(path: path, sha256: sha256, bytes: size, line: entry.line.number, itemId: entry.line.itemID, item: entry.line.name,
                                kind: kind, capturedAt: captured?.takenAt.map(EvidenceLink.isoText), camera: captured?.camera, note: note))
            }
            let notInDataFolder = "missing from the data folder, or not a file that can be read; not in this archive"
            for (index, photo) in entry.photos.enumerated() {
                let source = ZipWriter.Source(path: photo.original)
                let metadata = source.flatMap { try? Imaging.inspectFile(atPath: $0.path, maxPixels: maxPixels).1 }
                try add(source, as: "photo-\(index + 1)-\(photo.kind.rawValue).\(photo.fileExtension)", kind: "photo", expected: photo.sha256,
                        captured: metadata, missing: notInDataFolder)
            }
            for (index, document) in entry.documents.enumerated() {
                let item = document.document
                try add(document.path.flatMap(ZipWriter.Source.init(path:)), as: "\(item.kind.rawValue)-\(index + 1) \(item.fileName)",
                        kind: item.kind.rawValue, expected: item.sha256, missing: notInDataFolder)
            }
            for (index, photo) in entry.library.enumerated() {
                // Through the library's door: a FIFO, a device or a link out of the root in the photo's place is not opened.
                let source = try files.openOriginal(of: photo)?.withPath { ZipWriter.Source(path: $0) }
                try add(source, as: "library-\(index + 1) \(SafeFileName.make(photo.fileName, extension: nil))", kind: "library photo",
                        captured: PhotoMetadata(takenAt: photo.takenAt, camera: photo.camera),
                        missing: "gone from the library, or no longer a file that can be read there; not in this archive")
            }
        }
        try zip.add(Array(Self.csv(rows).utf8), as: "manifest.csv")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try zip.add(Array(try encoder.encode(rows)), as: "manifest.json")
        try zip.finish()
    }

    private var readme: String {
        let claim = sheet.claim
        return """
            Evidence for claim “\(claim.name)”\(claim.claimNumber.isEmpty ? "" : " (\(claim.claimNumber))")
            Loss: \(claim.lossDate?.iso ?? "date not given")\(claim.cause.isEmpty ? "" : ", \(claim.cause)")
            Policyholder: \(claim.policyholder.isEmpty ? "not given" : claim.policyholder)
            Made by Homepwner on \(EvidenceLink.isoText(madeAt)).

            One folder per line of the claim's schedule (the number is the line's), holding the item's photos,
            its documents (receipts, manuals, warranties, appraisals) and the photos from the household's own
            library linked to it as evidence, each as it was stored: nothing here was re-encoded.

            manifest.csv and manifest.json list every file with its SHA-256 (check one with `sha256sum`),
            its size, its line and item, and for photos the date and camera the file itself records.
            Capture dates are the camera's own clock, in the time zone it was set to.

            """.replacingOccurrences(of: "\n", with: "\r\n")
    }

    static func csv(_ rows: [Row]) -> String {
        CSVLine.make(["Path", "SHA-256", "Bytes", "Line", "Item ID", "Item", "Kind", "Captured", "Camera", "Note"])
            + rows.map { row in
                CSVLine.make([row.path, row.sha256, String(row.bytes), String(row.line), String(row.itemId), row.item, row.kind,
                              row.capturedAt ?? "", row.camera ?? "", row.note ?? ""])
            }.joined()
    }
}
