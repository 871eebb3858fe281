import Foundation
import Glibc

/// The file a report is written to: a new file beside the target, renamed onto it only when the
/// report is complete, so the target is never a half-written PDF. The one owner of its descriptor;
/// a file never committed is removed.
final class ReportFile {
    let descriptor: Int32
    let target: String
    private let temporary: String
    private var committed = false

    init(target url: URL) throws(ClaimReportError) {
        target = url.path
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotWrite(path: target, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        self.descriptor = descriptor
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if !committed {
            close(descriptor)
            unlink(temporary)
        }
    }

    /// Closes the file and puts it in the target's place.
    func commit() throws(ClaimReportError) {
        committed = true
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: target, reason: reason)
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: target, reason: reason)
        }
    }
}
