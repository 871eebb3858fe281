import HTTPServer
import Inventory
import Messages

/// The file of an import request: the body itself, or a multipart form's `file` field.
enum ImportUpload {
    /// The largest request an import takes, form and all: a Homebox backup or our own export carries
    /// every photo and receipt, so it is as large as Homebox's own default for a restore (1 GB). A
    /// body larger is refused before it is read, with this limit in the message; a body is held in
    /// memory only while small, spooled to the data folder's tmp past that.
    static let maxRequestBytes = 1_000_000_000

    /// The file's bytes and name.
    static func file(of request: Request) throws -> (bytes: [UInt8], name: String) {
        if request.contentType == "multipart/form-data" {
            guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
                throw AppError(.invalidMultipart, Message("error.import.damaged-form", "The upload form is damaged or not a file upload. Choose the file again and send the form."))
            }
            guard let part = form.part(named: "file"), !part.body.isEmpty else {
                throw AppError(.emptyBody, Message("error.import.no-file-chosen", "No file was chosen. Choose the file Homebox exported (a CSV, TSV or backup zip) or a Homepwner export, then preview it."))
            }
            return (part.body, part.filename ?? "import")
        }
        guard !request.body.isEmpty else {
            throw AppError(.emptyBody, Message("error.import.no-file-sent", "No file was sent. Send \(ImportFormat.expected) as the request body, or as the field “file” of a multipart form.",
                                               ["expected": .message(ImportFormat.expectedWording)]))
        }
        return (request.body, "import")
    }
}
