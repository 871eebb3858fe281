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
        guard descriptor >= 0 else { throw .writing(target, errno: errno) }
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
            let failure = errno
            unlink(temporary)
            throw .writing(target, errno: failure)
        }
        guard rename(temporary, target) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .writing(target, errno: failure)
        }
    }
}
