import Foundation
import HTTPServer
import Uploads

extension UploadError {
    /// The answer a client gets, saying what to do.
    var answer: any HTTPResponseError {
        switch self {
        case .notFound:
            return AppError(.uploadNotFound, message: "There is no such upload: it may have expired (24 hours after its last bytes), been deleted, or belong to another account. Create a new one with POST /api/v1/uploads.")
        case .tooLarge(let limit):
            var error = AppError(.uploadTooLarge, message: "The upload is larger than the limit of \(ByteCountFormatting.describe(limit)). Send a smaller file.")
            error.headers["Tus-Max-Size"] = String(limit)
            return error
        case .quota(let uploads, let bytes, let maxUploads, let maxBytes):
            return AppError(.uploadQuota, message: "Your account has \(uploads) unfinished uploads holding \(ByteCountFormatting.describe(bytes)); at most \(maxUploads) and \(ByteCountFormatting.describe(maxBytes)) are kept. Finish or delete some (DELETE /api/v1/uploads/{id}), or wait for them to expire, then try again.")
        case .offsetMismatch(let sent, let server):
            var error = AppError(.uploadOffsetMismatch, message: "Upload-Offset is \(sent) but the server has \(server) bytes of this upload. Ask with HEAD, then send from byte \(server).")
            error.headers["Upload-Offset"] = String(server)
            return error
        case .busy:
            return AppError(.uploadBusy, message: "Another request is sending to this upload now; one at a time. Wait for it to end (or ask with HEAD), then go on from the offset it reports.")
        case .pastLength(let length):
            return AppError(.invalidUpload, message: "These bytes go past the upload's length of \(length) bytes; nothing of this request was kept. Send only the bytes that are missing.")
        case .unfinished(let missing):
            return AppError(.uploadUnfinished, message: "This upload is not finished: \(missing) byte\(missing == 1 ? " is" : "s are") missing. Send them with PATCH, then hand it over again.")
        case .handedOff(let target):
            return AppError(.uploadHandedOff, message: "This upload was already handed over (\(target)); an upload becomes one file of the inventory. Upload the file again to use it elsewhere.")
        case .storage(let errno) where errno == ENOSPC || errno == EDQUOT:
            return DiskFull.refusal
        case .storage(let errno):
            return HTTPError(.internalError, message: "The upload's bytes could not be written (\(String(cString: strerror(errno)))); nothing of this request was kept. Try again, and check the server log if it keeps happening.")
        }
    }
}
