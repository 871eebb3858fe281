/// Every path of resumable uploads (tus 1.0), spelled once.
enum UploadRoutes {
    /// OPTIONS (what the server supports) and POST (creation).
    static let uploads = RoutePath("/uploads", in: APIRoutes.v1)
    /// HEAD (its offset), PATCH (more bytes), DELETE (termination).
    static let upload = RoutePath("/uploads/{id}", in: APIRoutes.v1)

    static func upload(_ id: String) -> String { upload.url(id) }
}
