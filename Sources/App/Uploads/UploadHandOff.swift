import Messages
import Foundation
import HTTPServer
import Uploads

/// A finished resumable upload named in one of the inventory's create calls, `{"uploadId": "…"}`
/// (an item's photos and documents, a place's walk-throughs and drafts): its file goes through the
/// same checks and the same store operation as a direct upload of it, once. The answer is kept in
/// the upload's row, so a repeated hand-off (its answer lost on the way) gets the same answer and
/// stores nothing twice; the upload's bytes go once the inventory has its copy.
struct UploadHandOff: Sendable {
    let uploads: UploadStore

    /// The upload a create call's body names; nil when the body is not JSON naming one (the call
    /// reads its body as before).
    static func uploadID(in request: Request) throws -> String? {
        guard request.contentType == "application/json", request.body.first(where: { $0 > 0x20 }) == UInt8(ascii: "{") else { return nil }
        guard let value = try JSONValue.object(from: request.body)["uploadId"] else { return nil }
        guard case .string(let id) = value else {
            throw AppError(.invalidUpload, Message("error.upload.upload-id", "uploadId must be a finished upload's id (the last part of its Location), as text."))
        }
        return id
    }

    /// The finished upload's file handed to `store`, which makes the call's answer from it as a
    /// direct upload would (after checking its size against the call's own `maxBytes`), or the
    /// answer it made the first time. The one place a hand-off reaches the inventory: a capture's
    /// id goes through here to `store`.
    func answer(_ request: Request, uploadID: String, maxBytes: Int,
                _ store: (_ path: String, _ upload: Upload) throws -> Response) throws -> Response {
        guard let caller = request.caller else { throw AccessMiddleware.signInRequired }
        let query = request.query.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        let target = "\(request.method) \(request.path)" + (query.isEmpty ? "" : "?\(query)")
        let answer: Upload.HandOff
        do {
            answer = try uploads.handOff(id: uploadID, account: caller.account.id.rawValue, to: target) { path, upload in
                guard upload.length <= maxBytes else {
                    throw HTTPError(.bodyTooLarge, Message("error.upload.too-large-for-call", "The upload is larger than this call's limit of \(ByteCountFormatting.describe(maxBytes)). Send a smaller file.",
                                                               ["limit": .text(ByteCountFormatting.describe(maxBytes))]))
                }
                let response = try store(path, upload)
                guard case .bytes(let body) = response.body else {
                    preconditionFailure("a create call answers with JSON bytes")
                }
                let headers = response.headers.filter { !$0.value.contains("\n") && !$0.value.contains("\r") }
                    .map { Upload.HandOff.Header(name: $0.name, value: $0.value) }
                return Upload.HandOff(target: target, status: response.status.code, headers: headers, body: body)
            }
        } catch let error as UploadError {
            throw error.answer
        }
        var headers = HTTPHeaders()
        for header in answer.headers { headers.add(header.name, header.value) }
        return Response(status: answer.status == 201 ? .created : HTTPStatus(code: answer.status, reason: "OK"), headers: headers,
                        body: .bytes(answer.body))
    }

    /// The upload's bytes, for a call that takes a file in memory (a photo, a document): within
    /// that call's limit, checked before they are read.
    static func bytes(at path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw UploadError.storage(errno: errno == 0 ? EIO : errno) }
        return [UInt8](data)
    }
}
