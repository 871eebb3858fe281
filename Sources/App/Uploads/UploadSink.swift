import Messages
import HTTPServer
import Uploads

/// A PATCH's body going straight into its upload's file as it arrives (`RequestBodySink`): written
/// at the upload's offset, hashed on the way when a checksum was sent, never held in memory. The
/// handler finishes it; a request that ends without its handler (the connection dropped, the body
/// refused) keeps what arrived only when no checksum was promised.
final class UploadSink: RequestBodySink {
    let writer: UploadWriter
    let expectedDigest: [UInt8]?

    init(writer: UploadWriter, expectedDigest: [UInt8]?) {
        self.writer = writer
        self.expectedDigest = expectedDigest
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        do {
            try writer.write(bytes)
        } catch {
            writer.discard()
            throw TusAnswer(error.answer)
        }
    }

    func requestEnded() {
        // After `finish` or `discard` this does nothing: the writer ends once.
        writer.keepWhatArrived()
    }

    /// The body is in: its bytes count when the checksum, if any, matches.
    func finish() throws -> (upload: Upload, checksumMatched: Bool) {
        try writer.finish(expectedDigest: expectedDigest)
    }
}

/// An error answered to a tus request: with `Tus-Resumable`, as every tus answer.
struct TusAnswer: HTTPResponseError {
    let inner: any HTTPResponseError

    init(_ inner: any HTTPResponseError) {
        self.inner = (inner as? TusAnswer)?.inner ?? inner
    }

    var status: HTTPStatus { inner.status }
    var code: String { inner.code }
    var message: String { inner.message }
    var fieldMessages: [(field: String, message: String)] { inner.fieldMessages }
    /// The inner error's words, so that the answer is in the caller's language as it would be.
    var wording: Message { inner.wording }
    var fieldWordings: [(field: String, message: Message)] { inner.fieldWordings }
    var headers: HTTPHeaders {
        var headers = inner.headers
        headers["Tus-Resumable"] = TusHeaders.version
        return headers
    }
}
