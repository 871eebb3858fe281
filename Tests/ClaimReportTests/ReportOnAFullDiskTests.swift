import ClaimReport
import Foundation
import SmallFileSystem
import Testing

/// A report written to a file system filled to its last few KB: `diskFull` naming the file (not a
/// drawing failure), no half-written file, and the same report is written once space is freed.
@Suite(.serialized)
struct ReportOnAFullDiskTests {
    @Test func aReportThatFindsNoRoomSaysTheDiskIsFullAndLeavesNothing() throws {
        let disk = try SmallFileSystem(megabytes: 8)
        defer { disk.remove() }
        let url = URL(fileURLWithPath: "\(disk.path)/report.pdf")
        disk.fill(leaving: 4096)
        let error = #expect(throws: ClaimReportError.self) {
            try ClaimReportRenderer.render(ReportFixtures.document(lines: 40), paper: .a4, to: url)
        }
        #expect(error == .diskFull(path: url.path))
        #expect(error?.description.contains("Free some space") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).filter { !$0.hasPrefix(".filler") } == [])

        disk.free()
        try ClaimReportRenderer.render(ReportFixtures.document(lines: 40), paper: .a4, to: url)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
