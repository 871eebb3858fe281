import HTTPServer
import Inventory

/// The file of an import request: the body itself, or a multipart form's `file` field.
enum ImportUpload {
    /// The largest file an import takes (the reader's own limit), plus room for a form around it.
    static let maxRequestBytes = DelimitedText.Limits().maxBytes + (64 << 10)

    /// The file's bytes and name.
    static func file(of request: Request) throws -> (bytes: [UInt8], name: String) {
        if request.contentType == "multipart/form-data" {
            guard let form = MultipartForm(body: request.body, contentType: request.headers["Content-Type"] ?? "") else {
                throw AppError(.invalidMultipart, message: "The upload form is damaged or not a file upload. Choose the file again and send the form.")
            }
            guard let part = form.part(named: "file"), !part.body.isEmpty else {
                throw AppError(.emptyBody, message: "No file was chosen. Choose the CSV or TSV file Homebox exported, then preview it.")
            }
            return (part.body, part.filename ?? "import.csv")
        }
        guard !request.body.isEmpty else {
            throw AppError(.emptyBody, message: "No file was sent. Send the CSV or TSV file Homebox exported as the request body, "
                           + "or as the field “file” of a multipart form.")
        }
        return (request.body, "import.csv")
    }
}
