import Archive
import Backup
import Claims
import Foundation
import Imaging
import Inventory

/// The claim's packet as one zip ("Download All"): the report and the schedule at the top, then the
/// original of every photo, document and linked library photo, a folder per line, with a JPEG copy
/// beside each HEIC, WebP or AVIF photo (insurers' portals take none of them), then a manifest (CSV
/// and JSON) with each file's SHA-256, size, line and item, and for photos the capture date and
/// camera from the file itself — so the insurer can check that nothing was made after the loss.
/// Written front to back into `output` (a streamed response): files are hashed as they are read,
/// a JPEG copy is made and sent one at a time, and the manifest comes last. Without `keepsLocation` (an
/// adjuster's link, unless its owner chose otherwise) a photo whose file records where it was taken
/// goes as a copy without it, as the link's own pages never show an original.
struct EvidenceArchive {
    struct Row: Encodable {
        let path: String
        let sha256: String
        let bytes: Int64
        /// nil for the packet's own files (the report, the schedule).
        let line: Int?
        let itemId: Int64?
        let item: String?
        let kind: String
        let capturedAt: String?
        let camera: String?
        /// What was wrong with the file, or what was done to it, if anything ("missing from the data folder").
        let note: String?
    }

    /// A file made for the packet (the report, the schedule), opened before the zip is begun.
    struct PacketFile {
        let name: String
        let kind: String
        let source: ZipWriter.Source
    }

    let sheet: ClaimSheet
    let files: ClaimFiles
    /// Put at the top of the zip, in this order.
    let packet: [PacketFile]
    let madeAt: Date
    let maxPixels: Int
    /// Photos go byte for byte, with where they were taken (the owner's own zip; a link made so).
    let keepsLocation: Bool
    /// Where the living expenses' receipts are kept; they go in `living-expenses/`.
    var receipts: DocumentStore? = nil

