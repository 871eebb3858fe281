import Archive
import Backup
import ClaimReport
import Database
import Foundation
import HTTPServer
import Inventory
import Synchronization

/// A write the disk had no room for: SQLite's `SQLITE_FULL` or an ENOSPC/EDQUOT from a photo,
/// document, rendition, import or report file, each told by the typed error that carries it. Such an
/// error becomes `507 disk-full` (as the server's own body spool does), never a 500: nothing was
/// changed, and freeing space is all it takes — the same request succeeds then, without a restart.
enum DiskFull {
    static func isCause(of error: any Error) -> Bool {
        switch error {
        case let error as DatabaseError: error.isDiskFull
        case let error as AtomicFiles.Failure: error.isDiskFull
        case let error as ImportUploadError: error.isDiskFull
        case ArchiveError.diskFull: true
        case ClaimReportError.diskFull: true
        case let error as BackupError: error.isDiskFull
        case let error as CocoaError:
            error.code == .fileWriteOutOfSpace || (error.userInfo[NSUnderlyingErrorKey] as? any Error).map(isCause(of:)) == true
        case let error as POSIXError: error.code == .ENOSPC || error.code == .EDQUOT
        default: false
        }
    }

    static let refusal = HTTPError(.diskFull, Message("error.disk-full", "The server’s disk is full, so this was not saved; nothing was changed. "
                                   + "Free some space on the disk holding Homepwner’s data folder (or ask whoever runs the server to), then try again."))

    /// Says in the log that the disk is full, at most once a minute however many writes are refused.
    final class Notice: Sendable {
        private let lastSaid = Mutex<ContinuousClock.Instant?>(nil)
        private let interval: Duration = .seconds(60)

        func say(_ error: any Error, request: Request) {
            let now = ContinuousClock.now
            let due = lastSaid.withLock { last in
                guard last.map({ now - $0 >= interval }) ?? true else { return false }
                last = now
                return true
            }
            guard due else { return }
            FileHandle.standardError.write(Data("The disk is full: \(request.method) \(request.path) was refused (\(error)). Free some space on the disk holding the data folder; refusals for the next minute are not logged.\n".utf8))
        }
    }
}
