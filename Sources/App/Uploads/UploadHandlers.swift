import Messages
import Accounts
import Foundation
import HTTPServer
import Uploads

/// `/api/v1/uploads`: resumable uploads, tus 1.0 (core, creation, termination, checksum,
/// expiration). A PATCH's bytes are written into the upload's file as they arrive
/// (`UploadSink`), so a dropped connection keeps what came and the client resumes from there; a
/// finished upload becomes a photo, a document, a walk-through or a draft by naming it in that
/// call (`UploadHandOff`). Every answer carries `Tus-Resumable`.
struct UploadHandlers: Sendable {
    let uploads: UploadStore
    /// Who calls, from a request's head alone (`AccessMiddleware.admittedCaller`): a PATCH's bytes
    /// are written before its handler runs.
    let admittedCaller: @Sendable (Request) throws -> Caller

    func register(in router: inout AppRouter) {
        router.add(.options, UploadRoutes.uploads, access: .public) { _ in options() }
        router.post(UploadRoutes.uploads) { request in try tus { try create(request) } }
        router.add(.head, UploadRoutes.upload, access: .write) { request in try tus { try head(request) } }
        router.add(.patch, UploadRoutes.upload, access: .write, maxBodySize: uploads.limits.maxLength,
                   bodySink: { request in try answering { try open(request) } }) { request in try tus { try patch(request) } }
        router.delete(UploadRoutes.upload) { request in try tus { try delete(request) } }
    }

    /// What this server speaks; anyone may ask.
    private func options() -> Response {
        Response(status: .noContent, headers: [
            "Tus-Resumable": TusHeaders.version, "Tus-Version": TusHeaders.version, "Tus-Extension": TusHeaders.extensions,
            "Tus-Max-Size": String(uploads.limits.maxLength),
            "Tus-Checksum-Algorithm": ChunkDigest.Algorithm.allCases.map(\.rawValue).joined(separator: ","),
        ])
    }

    private func create(_ request: Request) throws -> Response {
        try TusHeaders.checkVersion(request.headers)
        guard request.headers["Upload-Defer-Length"] == nil else {
            throw AppError(.invalidUpload, Message("error.upload.defer-length", "Upload-Defer-Length is not supported: say the file's size in Upload-Length."))
        }
        let length = try TusHeaders.count(request.headers["Upload-Length"], header: "Upload-Length")
        let metadata = try TusHeaders.metadata(request.headers["Upload-Metadata"])
        guard request.body.isEmpty else {
            throw AppError(.invalidUpload, Message("error.upload.creation-bytes", "Creation takes no bytes here: create the upload empty, then send its bytes with PATCH."))
        }
        let (upload, _) = try uploads.create(account: try account(request), length: length, filename: metadata.filename,
                                             filetype: metadata.filetype, captureID: metadata.captureID)
        var headers = state(of: upload)
        headers["Location"] = UploadRoutes.upload(upload.id)
        return Response(status: .created, headers: headers)
    }

    private func head(_ request: Request) throws -> Response {
        try TusHeaders.checkVersion(request.headers)
        guard let upload = try uploads.upload(id: request.parameters["id"] ?? "", account: try account(request)) else { throw UploadError.notFound }
        var headers = state(of: upload)
        headers["Upload-Length"] = String(upload.length)
        headers["Cache-Control"] = "no-store"
        return Response(status: .ok, headers: headers)
    }

    /// Opens the upload for a PATCH's body, from its head: every header is checked and the upload
    /// taken before a byte is written.
    private func open(_ request: Request) throws -> UploadSink {
        try TusHeaders.checkVersion(request.headers)
        guard request.contentType == TusHeaders.contentType else {
            throw AppError(.unsupportedMediaType, Message("error.upload.content-type", "Send the bytes with Content-Type: \(TusHeaders.contentType).", ["type": .text(TusHeaders.contentType)]))
        }
        let caller = try admittedCaller(request)
        let offset = try TusHeaders.count(request.headers["Upload-Offset"], header: "Upload-Offset")
        let checksum = try TusHeaders.checksum(request.headers["Upload-Checksum"])
        let writer = try uploads.beginWriting(id: request.parameters["id"] ?? "", account: caller.account.id.rawValue,
                                              offset: offset, checksum: checksum?.algorithm)
        if let declared = request.headers["Content-Length"].flatMap({ Int($0) }), declared > writer.remaining {
            writer.discard()
            throw UploadError.pastLength(length: writer.upload.length)
        }
        return UploadSink(writer: writer, expectedDigest: checksum?.digest)
    }

    private func patch(_ request: Request) throws -> Response {
        // A PATCH without a body opened no sink: the same checks, and nothing to write.
        let sink = try (request.bodySink as? UploadSink) ?? open(request)
        let (upload, matched) = try sink.finish()
        guard matched else {
            var error = AppError(.checksumMismatch, Message("error.upload.checksum-mismatch", "The bytes that arrived do not match Upload-Checksum; none of them were kept. Send them again from offset \(upload.offset).",
                                                             ["offset": .text(String(upload.offset))]))
            error.headers["Upload-Offset"] = String(upload.offset)
            throw error
        }
        return Response(status: .noContent, headers: state(of: upload))
    }

    private func delete(_ request: Request) throws -> Response {
        try TusHeaders.checkVersion(request.headers)
        try uploads.delete(id: request.parameters["id"] ?? "", account: try account(request))
        return .noContent
    }

    /// `Upload-Offset` and `Upload-Expires`.
    private func state(of upload: Upload) -> HTTPHeaders {
        ["Upload-Offset": String(upload.offset), "Upload-Expires": TusHeaders.httpDate(upload.expires)]
    }

    private func account(_ request: Request) throws -> Int64 {
        guard let caller = request.caller else { throw AccessMiddleware.signInRequired }
        return caller.account.id.rawValue
    }

    /// Runs a tus handler: its answer with `Tus-Resumable`, or its error as such an answer.
    private func tus(_ body: () throws -> Response) throws -> Response {
        var response = try answering(body)
        response.headers["Tus-Resumable"] = TusHeaders.version
        return response
    }

    /// Errors as tus answers them (with `Tus-Resumable`).
    private func answering<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as UploadError {
            throw TusAnswer(error.answer)
        } catch let error as any HTTPResponseError {
            throw TusAnswer(error)
        }
    }
}