    func write(to output: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        let zip = try ZipWriter(writingTo: output, modified: madeAt)
        try zip.add(Array(readme.utf8), as: "README.txt")
        var rows: [Row] = []
        for file in packet {
            let added = try Self.add(file.source, as: file.name, to: zip, compress: true)
            rows.append(Row(path: file.name, sha256: added.sha256, bytes: added.bytes, line: nil, itemId: nil, item: nil, kind: file.kind,
                            capturedAt: nil, camera: nil, note: nil))
        }
        for entry in files.entries {
            let line = entry.line
            func row(_ path: String, kind: String, sha256: String = "", bytes: Int64 = 0, captured: PhotoMetadata? = nil, note: String?) -> Row {
                Row(path: path, sha256: sha256, bytes: bytes, line: line.number, itemId: line.itemID.rawValue, item: line.name, kind: kind,
                    capturedAt: captured?.takenAt.map(EvidenceLink.isoText), camera: captured?.camera, note: note)
            }
            /// Adds `source` as `name` in the line's folder, hashed as it is read; one that could not be
            /// opened is listed with `missing` instead, and the archive goes on.
            func add(_ source: ZipWriter.Source?, as name: String, kind: String, expected: String? = nil, captured: PhotoMetadata? = nil,
                     missing: String) throws {
                let path = "\(line.folderName)/\(name)"
                guard let source else {
                    rows.append(row(path, kind: kind, note: missing))
                    return
                }
                let added = try Self.add(source, as: path, to: zip)
                let note = expected.flatMap { $0 == added.sha256 ? nil : "differs from the SHA-256 recorded when it was added (\($0))" }
                rows.append(row(path, kind: kind, sha256: added.sha256, bytes: added.bytes, captured: captured, note: note))
            }
            /// Adds a photo as `add` does; without `keepsLocation`, one whose file records where it was
            /// taken goes as a JPEG copy without it, named `stem.jpg`, and the manifest says so. A HEIC,
            /// WebP or AVIF original goes with a JPEG copy beside it, for portals that take none of them.
            func addPhoto(_ source: ZipWriter.Source?, stem: String, format: ImageFormat?, kind: String, expected: String? = nil,
                          captured: PhotoMetadata?, original: String, missing: String) throws {
                let named = { (format: ImageFormat?) in
                    SafeFileName.make(stem, extension: format?.fileExtension, aliases: format.map { DocumentType.image($0).otherFileExtensions } ?? [])
                }
                if !keepsLocation, let source {
                    do {
                        if let stripped = try Imaging.withoutLocation(fileAtPath: source.path, maxPixels: maxPixels) {
                            let path = "\(line.folderName)/\(named(.jpeg))"
                            try zip.add(stripped, as: path, compress: false)
                            rows.append(row(path, kind: kind, sha256: SHA256Digest.hex(of: stripped), bytes: Int64(stripped.count), captured: captured,
                                            note: "a copy without where it was taken (no GPS, XMP or IPTC; its pixels as stored, as a JPEG); \(original)"))
                            return
                        }
                    } catch {
                        // Never the original instead: it may say where the photo was taken.
                        rows.append(row("\(line.folderName)/\(named(format))", kind: kind,
                                        note: "could not be read to leave out where it was taken (\(error)); not in this archive"))
                        return
                    }
                }
                try add(source, as: named(format), kind: kind, expected: expected, captured: captured, missing: missing)
                guard let source, let format, !format.isTakenByClaimPortals else { return }
                let path = "\(line.folderName)/\(named(.jpeg))"
                let copy: [UInt8]
                do {
                    copy = try Imaging.jpegCopy(fileAtPath: source.path, maxPixels: maxPixels, keepingLocation: keepsLocation)
                } catch {
                    rows.append(row(path, kind: kind, note: "no JPEG copy of \(named(format)): it could not be decoded (\(error))"))
                    return
                }
                try zip.add(copy, as: path, compress: false)
                rows.append(row(path, kind: kind, sha256: SHA256Digest.hex(of: copy), bytes: Int64(copy.count), captured: captured,
                                note: "a JPEG copy of \(named(format)), its pixels as stored, for portals that take JPG, PNG, TIF, BMP and GIF only"))
            }
            let notInDataFolder = "missing from the data folder, or not a file that can be read; not in this archive"
            for (index, photo) in entry.photos.enumerated() {
                let source = ZipWriter.Source(path: photo.original)
                let metadata = source.flatMap { try? Imaging.inspectFile(atPath: $0.path, maxPixels: maxPixels).1 }
                try addPhoto(source, stem: "photo-\(index + 1)-\(photo.kind.rawValue)", format: photo.format, kind: "photo", expected: photo.sha256,
                             captured: metadata, original: "the original's SHA-256 is \(photo.sha256)", missing: notInDataFolder)
            }
            for (index, document) in entry.documents.enumerated() {
                let item = document.document
                try add(document.path.flatMap(ZipWriter.Source.init(path:)), as: "\(item.kind.rawValue)-\(index + 1) \(item.fileName)",
                        kind: item.kind.rawValue, expected: item.sha256, missing: notInDataFolder)
            }
            for (index, photo) in entry.library.enumerated() {
                // Through the library's door: a FIFO, a device or a link out of the root in the photo's place is not opened.
                let original = try files.openOriginal(of: photo)
                let source = original?.withPath { ZipWriter.Source(path: $0) }
                try addPhoto(source, stem: "library-\(index + 1) \(photo.fileName)", format: original?.format, kind: "library photo",
                             captured: PhotoMetadata(takenAt: photo.takenAt, camera: photo.camera), original: "the original stays in the household's library",
                             missing: "gone from the library, or no longer a file that can be read there; not in this archive")
            }
        }
        rows += try addExpenseReceipts(to: zip)
        try zip.add(Array(Self.csv(rows).utf8), as: "manifest.csv")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try zip.add(Array(try encoder.encode(rows)), as: "manifest.json")
        try zip.finish()
    }

