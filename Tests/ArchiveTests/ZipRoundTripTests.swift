import Archive
import Foundation
import Testing
import ToolRunner

/// A fresh temporary folder for one test, removed afterwards.
final class Scratch {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("archive-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// What is in the folder, every path relative to it, sorted.
    func contents(of folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Writes a zip of `entries` (name → bytes) to `name` in this folder with `ZipWriter`.
    func zip(_ name: String, _ entries: [(String, [UInt8])], compress: Bool = true) throws -> String {
        let path = "\(self.path)/\(name)"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path, isDirectory: false), creating: true)
        defer { try? handle.close() }
        let writer = try ZipWriter(fileDescriptor: handle.fileDescriptor)
        for (entry, bytes) in entries { try writer.add(bytes, as: entry, compress: compress) }
        try writer.finish()
        return path
    }
}

extension FileHandle {
    convenience init(forWritingTo url: URL, creating: Bool) throws {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        try self.init(forWritingTo: url)
    }
}

@Suite struct ZipRoundTripTests {
    @Test func whatTheWriterWritesTheReaderUnpacksByteForByte() throws {
        let scratch = try Scratch()
        let photo = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let manifest = Array(String(repeating: "{\"name\": \"Camera\"}\n", count: 2_000).utf8)
        let source = "\(scratch.path)/photo.jpg"
        try Data(photo).write(to: URL(fileURLWithPath: source))

        let archive = "\(scratch.path)/export.zip"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: archive), creating: true)
        let writer = try ZipWriter(fileDescriptor: handle.fileDescriptor)
        try writer.add(manifest, as: "homepwner.json")
        try writer.addFile(at: source, as: "photos/ab12.jpg")
        try writer.add([], as: "empty.txt")
        try writer.finish()
        try handle.close()

        let entries = try ZipReader.extract(zipAt: archive, into: "\(scratch.path)/out", limits: .inventory)
        #expect(entries.map(\.path.description) == ["homepwner.json", "photos/ab12.jpg", "empty.txt"])
        #expect(entries.map(\.size) == [Int64(manifest.count), Int64(photo.count), 0])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/out/homepwner.json"))) == manifest)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/out/photos/ab12.jpg"))) == photo)
        // The text was deflated, the photo stored: the archive is smaller than what it holds.
        let size = try FileManager.default.attributesOfItem(atPath: archive)[.size] as! Int
        #expect(size < manifest.count / 5 + photo.count + 1_000)
    }

    @Test func otherToolsReadWhatTheWriterWrites() throws {
        let scratch = try Scratch()
        let archive = try scratch.zip("tool.zip", [("homepwner.json", Array("{}".utf8)), ("documents/receipt.pdf", Array("%PDF-1.4".utf8))])
        let listing = try ToolRun.output(of: "/usr/bin/env", ["python3", "-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); z.testzip(); print(' '.join(z.namelist()))", archive])
        #expect(listing == "homepwner.json documents/receipt.pdf\n")
    }

    @Test func theWriterRefusesANameThatWouldEscape() throws {
        let scratch = try Scratch()
        #expect(throws: ArchiveError.self) { _ = try scratch.zip("bad.zip", [("../x", [1])]) }
        #expect(throws: ArchiveError.self) { _ = try scratch.zip("bad2.zip", [("/etc/x", [1])]) }
    }

    @Test func unpackingIntoAFolderThatExistsIsRefusedAndLeavesItAlone() throws {
        let scratch = try Scratch()
        let archive = try scratch.zip("a.zip", [("a.txt", [1, 2, 3])])
        let target = "\(scratch.path)/existing"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(target)/keep.txt"))
        #expect(throws: ArchiveError.targetExists(path: target)) { _ = try ZipReader.extract(zipAt: archive, into: target, limits: .inventory) }
        #expect(scratch.contents(of: target) == ["keep.txt"])
    }

    @Test func pathsAreCheckedPartByPart() throws {
        #expect(try ArchivePath("photos/ab.jpg").components == ["photos", "ab.jpg"])
        #expect(try ArchivePath("photos/").components == ["photos"])
        for bad in ["", "/abs", "a/../b", "..", "a//b", "./a", "a\\b", "C:/x", "a\u{0}b", "a\nb", String(repeating: "a/", count: 40) + "x"] {
            #expect(throws: ArchiveError.self, "\(bad.debugDescription)") { _ = try ArchivePath(bad) }
        }
    }
}
