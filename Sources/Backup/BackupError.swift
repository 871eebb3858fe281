import Database
import Glibc

/// A backup, restore or check that could not be done: the message says what went wrong and what to do.
public struct BackupError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// The disk had no room for a write (ENOSPC, or the user's quota): freeing space is the cure.
    public let isDiskFull: Bool

    public init(_ description: String, isDiskFull: Bool = false) {
        self.description = description
        self.isDiskFull = isDiskFull
    }

    /// `error` said as what it is when it comes from a full disk (a file's ENOSPC, the database copy's
    /// `SQLITE_FULL`) while writing into `folder`: what happened and what to do; nil for any other error.
    static func diskFull(_ error: any Error, writingInto folder: String) -> BackupError? {
        let isDiskFull = switch error {
        case let error as BackupError: error.isDiskFull
        case let error as DatabaseError: error.isDiskFull
        default: false
        }
        guard isDiskFull else { return nil }
        return BackupError("The disk holding \(folder) is full, so no backup was made (nothing unfinished was left there). "
                           + "Free some space on it, or back up to a folder on another disk, then back up again.", isDiskFull: true)
    }
}
