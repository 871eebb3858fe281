/// Why an upload could not be made, written or handed over; the App turns each into its answer.
public enum UploadError: Error, Sendable, Equatable {
    /// No such upload for this account (unknown, expired, or another account's: alike).
    case notFound
    /// Longer than the largest upload accepted.
    case tooLarge(limit: Int)
    /// The account has too many unfinished uploads, or too many bytes declared in them.
    case quota(uploads: Int, bytes: Int, maxUploads: Int, maxBytes: Int)
    /// The client's offset is not the server's.
    case offsetMismatch(sent: Int, server: Int)
    /// Another request is writing to (or handing over) this upload now.
    case busy
    /// More bytes than the upload has left.
    case pastLength(length: Int)
    /// The upload is not complete yet.
    case unfinished(missing: Int)
    /// Already given to another call.
    case handedOff(target: String)
    /// Its bytes could not be written or read.
    case storage(errno: Int32)
}
