import Messages
import Foundation
import HTTPServer
import Uploads

extension UploadError {
    /// The answer a client gets, saying what to do.
    var answer: any HTTPResponseError {
        switch self {
        case .notFound:
            return AppError(.uploadNotFound, Message("error.upload.not-found", "There is no such upload: it may have expired (24 hours after its last bytes), been deleted, or belong to another account. Create a new one with POST /api/v1/uploads."))
        case .tooLarge(let limit):
            var error = AppError(.uploadTooLarge, Message("error.upload.too-large", "The upload is larger than the limit of \(ByteCountFormatting.describe(limit)). Send a smaller file.",
                                                         ["limit": .text(ByteCountFormatting.describe(limit))]))
            error.headers["Tus-Max-Size"] = String(limit)
            return error
        case .quota(let uploads, let bytes, let maxUploads, let maxBytes):
            return AppError(.uploadQuota, Message("error.upload.quota", "Your account has \(uploads) unfinished uploads holding \(ByteCountFormatting.describe(bytes)); at most \(maxUploads) and \(ByteCountFormatting.describe(maxBytes)) are kept. Finish or delete some (DELETE /api/v1/uploads/{id}), or wait for them to expire, then try again.",
                                            ["uploads": .text(String(uploads)), "bytes": .text(ByteCountFormatting.describe(bytes)), "most": .text(String(maxUploads)),
                                             "limit": .text(ByteCountFormatting.describe(maxBytes))]))
        case .offsetMismatch(let sent, let server):
            var error = AppError(.uploadOffsetMismatch, Message("error.upload.offset-mismatch", "Upload-Offset is \(sent) but the server has \(server) bytes of this upload. Ask with HEAD, then send from byte \(server).",
                                                                ["sent": .text(String(sent)), "server": .text(String(server))]))
            error.headers["Upload-Offset"] = String(server)
            return error
        case .busy:
            return AppError(.uploadBusy, Message("error.upload.busy", "Another request is sending to this upload now; one at a time. Wait for it to end (or ask with HEAD), then go on from the offset it reports."))
        case .pastLength(let length):
            return AppError(.invalidUpload, Message("error.upload.past-length", "These bytes go past the upload's length of \(length) bytes; nothing of this request was kept. Send only the bytes that are missing.",
                                                  ["length": .text(String(length))]))
        case .unfinished(let missing):
            return AppError(.uploadUnfinished, Message("error.upload.unfinished", "This upload is not finished: \(missing) byte\(missing == 1 ? " is" : "s are") missing. Send them with PATCH, then hand it over again.",
                                                     ["missing": .text(String(missing)), "bytes": .integer(Int64(missing))]))
        case .handedOff(let target):
            return AppError(.uploadHandedOff, Message("error.upload.handed-off", "This upload was already handed over (\(target)); an upload becomes one file of the inventory. Upload the file again to use it elsewhere.",
                                                    ["target": .text(target)]))
        case .storage(let errno) where errno == ENOSPC || errno == EDQUOT:
            return DiskFull.refusal
        case .storage(let errno):
            return HTTPError(.internalError, Message("error.upload.not-written", "The upload's bytes could not be written (\(String(cString: strerror(errno)))); nothing of this request was kept. Try again, and check the server log if it keeps happening.",
                                                  ["reason": .text(String(cString: strerror(errno)))]))
        }
    }
}
