import Archive
import Foundation
@preconcurrency import Glibc
import Synchronization
import Testing
import ToolRunner

/// `ZipWriter(writingTo:)`: an archive made front to back into something that cannot seek (a pipe,
/// a response being streamed), which every reader opens, and which, when it fails or is given up,
/// never ends as a whole archive does.
@Suite struct ZipStreamTests {
    /// The zip's end-of-central-directory record, which a whole archive ends with.
    static let endOfCentralDirectory: [UInt8] = [0x50, 0x4B, 0x05, 0x06]

    @Test func anArchiveWrittenIntoAPipeOpensInUnzipPythonAndOurReader() throws {
        let scratch = try Scratch()
        // Larger than a pipe holds, so the writer waits for the reader as a stream's producer does.
        let photo = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        try Data(photo).write(to: URL(fileURLWithPath: "\(scratch.path)/photo.jpg"))
        let manifest = Array(String(repeating: "{\"name\": \"Camera\"}\n", count: 2_000).utf8)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let archive = "\(scratch.path)/streamed.zip"
        let copied = DispatchSemaphore(value: 0)
        let copier = Thread {
            let file = open(archive, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                _ = buffer.withUnsafeBytes { write(file, $0.baseAddress, count) }
            }
            close(file)
            close(readEnd)
            copied.signal()
        }
        copier.start()
        #expect(lseek(writeEnd, 0, SEEK_CUR) == -1, "a pipe cannot seek")
        let writer = try ZipWriter(fileDescriptor: writeEnd)
        try writer.add(manifest, as: "homepwner.json")
        try writer.addFile(at: "\(scratch.path)/photo.jpg", as: "photos/ab12.jpg")
        try writer.add(Array("a receipt".utf8), as: "documents/receipt.txt", compress: false)
        try writer.finish()
        close(writeEnd)
        copied.wait()

        let unzip = try ToolRun("/usr/bin/env", ["unzip", "-t", archive])
        #expect(unzip.succeeded && unzip.output.contains("No errors detected"), "\(unzip.output)\(unzip.errors)")
        let python = try ToolRun("/usr/bin/env", ["python3", "-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(' '.join(f'{i.filename}:{i.compress_type}:{i.file_size}' for i in z.infolist()))
            """, archive])
        #expect(python.output == "homepwner.json:8:\(manifest.count) photos/ab12.jpg:0:\(photo.count) documents/receipt.txt:0:9\n",
                "the photo stored, the text deflated: \(python.output)\(python.errors)")
        let entries = try ZipReader.extract(zipAt: archive, into: "\(scratch.path)/out", limits: .inventory)
        #expect(entries.map(\.size) == [Int64(manifest.count), Int64(photo.count), 9])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/out/photos/ab12.jpg"))) == photo)
    }

    struct Gone: Error, CustomStringConvertible {
        var description: String { "the client closed the connection" }
    }

    @Test func anOutputThatFailsStopsTheArchiveAndNothingMoreIsWritten() throws {
        let written = Mutex<[UInt8]>([])
        let calls = Atomic<Int>(0)
        let failAfter = 100_000
        do {
            let writer = try ZipWriter(writingTo: { bytes in
                calls.add(1, ordering: .relaxed)
                let total = written.withLock { $0.count }
                guard total + bytes.count <= failAfter else { throw Gone() }
                written.withLock { $0 += bytes }
            })
            try writer.add([UInt8](repeating: 7, count: 50_000), as: "a.bin", compress: false)
            let error = #expect(throws: ArchiveError.self) { try writer.add([UInt8](repeating: 8, count: 500_000), as: "b.bin", compress: false) }
            #expect(error?.description.contains("the client closed the connection") == true, "\(String(describing: error))")
        }
        // The writer is gone: freeing it wrote no central directory after the failure.
        let callsWhenItFailed = calls.load(ordering: .relaxed)
        #expect(written.withLock { $0.count } <= failAfter)
        #expect(calls.load(ordering: .relaxed) == callsWhenItFailed)
        #expect(!written.withLock { $0.suffix(22).starts(with: Self.endOfCentralDirectory) })
    }

    @Test func anArchiveGivenUpBeforeFinishNeverLooksWhole() throws {
        let scratch = try Scratch()
        let collected = Mutex<[UInt8]>([])
        do {
            let writer = try ZipWriter(writingTo: { bytes in collected.withLock { $0 += bytes } })
            try writer.add(Array("{}".utf8), as: "homepwner.json")
            try writer.add([UInt8](repeating: 1, count: 10_000), as: "photos/1.jpg", compress: false)
        }
        let bytes = collected.withLock { $0 }
        #expect(!bytes.isEmpty && !bytes.contains(Self.endOfCentralDirectory))
        let archive = "\(scratch.path)/given-up.zip"
        try Data(bytes).write(to: URL(fileURLWithPath: archive))
        #expect(try !ToolRun("/usr/bin/env", ["unzip", "-t", archive]).succeeded)
        #expect(throws: ArchiveError.self) { try ZipReader.extract(zipAt: archive, into: "\(scratch.path)/out", limits: .inventory) }
    }
}