    /// Each living expense's receipt, named by its date and category, listed with line 0 (no line of
    /// the schedule); a photographed receipt that records where it was taken goes as a copy without it
    /// unless `keepsLocation`.
    private func addExpenseReceipts(to zip: ZipWriter) throws -> [Row] {
        var rows: [Row] = []
        for (index, expense) in sheet.expenses.entries.enumerated() {
            guard let receipt = expense.receipt else { continue }
            let name = SafeFileName.make("\(index + 1) \(expense.date.iso) \(expense.category.rawValue) \(receipt.name)",
                                         extension: receipt.type.fileExtension, aliases: receipt.type.otherFileExtensions)
            let path = "living-expenses/\(name)", kind = "living expense receipt", item = "\(expense.category.label): \(expense.description)"
            func row(sha256: String, bytes: Int64, note: String?) -> Row {
                Row(path: path, sha256: sha256, bytes: bytes, line: 0, itemId: 0, item: item, kind: kind, capturedAt: nil, camera: nil, note: note)
            }
            guard let source = receipts?.originalPath(sha256: receipt.sha256).flatMap(ZipWriter.Source.init(path:)) else {
                rows.append(row(sha256: "", bytes: 0, note: "missing from the data folder; not in this archive"))
                continue
            }
            if !keepsLocation, case .image = receipt.type {
                let copyPath = "living-expenses/" + SafeFileName.make("\(index + 1) \(expense.date.iso) \(expense.category.rawValue) \(receipt.name)", extension: "jpg", aliases: ["jpeg"])
                do {
                    if let copy = try Imaging.withoutLocation(fileAtPath: source.path, maxPixels: maxPixels) {
                        try zip.add(copy, as: copyPath, compress: false)
                        rows.append(Row(path: copyPath, sha256: SHA256Digest.hex(of: copy), bytes: Int64(copy.count), line: 0, itemId: 0, item: item, kind: kind,
                                        capturedAt: nil, camera: nil, note: "a copy without where it was taken; the original's SHA-256 is \(receipt.sha256)"))
                        continue
                    }
                } catch {
                    // Never the original instead, as for the lines' photos: it may say where it was taken.
                    rows.append(row(sha256: "", bytes: 0, note: "could not be read to leave out where it was taken (\(error)); not in this archive"))
                    continue
                }
            }
            let added = try Self.add(source, as: path, to: zip)
            rows.append(row(sha256: added.sha256, bytes: added.bytes,
                            note: added.sha256 == receipt.sha256 ? nil : "differs from the SHA-256 recorded when it was added (\(receipt.sha256))"))
        }
        return rows
    }

    /// Adds `source` as `path`, hashing its bytes as they go in (never read twice): what the manifest lists.
    private static func add(_ source: ZipWriter.Source, as path: String, to zip: ZipWriter, compress: Bool = false) throws -> (sha256: String, bytes: Int64) {
        let digest = SHA256Digest()
        var size: Int64 = 0
        try zip.add(source, as: path, compress: compress) { block in
            digest.update(block)
            size += Int64(block.count)
        }
        return (digest.finishHex(), size)
    }

    private var readme: String {
        let claim = sheet.claim
        let asStored = keepsLocation
            ? "each as it was stored: nothing here was re-encoded."
            : """
            each as it was stored, but for photos whose files record where they were taken: those are copies
            without it (no GPS, XMP or IPTC), their pixels as stored, saved as JPEG, with the camera's date and
            model kept; the manifest says which. Ask the policyholder for an original if you need it.
            """
        return """
            Evidence for claim “\(claim.name)”\(claim.claimNumber.isEmpty ? "" : " (\(claim.claimNumber))")
            Loss: \(claim.lossDate?.iso ?? "date not given")\(claim.cause.isEmpty ? "" : ", \(claim.cause)")
            Policyholder: \(claim.policyholder.isEmpty ? "not given" : claim.policyholder)
            Made by Homepwner on \(EvidenceLink.isoText(madeAt)).

            \(packetText)One folder per line of the claim's schedule (the number is the line's), holding the item's photos,
            its documents (receipts, manuals, warranties, appraisals) and the photos from the household's own
            library linked to it as evidence, \(asStored) A HEIC, WebP or AVIF photo has a JPEG copy beside it
            (same name, .jpg), for portals that take JPG, PNG, TIF, BMP and GIF only.
            living-expenses/ holds the receipts of the additional living expenses (hotel, meals, mileage…), listed
            in the manifest with line 0.

            manifest.csv and manifest.json list every file with its SHA-256 (check one with `sha256sum`),
            its size, its line and item, and for photos the date and camera the file itself records.
            Capture dates are the camera's own clock, in the time zone it was set to.

            """.replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// "report.pdf is the report; …", naming the packet's own files.
    private var packetText: String {
        guard !packet.isEmpty else { return "" }
        return "The packet: " + packet.map { "\($0.name) (\($0.kind))" }.joined(separator: ", ") + ".\n\n"
    }

    static func csv(_ rows: [Row]) -> String {
        CSVLine.make(["Path", "SHA-256", "Bytes", "Line", "Item ID", "Item", "Kind", "Captured", "Camera", "Note"])
            + rows.map { row in
                CSVLine.make([row.path, row.sha256, String(row.bytes), row.line.map(String.init) ?? "", row.itemId.map(String.init) ?? "", row.item ?? "", row.kind,
                              row.capturedAt ?? "", row.camera ?? "", row.note ?? ""])
            }.joined()
    }
}
