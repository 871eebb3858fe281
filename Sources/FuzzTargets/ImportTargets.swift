import Archive
import Foundation
import Inventory

/// Files a person imports: a Homebox CSV/TSV export, and zip archives.
enum ImportTargets {
    static func delimitedText(_ bytes: [UInt8]) throws(FuzzFailure) {
        let sheet = HomeboxSheet.read(bytes, currency: .usd)
        let lines = bytes.count { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } + 1
        try require(sheet.rowsRead < lines, "\(sheet.rowsRead) rows from \(lines) lines")
        for problem in sheet.problems {
            try require(!problem.message.isEmpty, "a problem without a message")
            if let line = problem.line { try require(line >= 1 && line <= lines, "a problem on line \(line) of \(lines)") }
        }
    }

    /// Small limits, so the fuzzer reaches them: what comes out stays inside the folder and within
    /// them; a refused archive leaves no folder behind.
    static let zipLimits = ArchiveLimits(maxEntries: 64, maxEntryBytes: 1 << 20, maxTotalBytes: 4 << 20, maxCompressionRatio: 100, ratioAllowance: 1 << 20)

    static func zip(_ bytes: [UInt8]) throws(FuzzFailure) {
        let archive = Scratch.folder + "/input.zip", folder = Scratch.folder + "/unpacked"
        guard FileManager.default.createFile(atPath: archive, contents: Data(bytes)) else {
            throw FuzzFailure(description: "cannot write \(archive)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entries: [ZipEntry]
        do {
            entries = try ZipReader.extract(zipAt: archive, into: folder, limits: zipLimits)
        } catch {
            try require(!FileManager.default.fileExists(atPath: folder), "a refused archive (\(error)) left \(folder)")
            return
        }
        try require(entries.count <= zipLimits.maxEntries, "\(entries.count) entries")
        var total: Int64 = 0
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: folder) else { throw FuzzFailure(description: "\(folder) is missing") }
        for case let relative as String in walker {
            let path = folder + "/" + relative
            let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
            let type = attributes[.type] as? FileAttributeType
            try require(type == .typeRegular || type == .typeDirectory, "\(relative) is a \(String(describing: type))")
            try require(URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(root + "/"), "\(relative) is outside the folder")
            total += (attributes[.size] as? Int64) ?? Int64((attributes[.size] as? Int) ?? 0)
        }
        try require(total <= zipLimits.maxTotalBytes, "\(total) bytes unpacked")
    }
}

/// This process's own folder for the files a target writes, in `TMPDIR`.
enum Scratch {
    static let folder: String = {
        let path = NSTemporaryDirectory() + "/homepwner-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.folder) }
        return path
    }()
}
